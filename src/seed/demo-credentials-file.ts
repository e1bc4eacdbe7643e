import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/index.js';
import type { ModelEvents } from '../events/index.js';
import { type DemoCredentials, seedDemoStore } from './seed-demo-store.js';

/**
 * In embedded mode the first boot seeds a demo store, the default store when none is (so that
 * `localhost` serves it), and keeps its credentials in `<DATA_DIR>/demo-credentials.json`
 * (mode 0600); later boots read them back for the banner.
 */
export async function ensureEmbeddedDemoStore(
  dataSource: DataSource,
  config: AppConfig,
  events?: ModelEvents,
): Promise<DemoCredentials> {
  const file = join(config.DATA_DIR, 'demo-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
  const credentials = await seedDemoStore(dataSource, config, events, { claimDefault: true });
  mkdirSync(config.DATA_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}
