import type { DestinationStream } from 'pino';
import { withoutEmailAddresses } from './personal-data.js';

/**
 * Standard output for the application's log lines, with every e-mail address replaced by
 * `[redacted]`: a message or an error (a database error's detail, say) can quote one. Request
 * lines do not pass here; their URL is redacted when the line is built.
 */
export const emailRedactingStdout: DestinationStream = {
  write(line: string): void {
    process.stdout.write(withoutEmailAddresses(line));
  },
};
