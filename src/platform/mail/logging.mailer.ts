import { createHmac } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { deriveKey } from '../../common/crypto/derive-key.js';
import { MailSendError } from './mail-send-error.js';
import { Mailer, type MailMessage } from './mailer.port.js';
import { sendMailOptions } from './send-mail-options.js';

/**
 * Stands in for SMTP when `SMTP_URL` is unset (development): writes each message, as the RFC 822
 * file an SMTP server would have received, to `<DATA_DIR>/mail/` (a mail client opens `.eml`
 * files), and logs that it did so, naming its kind, subject and file only (bodies may carry
 * links or personal data). The recipient appears as a keyed fingerprint of the address, never the
 * address: lines to the same person can be told apart from others, and one who holds
 * ENCRYPTION_KEY can check a given address.
 */
export class LoggingMailer extends Mailer {
  private readonly logger = new Logger('Mail');
  private readonly fingerprintKey: Buffer;
  private readonly builder: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  private sequence = 0;

  constructor(
    encryptionKeyHex: string,
    /** Where the `.eml` files go; none are written when undefined. */
    private readonly folder?: string,
  ) {
    super();
    this.fingerprintKey = deriveKey(encryptionKeyHex, 'mail-log-recipient');
  }

  async send(message: MailMessage, kind: string): Promise<string> {
    let info: { messageId: string; message: Buffer };
    try {
      info = (await this.builder.sendMail(sendMailOptions(message))) as typeof info;
    } catch (error) {
      throw MailSendError.from(error);
    }
    const file = this.folder ? await this.write(kind, info.message) : undefined;
    this.logger.log(
      `Not sent (SMTP_URL is unset): ${kind} "${message.subject}" to recipient ${this.fingerprint(message.to)}` +
        (file ? `, written to ${file}` : ''),
    );
    return info.messageId;
  }

  /** Written aside and renamed, so that a reader of the folder never opens half a message. */
  private async write(kind: string, raw: Buffer): Promise<string> {
    await mkdir(this.folder!, { recursive: true });
    this.sequence += 1;
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${this.sequence}-${kind}.eml`;
    const file = join(this.folder!, name);
    await writeFile(`${file}.part`, raw);
    await rename(`${file}.part`, file);
    return file;
  }

  private fingerprint(address: string): string {
    return createHmac('sha256', this.fingerprintKey)
      .update(address.trim().toLowerCase())
      .digest('hex')
      .slice(0, 16);
  }
}
