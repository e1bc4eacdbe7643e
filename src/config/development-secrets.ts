import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';

interface StoredSecrets {
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
}

/**
 * Outside production, a missing JWT_SECRET or ENCRYPTION_KEY is generated once and kept in
 * `<DATA_DIR>/secrets.json` (mode 0600), so restarts and the CLI agree on the same values.
 */
export function fillDevelopmentSecrets(config: AppConfig): AppConfig {
  if (config.JWT_SECRET && config.ENCRYPTION_KEY) return config;
  const file = join(config.DATA_DIR, 'secrets.json');
  let stored: StoredSecrets;
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  } else {
    stored = {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  config.JWT_SECRET ??= stored.JWT_SECRET;
  config.ENCRYPTION_KEY ??= stored.ENCRYPTION_KEY;
  return config;
}
