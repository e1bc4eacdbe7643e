import { createHmac } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { deriveKey } from '../../common/crypto/derive-key.js';
import { Mailer, type MailMessage } from './mailer.port.js';

/**
 * Stands in for SMTP when `SMTP_URL` is unset (development): logs that a message would have gone
 * out, naming its kind and subject only (bodies may carry links or personal data). The recipient
 * appears as a keyed fingerprint of the address, never the address: lines to the same person can
 * be told apart from others, and one who holds ENCRYPTION_KEY can check a given address.
 */
export class LoggingMailer extends Mailer {
  private readonly logger = new Logger('Mail');
  private readonly fingerprintKey: Buffer;

  constructor(encryptionKeyHex: string) {
    super();
    this.fingerprintKey = deriveKey(encryptionKeyHex, 'mail-log-recipient');
  }

  async send(message: MailMessage, kind: string): Promise<void> {
    this.logger.log(
      `Not sent (SMTP_URL is unset): ${kind} "${message.subject}" to recipient ${this.fingerprint(message.to)}`,
    );
  }

  private fingerprint(address: string): string {
    return createHmac('sha256', this.fingerprintKey)
      .update(address.trim().toLowerCase())
      .digest('hex')
      .slice(0, 16);
  }
}
