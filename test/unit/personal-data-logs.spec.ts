import { jest } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { deriveKey } from '../../src/common/crypto/derive-key.js';
import { emailRedactingStdout } from '../../src/platform/logging/email-redacting-stdout.js';
import { withoutEmailAddresses } from '../../src/platform/logging/personal-data.js';
import { LoggingMailer } from '../../src/platform/mail/logging.mailer.js';

const KEY = '11'.repeat(32);

describe('withoutEmailAddresses', () => {
  it.each([
    ['Sent to ada@example.com today', 'Sent to [redacted] today'],
    [
      'Key (email)=(Ada.Lovelace+shop@Mail.Example.COM) already exists',
      'Key (email)=([redacted]) already exists',
    ],
    ['"to":"zoë@exämple.de"', '"to":"[redacted]"'],
    ['two: a@b.io, c%40d.org', 'two: [redacted], [redacted]'],
  ])('redacts %p', (text, expected) => {
    expect(withoutEmailAddresses(text)).toBe(expected);
  });

  it.each(['nestjs-pino@5.2.1', 'ping @channel', 'user@localhost', 'no address here'])(
    'keeps %p',
    (text) => {
      expect(withoutEmailAddresses(text)).toBe(text);
    },
  );
});

describe('the application log stream', () => {
  it('writes each line to stdout without the e-mail addresses in it', () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      emailRedactingStdout.write('{"msg":"duplicate ada@example.com","err":"b%40c.io"}\n');
    } finally {
      write.mockRestore();
    }
    expect(written).toEqual(['{"msg":"duplicate [redacted]","err":"[redacted]"}\n']);
  });
});

describe('LoggingMailer', () => {
  it('logs the kind and a keyed fingerprint of the recipient, never the address or the body', async () => {
    const lines: string[] = [];
    const log = jest
      .spyOn(Logger.prototype, 'log')
      .mockImplementation((message: unknown) => void lines.push(String(message)));
    try {
      await new LoggingMailer(KEY).send(
        { from: 'shop@example.com', to: 'Ada@Example.com', subject: 'Reset', text: 'link' },
        'customer_password_reset',
      );
    } finally {
      log.mockRestore();
    }
    const fingerprint = createHmac('sha256', deriveKey(KEY, 'mail-log-recipient'))
      .update('ada@example.com')
      .digest('hex')
      .slice(0, 16);
    expect(lines).toEqual([
      `Not sent (SMTP_URL is unset): customer_password_reset "Reset" to recipient ${fingerprint}`,
    ]);
  });
});
