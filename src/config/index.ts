import { loadConfig, type AppConfig } from './app-config.js';
import { fillDevelopmentSecrets } from './development-secrets.js';

export { AppConfig, ConfigError } from './app-config.js';
export { ConfigModule } from './config.module.js';
export type { S3Storage } from './media-storage.js';

/** The process's configuration: validated environment plus development secrets where allowed. */
export function configFromEnvironment(
  overrides: Record<string, string | undefined> = {},
): AppConfig {
  return fillDevelopmentSecrets(loadConfig({ ...process.env, ...overrides }));
}
