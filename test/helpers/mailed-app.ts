import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
import { SmtpSink, type SunkMail } from './smtp-sink.js';
import { startTestApp, type TestApp } from './test-app.js';
import { untilPasses } from './until-passes.js';

/** A mail recorded for an order. */
export interface OrderDelivery {
  mail: string;
  status: string;
  recipient: string;
}

/**
 * A test app sending its mails to a real SMTP sink, on a database of its own: the delivery workers
 * of other test apps on a shared one could take the deliveries a file waits for.
 */
export class MailedApp {
  private constructor(
    readonly t: TestApp,
    readonly sink: SmtpSink,
    private readonly scratch: ScratchDatabase | undefined,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<MailedApp> {
    const scratch = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    const sink = await SmtpSink.start();
    try {
      const t = await startTestApp({
        env: {
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
          SMTP_URL: sink.url,
          MAIL_RETRY_DELAY_MS: '200',
          ...env,
        },
      });
      return new MailedApp(t, sink, scratch);
    } catch (error) {
      await sink.close();
      await scratch?.drop();
      throw error;
    }
  }

  /** The messages to `to` (matching `subject`) once there are `count` (and still a moment later). */
  async received(to: string, count: number, subject?: RegExp): Promise<SunkMail[]> {
    const matching = () =>
      this.sink.to(to).filter((mail) => !subject || subject.test(mail.subject));
    await untilPasses(() => expect(matching()).toHaveLength(count), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(matching()).toHaveLength(count);
    return matching();
  }

  /** The mails recorded for the order numbered `orderNumber`, oldest first. */
  deliveries(orderNumber: string): Promise<OrderDelivery[]> {
    return this.t.dataSource.query(
      `SELECT d.mail, d.status, d.recipient FROM email_deliveries d JOIN orders o ON o.id = d.order_id
       WHERE o.number = $1 ORDER BY d.id`,
      [orderNumber],
    );
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.sink.close();
    await this.scratch?.drop();
  }
}
