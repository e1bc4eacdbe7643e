import { join } from 'node:path';
import type { AppConfig } from '../../config/index.js';

/** Where mail goes as `.eml` files when `SMTP_URL` is unset, as the zero-config banner says. */
export function mailFolderOf(config: AppConfig): string {
  return join(config.DATA_DIR, 'mail');
}
