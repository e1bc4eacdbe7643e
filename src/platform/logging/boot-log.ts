import { pino, type Logger } from 'pino';
import { emailRedactingStdout } from './email-redacting-stdout.js';

/**
 * The boot's stages before (and beside) Nest's logger: one `info` line each, in the JSON lines the
 * application's logger writes.
 */
export function bootLog(level: string): Logger {
  return pino({ level }, emailRedactingStdout).child({ context: 'Boot' });
}
