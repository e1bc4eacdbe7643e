import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { MAX_ATTEMPTS } from '../../src/modules/emails/deliveries/delivery-retries.js';
import { DeliverySeal } from '../../src/modules/emails/deliveries/delivery-seal.js';
import { EmailDeliveryRecords } from '../../src/modules/emails/deliveries/email-delivery-records.js';
import { EmailDeliverySweeper } from '../../src/modules/emails/deliveries/email-delivery-sweeper.js';
import { EventMailSubscriber } from '../../src/modules/emails/deliveries/event-mail-subscriber.js';
import { SAMPLE_VALUES } from '../../src/modules/emails/templates/sample-values.js';
import { EventRelay, StoredEvents } from '../../src/events/index.js';
import { MailDispatch, type TemplatedMail } from '../../src/platform/mail/templated-mail.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, demoVariants, placeOrder } from '../helpers/checkout-fixtures.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import { SmtpSink } from '../helpers/smtp-sink.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  smtp_message_id: string | null;
  last_error: string | null;
  subject: string | null;
  resend_of: string | null;
}

/** A new address per case: the sink and the table are shared by the whole file. */
const address = () => `shopper-${randomUUID().slice(0, 8)}@example.com`;

describe('E-mail deliveries', () => {
  // A database of its own: the delivery sweepers of other test apps on a shared one would take
  // over the deliveries this file waits for (and send them to their own sinks).
  let scratch: ScratchDatabase | undefined;
  const database = (): Record<string, string> => (scratch ? { DATABASE_URL: scratch.url } : {});

  beforeAll(async () => {
    scratch = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
  });
  afterAll(() => scratch?.drop());

  describe('recorded, sent once, retried, failed, listed and resent', () => {
    let t: TestApp;
    let sink: SmtpSink;
    let shop: DemoCredentials;
    let admin: AdminCaller;
    let storeId: string;
    let ids: PublicIdCodec;

    const dispatch = (mail: Partial<TemplatedMail> & { to: string }, key = randomUUID()) =>
      t.app.get(MailDispatch).dispatch(
        {
          storeId,
          mail: 'order_confirmation',
          values: SAMPLE_VALUES.order_confirmation,
          ...mail,
        },
        key,
      );

    const rowsTo = (recipient: string): Promise<DeliveryRow[]> =>
      t.dataSource.query(
        `SELECT id, status, attempts, smtp_message_id, last_error, subject, resend_of
       FROM email_deliveries WHERE recipient = $1 ORDER BY id`,
        [recipient],
      );

    const settled = async (recipient: string, count = 1): Promise<DeliveryRow[]> => {
      let rows: DeliveryRow[] = [];
      await untilPasses(async () => {
        rows = await rowsTo(recipient);
        expect(rows).toHaveLength(count);
        for (const row of rows) expect(['sent', 'failed', 'skipped']).toContain(row.status);
      }, 20_000);
      return rows;
    };

    beforeAll(async () => {
      sink = await SmtpSink.start();
      t = await startTestApp({
        env: { ...database(), SMTP_URL: sink.url, MAIL_RETRY_DELAY_MS: '100' },
      });
      shop = await t.seedStore();
      admin = new AdminCaller(t, shop);
      ids = t.app.get(PublicIdCodec);
      storeId = ids.decode(ID_PREFIX.store, shop.store_id)!;
    }, 120_000);
    afterAll(async () => {
      await t.close();
      await sink.close();
    });

    it('records the mail, then sends it once with the row naming the server’s message id', async () => {
      const to = address();
      await dispatch({ to });
      const [row] = await settled(to);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      const [message] = sink.to(to);
      expect(sink.to(to)).toHaveLength(1);
      expect(row.smtp_message_id).toBe(message.messageId);
      expect(message.subject).toBe(row.subject);
      expect(message.subject).not.toBe('');
      expect(message.headers.get('x-store-email-delivery')).toBe(row.id);
      expect(message.text).toContain('Linen shirt');
      expect(message.html).toContain('Linen shirt');
    });

    it('sends one mail for one key, however often and however concurrently it is dispatched', async () => {
      const to = address();
      const key = randomUUID();
      await Promise.all([dispatch({ to }, key), dispatch({ to }, key), dispatch({ to }, key)]);
      await dispatch({ to }, key);
      const [row] = await settled(to);
      expect(row.status).toBe('sent');
      // Long enough for a second job, had one been enqueued, to have sent its message.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await rowsTo(to)).toHaveLength(1);
      expect(sink.to(to)).toHaveLength(1);
      expect(sink.replies.filter((reply) => reply.to.includes(to))).toHaveLength(1);
    });

    it('tries again after temporary refusals: 451 twice then 250 delivers on the third try', async () => {
      const to = address();
      sink.scriptFor(to, [451, 451, 250]);
      await dispatch({ to });
      const [row] = await settled(to);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect(sink.replies.filter((reply) => reply.to.includes(to)).map((r) => r.code)).toEqual([
        451, 451, 250,
      ]);
      expect(sink.to(to)).toHaveLength(1);
      expect(row.smtp_message_id).toBe(sink.to(to)[0].messageId);
    });

    it('gives up after the last of 8 tries refused for a while, and publishes email_delivery.failed', async () => {
      const to = address();
      sink.scriptFor(
        to,
        Array.from({ length: MAX_ATTEMPTS + 1 }, () => 421),
      );
      await dispatch({ to });
      // The waits double from MAIL_RETRY_DELAY_MS: 0.1 s, then 0.2 s … 6.4 s, 12.7 s in all.
      let row: DeliveryRow | undefined;
      await untilPasses(async () => {
        [row] = await rowsTo(to);
        expect(row?.status).toBe('failed');
      }, 40_000);
      expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, smtp_message_id: null });
      expect(row!.last_error).toMatch(/421/);
      expect(sink.replies.filter((reply) => reply.to.includes(to))).toHaveLength(MAX_ATTEMPTS);
      expect(sink.to(to)).toHaveLength(0);
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM events
       WHERE name = 'email_delivery.failed' AND payload->>'recipient' = $1`,
        [to],
      );
      expect(count).toBe(1);
    }, 60_000);

    it('records a permanent refusal (550) as failed and publishes email_delivery.failed', async () => {
      const to = address();
      sink.scriptFor(to, [550]);
      await dispatch({ to });
      const [row] = await settled(to);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, smtp_message_id: null });
      expect(row.last_error).toMatch(/550/);
      expect(sink.to(to)).toHaveLength(0);
      const events: { payload: Record<string, unknown> }[] = await t.dataSource.query(
        `SELECT payload FROM events WHERE name = 'email_delivery.failed' AND payload->>'recipient' = $1`,
        [to],
      );
      expect(events).toHaveLength(1);
      expect(events[0].payload).toMatchObject({
        id: ids.encode(ID_PREFIX.emailDelivery, row.id),
        mail: 'order_confirmation',
        status: 'failed',
        attempts: 1,
        last_error: row.last_error,
      });
    });

    it('records a mail the store turned off as skipped, and sends nothing', async () => {
      const to = address();
      await t.dataSource.query(
        `INSERT INTO email_settings (store_id, disabled_mails) VALUES ($1, '{order_canceled}')
       ON CONFLICT (store_id) DO UPDATE SET disabled_mails = EXCLUDED.disabled_mails`,
        [storeId],
      );
      try {
        await dispatch({ to, mail: 'order_canceled', values: SAMPLE_VALUES.order_canceled });
        const [row] = await settled(to);
        expect(row).toMatchObject({ status: 'skipped', smtp_message_id: null });
        expect(sink.to(to)).toHaveLength(0);
      } finally {
        await t.dataSource.query(
          `UPDATE email_settings SET disabled_mails = '{}' WHERE store_id = $1`,
          [storeId],
        );
      }
    });

    it('sends what a dead process left behind: recorded but never enqueued, or held past its lease', async () => {
      const seal = t.app.get(DeliverySeal);
      const records = t.app.get(EmailDeliveryRecords);
      const [lost, abandoned] = [address(), address()];
      for (const to of [lost, abandoned]) {
        await records.insert({
          storeId,
          mail: 'order_confirmation',
          recipient: to,
          key: randomUUID(),
          orderId: null,
          customerId: null,
          valuesSealed: seal.sealValues(SAMPLE_VALUES.order_confirmation),
          resendOf: null,
          claimed: false,
        });
      }
      await t.dataSource.query(
        `UPDATE email_deliveries SET status = 'sending', attempts = 1,
         lease_until = now() - interval '1 second' WHERE recipient = $1`,
        [abandoned],
      );
      await t.app.get(EmailDeliverySweeper).sweepOnce('0 seconds');
      expect(await settled(lost)).toMatchObject([{ status: 'sent', attempts: 1 }]);
      expect(await settled(abandoned)).toMatchObject([{ status: 'sent', attempts: 2 }]);
      expect(sink.to(lost)).toHaveLength(1);
      expect(sink.to(abandoned)).toHaveLength(1);
    });

    it('sends a checkout’s confirmation once, even when its event is relayed again and its job runs twice', async () => {
      const to = address();
      const [tee] = await demoVariants(t, shop);
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId: tee.id, quantity: 1 }],
        email: to,
      });
      const [row] = await settled(to);
      expect(row.status).toBe('sent');
      const [{ id: eventId }] = await t.dataSource.query(
        `SELECT id FROM events WHERE name = 'order.completed' AND payload->>'id' = $1`,
        [order.id],
      );
      await t.app.get(EventRelay).relayIds([eventId]);
      await t.app.get(EventMailSubscriber).handle((await t.app.get(StoredEvents).load(eventId))!);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await rowsTo(to)).toHaveLength(1);
      expect(sink.to(to)).toHaveLength(1);
      expect(sink.to(to)[0].text).toContain(order.number);
    });

    describe('Admin API', () => {
      let order: Record<string, any>;
      let customerId: string;
      /** The order's confirmation goes to `buyer`; a password reset to the customer `member`. */
      let buyer: string;
      let member: string;

      beforeAll(async () => {
        buyer = address();
        member = address();
        const [tee] = await demoVariants(t, shop);
        order = await placeOrder(new CartClient(t, shop), {
          lines: [{ variantId: tee.id, quantity: 1 }],
          email: buyer,
        });
        const customer = await admin.call('POST', '/customers', {
          json: { email: member, first_name: 'Ada', last_name: 'Lovelace' },
        });
        expect(customer.status).toBe(201);
        customerId = customer.body.id;
        await dispatch({
          to: member,
          mail: 'password_reset',
          values: SAMPLE_VALUES.password_reset,
          customerId: ids.decode(ID_PREFIX.customer, customerId),
        });
        await Promise.all([settled(buyer), settled(member)]);
      }, 60_000);

      it('lists an order’s and a customer’s deliveries, newest first, paginated', async () => {
        const byOrder = await admin.call('GET', `/orders/${order.id}/email_deliveries`);
        expect(byOrder.status).toBe(200);
        expect(byOrder.body.meta).toMatchObject({ count: 1, page: 1 });
        const [delivery] = byOrder.body.data;
        expect(delivery).toMatchObject({
          id: expect.stringMatching(/^ed_/),
          mail: 'order_confirmation',
          recipient: buyer,
          status: 'sent',
          attempts: 1,
          order_id: order.id,
          customer_id: null,
          resend_of: null,
          next_attempt_at: null,
          last_error: null,
        });
        expect(delivery.smtp_message_id).toBe(sink.to(buyer)[0].messageId);
        expect(delivery.subject).toBe(sink.to(buyer)[0].subject);
        expect(delivery).not.toHaveProperty('message');

        const byCustomer = await admin.call('GET', `/customers/${customerId}/email_deliveries`);
        expect(byCustomer.status).toBe(200);
        expect(byCustomer.body.data).toMatchObject([
          { mail: 'password_reset', recipient: member, customer_id: customerId, order_id: null },
        ]);

        const filtered = await admin.call(
          'GET',
          `/orders/${order.id}/email_deliveries?status=failed`,
        );
        expect(filtered.status).toBe(200);
        expect(filtered.body.data).toEqual([]);
        const byMail = await admin.call(
          'GET',
          `/orders/${order.id}/email_deliveries?mail=order_confirmation&limit=1`,
        );
        expect(byMail.body.data.map((d: { id: string }) => d.id)).toEqual([delivery.id]);
        const after = await admin.call(
          'GET',
          `/orders/${order.id}/email_deliveries?starting_after=${delivery.id}`,
        );
        expect(after.status).toBe(200);
        expect(after.body.data).toEqual([]);
      });

      it('refuses unknown orders, customers, deliveries, list positions and filters', async () => {
        expect((await admin.call('GET', '/orders/or_unknown/email_deliveries')).status).toBe(404);
        expect((await admin.call('GET', '/customers/cus_unknown/email_deliveries')).status).toBe(
          404,
        );
        const missing = await admin.call('GET', '/email_deliveries/ed_unknown');
        expect(missing.status).toBe(404);
        expect(missing.body.error.code).toBe('record_not_found');
        expect((await admin.call('POST', '/email_deliveries/ed_unknown/resend')).status).toBe(404);
        const badPosition = await admin.call(
          'GET',
          `/orders/${order.id}/email_deliveries?starting_after=ed_unknown`,
        );
        expect(badPosition.status).toBe(400);
        expect(badPosition.body.error.code).toBe('parameter_invalid');
        const badStatus = await admin.call(
          'GET',
          `/orders/${order.id}/email_deliveries?status=lost`,
        );
        expect(badStatus.status).toBe(400);
      });

      it('shows one delivery with its message as rendered', async () => {
        const list = await admin.call('GET', `/orders/${order.id}/email_deliveries`);
        const shown = await admin.call('GET', `/email_deliveries/${list.body.data[0].id}`);
        expect(shown.status).toBe(200);
        const [message] = sink.to(buyer);
        expect(shown.body).toMatchObject({ ...list.body.data[0], subject: message.subject });
        expect(shown.body.message.text.trim()).toBe(message.text.trim());
        expect(shown.body.message.html).toContain(order.number);
        expect(shown.body.message.from).toBe(message.from);
      });

      it('resends: a new delivery recorded as a resend of the first, sent once more', async () => {
        const list = await admin.call('GET', `/orders/${order.id}/email_deliveries`);
        const first = list.body.data[0];
        const resent = await admin.call('POST', `/email_deliveries/${first.id}/resend`);
        expect(resent.status).toBe(201);
        expect(resent.body).toMatchObject({
          id: expect.stringMatching(/^ed_/),
          mail: 'order_confirmation',
          recipient: buyer,
          resend_of: first.id,
          order_id: order.id,
          customer_id: null,
        });
        expect(resent.body.id).not.toBe(first.id);
        const rows = await settled(buyer, 2);
        expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
        expect(rows[1].resend_of).toBe(rows[0].id);
        expect(sink.to(buyer)).toHaveLength(2);
        expect(sink.to(buyer)[1].subject).toBe(sink.to(buyer)[0].subject);
        const again = await admin.call('GET', `/orders/${order.id}/email_deliveries`);
        expect(again.body.data.map((d: { id: string }) => d.id)).toEqual([
          resent.body.id,
          first.id,
        ]);
      });

      it('needs read_orders to read and write_orders to resend', async () => {
        const key = await admin.call('POST', '/api_keys', {
          json: { name: 'readers', key_type: 'secret', scopes: ['read_orders'] },
        });
        expect(key.status).toBe(201);
        const reader = { 'x-store-api-key': key.body.token };
        const list = await admin.call('GET', `/orders/${order.id}/email_deliveries`, {
          headers: reader,
        });
        expect(list.status).toBe(200);
        const resend = await admin.call(
          'POST',
          `/email_deliveries/${list.body.data[0].id}/resend`,
          {
            headers: reader,
          },
        );
        expect(resend.status).toBe(403);
      });
    });
  });

  describe('without SMTP_URL', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ env: { ...database(), SMTP_URL: '' } });
    }, 120_000);
    afterAll(() => t.close());

    it('writes each mail as an .eml file under DATA_DIR/mail and records it sent', async () => {
      const shop = await t.seedStore();
      const storeId = t.app.get(PublicIdCodec).decode(ID_PREFIX.store, shop.store_id)!;
      const to = address();
      await t.app
        .get(MailDispatch)
        .dispatch(
          { storeId, mail: 'order_confirmation', to, values: SAMPLE_VALUES.order_confirmation },
          randomUUID(),
        );
      let row: DeliveryRow | undefined;
      await untilPasses(async () => {
        [row] = await t.dataSource.query(
          `SELECT status, smtp_message_id, subject FROM email_deliveries WHERE recipient = $1`,
          [to],
        );
        expect(row?.status).toBe('sent');
      }, 20_000);
      const folder = join(t.config.DATA_DIR, 'mail');
      const files = readdirSync(folder).filter((name) => name.endsWith('.eml'));
      const parsed = await Promise.all(
        files.map((name) => simpleParser(readFileSync(join(folder, name)))),
      );
      const mine = parsed.filter((mail) => mail.messageId === row!.smtp_message_id);
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toBe(row!.subject);
      expect(mine[0].text).toContain('Linen shirt');
      expect(mine[0].html).toContain('Linen shirt');
    });
  });
});
