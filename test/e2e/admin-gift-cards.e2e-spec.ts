import { GiftCardSchema } from '@spree/sdk/zod';
import { z } from 'zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { type StoredEvents, startAdminShops } from '../helpers/admin-fixtures.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { type AdminCaller, issueSecretKey, uniqueEmail } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

/** The client's `GiftCard` plus what the Admin API adds; nothing else. */
const AdminGiftCardSchema = GiftCardSchema.extend({
  recipient_email: z.string().nullable(),
  recipient_name: z.string().nullable(),
  sender_name: z.string().nullable(),
  message: z.string().nullable(),
  customer_id: z.string().nullable(),
  gift_card_batch_id: z.string().nullable(),
  created_by_id: z
    .string()
    .regex(/^(admin|key)_/)
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).strict();

type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>;

describe('Admin API: gift cards', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let events: StoredEvents;
  let records: CheckoutRecords;
  let tee: DemoVariant;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin, events } = await startAdminShops());
    records = new CheckoutRecords(t);
    [tee] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function issue(json: Record<string, unknown>): Promise<AdminGiftCard> {
    const response = await admin.call('POST', '/gift_cards', { json });
    expect(response.status).toBe(201);
    return AdminGiftCardSchema.parse(response.body);
  }

  const stored = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT code, currency, amount::numeric(20,2)::text AS amount,
              amount_used::numeric(20,2)::text AS amount_used, expires_at, disabled_at IS NOT NULL AS disabled,
              recipient_email, created_by_api_key_id IS NOT NULL AS by_key
       FROM gift_cards WHERE id = $1`,
      [records.key(ID_PREFIX.giftCard, id)],
    );
    return row;
  };

  describe('issuing', () => {
    it('generates a code or keeps the one given (upper case), refusing one the store has', async () => {
      const generated = await issue({ amount: 25 });
      expect(generated).toMatchObject({
        id: expect.stringMatching(/^gc_/),
        code: expect.stringMatching(/^[A-Z2-9]{16}$/),
        status: 'active',
        currency: 'USD',
        amount: '25.00',
        amount_used: '0.00',
        amount_authorized: '0.00',
        amount_remaining: '25.00',
        display_amount: '$25.00',
        expires_at: null,
        redeemed_at: null,
        expired: false,
        active: true,
        customer_id: null,
        created_by_id: expect.stringMatching(/^key_/),
      });
      const email = uniqueEmail('recipient');
      const named = await issue({
        amount: '10.5',
        currency: 'eur',
        code: 'welcome-50',
        expires_at: '2031-12-31',
        recipient_email: email.toUpperCase(),
        recipient_name: 'Ada',
        sender_name: 'Grace',
        message: 'Enjoy',
      });
      expect(named).toMatchObject({
        code: 'WELCOME-50',
        currency: 'EUR',
        amount: '10.50',
        display_amount: '€10.50',
        expires_at: '2031-12-31T00:00:00.000Z',
        recipient_email: email,
        recipient_name: 'Ada',
        sender_name: 'Grace',
        message: 'Enjoy',
      });
      expect(await stored(named.id)).toMatchObject({
        code: 'WELCOME-50',
        currency: 'EUR',
        amount: '10.50',
        recipient_email: email,
        by_key: true,
      });

      const taken = await admin.call('POST', '/gift_cards', {
        json: { amount: 5, code: 'Welcome-50' },
      });
      expect(expectError(taken, 422, 'validation_error')).toEqual({
        code: ['has already been taken'],
      });
      // Another store may use the same code.
      const elsewhere = await otherAdmin.call('POST', '/gift_cards', {
        json: { amount: 5, code: 'WELCOME-50' },
      });
      expect(elsewhere.status).toBe(201);

      for (const [json, field] of [
        [{ amount: 0 }, 'amount'],
        [{ amount: '1.234' }, 'amount'],
        [{ amount: 5, currency: 'JPY' }, 'currency'],
        [{ amount: 5, expires_at: 'soon' }, 'expires_at'],
        [{ amount: 5, recipient_email: 'nobody' }, 'recipient_email'],
        [{ amount: 5, code: 'a b' }, 'code'],
      ] as const) {
        const refused = await admin.call('POST', '/gift_cards', { json });
        expect(Object.keys(expectError(refused, 422, 'validation_error') ?? {})).toEqual([field]);
      }
      expect((await events.named('gift_card.created', named.id))[0].payload).toEqual(named);
    });
  });

  describe('listing and showing', () => {
    it('lists newest first, searched by code or recipient and filtered by status', async () => {
      const email = uniqueEmail('searched');
      const byCode = await issue({ amount: 5, code: 'FINDME-1' });
      const byRecipient = await issue({ amount: 5, recipient_email: email });
      const disabled = await issue({ amount: 5, code: 'FINDME-2' });
      await admin.call('PATCH', `/gift_cards/${disabled.id}`, { json: { disabled: true } });

      const search = async (query: string) => {
        const response = await admin.call('GET', `/gift_cards?${query}`);
        expect(response.status).toBe(200);
        return (response.body.data as AdminGiftCard[]).map((card) => card.id);
      };
      expect(await search('q[code_cont]=findme')).toEqual([disabled.id, byCode.id]);
      expect(await search(`q[search]=${encodeURIComponent(email)}`)).toEqual([byRecipient.id]);
      expect(await search('q[search]=findme-1')).toEqual([byCode.id]);
      expect(await search('q[code_cont]=findme&q[status_eq]=disabled')).toEqual([disabled.id]);
      expect(await search('q[code_cont]=findme&q[status_eq]=active')).toEqual([byCode.id]);
      const page = await admin.call('GET', '/gift_cards?limit=1&q[code_cont]=FINDME');
      expect(page.body.meta).toMatchObject({ count: 2, limit: 1, pages: 2, next: 2 });
      AdminGiftCardSchema.parse(page.body.data[0]);

      expectError(
        await admin.call('GET', '/gift_cards?q[status_eq]=lost'),
        400,
        'parameter_invalid',
      );
      expectError(await admin.call('GET', '/gift_cards?q[colour]=red'), 400, 'parameter_invalid');
      // Another store's cards are not listed nor found.
      expect((await otherAdmin.call('GET', '/gift_cards?q[code_cont]=FINDME')).body.data).toEqual(
        [],
      );
      expectError(
        await otherAdmin.call('GET', `/gift_cards/${byCode.id}`),
        404,
        'record_not_found',
      );
    });

    it('shows a card with its ledger: issued, used by an order, returned by its cancellation', async () => {
      const card = await issue({ amount: '30.00' });
      const cart = new CartClient(t, shop);
      await cart.create();
      await cart.addItem(tee.id, 1);
      await cart.address(US_ADDRESS, uniqueEmail('ledger'));
      const applied = await cart.call('POST', `/carts/${cart.id}/gift_cards`, { code: card.code });
      expect(applied.status).toBe(200);
      const total: string = applied.body.total;
      const completed = await cart.complete();
      expect(completed.status).toBe(200);
      const orderId: string = completed.body.id;

      let shown = await admin.call('GET', `/gift_cards/${card.id}`);
      expect(shown.status).toBe(200);
      expect(
        AdminGiftCardSchema.extend({ transactions: z.array(z.unknown()) }).parse(shown.body),
      ).toBeTruthy();
      expect(shown.body).toMatchObject({ amount_used: total, status: 'active' });
      expect(shown.body.transactions).toEqual([
        {
          id: expect.stringMatching(/^gctx_/),
          kind: 'issued',
          amount: '30.00',
          display_amount: '$30.00',
          order_id: null,
          created_at: expect.any(String),
        },
        expect.objectContaining({ kind: 'used', amount: total, order_id: orderId }),
      ]);

      const canceled = await admin.call('PATCH', `/orders/${orderId}/cancel`);
      expect(canceled.status).toBe(200);
      shown = await admin.call('GET', `/gift_cards/${card.id}`);
      expect(shown.body).toMatchObject({ amount_used: '0.00', amount_remaining: '30.00' });
      expect(shown.body.transactions.map((line: { kind: string }) => line.kind)).toEqual([
        'issued',
        'used',
        'returned',
      ]);
      expect(await stored(card.id)).toMatchObject({ amount_used: '0.00' });
    });
    it('gives a refunded gift card payment back to the card', async () => {
      const card = await issue({ amount: '50.00' });
      const cart = new CartClient(t, shop);
      await cart.create();
      await cart.addItem(tee.id, 1);
      await cart.address(US_ADDRESS, uniqueEmail('refund'));
      const applied = await cart.call('POST', `/carts/${cart.id}/gift_cards`, { code: card.code });
      const total: string = applied.body.total;
      const completed = await cart.complete();
      expect(completed.status).toBe(200);
      const order = completed.body;
      const payment = order.payments.find(
        (candidate: { source_type: string }) => candidate.source_type === 'gift_card',
      );
      const refunded = await admin.call('POST', `/orders/${order.id}/refunds`, {
        json: { payment_id: payment.id, amount: '5.00', reason: 'scratched' },
      });
      expect(refunded.status).toBe(201);
      const shown = await admin.call('GET', `/gift_cards/${card.id}`);
      const used = (Number(total) - 5).toFixed(2);
      expect(shown.body).toMatchObject({ amount_used: used });
      expect(
        shown.body.transactions.map((line: { kind: string; amount: string }) => [
          line.kind,
          line.amount,
        ]),
      ).toEqual([
        ['issued', '50.00'],
        ['used', total],
        ['returned', '5.00'],
      ]);
      expect(await stored(card.id)).toMatchObject({ amount_used: used });
    });
  });

  describe('changing', () => {
    it('disables, re-enables and changes expiry; the amount only while nothing is used', async () => {
      const card = await issue({ amount: 40 });
      const disabled = await admin.call('PATCH', `/gift_cards/${card.id}`, {
        json: { disabled: true, expires_at: '2032-06-30T12:00:00Z' },
      });
      expect(disabled.status).toBe(200);
      expect(AdminGiftCardSchema.parse(disabled.body)).toMatchObject({
        status: 'disabled',
        active: false,
        expires_at: '2032-06-30T12:00:00.000Z',
      });
      const enabled = await admin.call('PATCH', `/gift_cards/${card.id}`, {
        json: { disabled: false, amount: '45' },
      });
      expect(enabled.body).toMatchObject({ status: 'active', amount: '45.00' });

      await t.dataSource.query('UPDATE gift_cards SET amount_used = 5 WHERE id = $1', [
        records.key(ID_PREFIX.giftCard, card.id),
      ]);
      const refused = await admin.call('PATCH', `/gift_cards/${card.id}`, {
        json: { amount: '50', message: 'not kept' },
      });
      expect(expectError(refused, 422, 'validation_error')).toEqual({
        amount: ['cannot change once some of the gift card is used'],
      });
      expect(await stored(card.id)).toMatchObject({ amount: '45.00', disabled: false });
      const same = await admin.call('PATCH', `/gift_cards/${card.id}`, { json: { amount: 45 } });
      expect(same.status).toBe(200);

      expect(
        (await events.named('gift_card.updated', card.id)).map(
          (event) => (event.payload as AdminGiftCard).status,
        ),
      ).toEqual(['disabled', 'active']);
      expectError(
        await admin.call('PATCH', `/gift_cards/${records.unknownId(ID_PREFIX.giftCard)}`, {
          json: { disabled: true },
        }),
        404,
        'record_not_found',
      );
    });
  });

  describe('batches', () => {
    it('generates a small batch at once and a large one in the background', async () => {
      const small = await admin.call('POST', '/gift_card_batches', {
        json: { prefix: 'spring', amount: '15', codes_count: 3, expires_at: '2031-01-01' },
      });
      expect(small.status).toBe(201);
      expect(small.body).toMatchObject({
        id: expect.stringMatching(/^gcb_/),
        prefix: 'SPRING',
        codes_count: 3,
        amount: '15.00',
        currency: 'USD',
        state: 'completed',
        created_by_id: expect.stringMatching(/^key_/),
      });
      const cards = await admin.call(
        'GET',
        `/gift_cards?q[gift_card_batch_id_eq]=${small.body.id}&limit=10`,
      );
      expect(cards.body.data).toHaveLength(3);
      for (const card of cards.body.data as AdminGiftCard[]) {
        expect(card).toMatchObject({
          code: expect.stringMatching(/^SPRING[A-Z2-9]{16}$/),
          amount: '15.00',
          gift_card_batch_id: small.body.id,
          expires_at: '2031-01-01T00:00:00.000Z',
        });
      }

      const large = await admin.call('POST', '/gift_card_batches', {
        json: { prefix: 'BULK', amount: 5, codes_count: 250 },
      });
      expect(large.status).toBe(201);
      expect(large.body).toMatchObject({ state: 'pending', codes_count: 250 });
      let batch = large.body;
      for (let wait = 0; wait < 100 && batch.state !== 'completed'; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        batch = (await admin.call('GET', `/gift_card_batches/${large.body.id}`)).body;
      }
      expect(batch.state).toBe('completed');
      const [{ count, codes }] = await t.dataSource.query(
        `SELECT count(*)::int AS count, count(DISTINCT code)::int AS codes FROM gift_cards
         WHERE batch_id = $1`,
        [records.key(ID_PREFIX.giftCardBatch, large.body.id)],
      );
      expect({ count, codes }).toEqual({ count: 250, codes: 250 });
      const listed = await admin.call('GET', '/gift_card_batches?limit=2');
      expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([
        large.body.id,
        small.body.id,
      ]);
      for (const [json, field] of [
        [{ amount: 5, codes_count: 3 }, 'prefix'],
        [{ prefix: 'X', amount: 5, codes_count: 0 }, 'codes_count'],
        [{ prefix: 'X', amount: -1, codes_count: 2 }, 'amount'],
      ] as const) {
        const refused = await admin.call('POST', '/gift_card_batches', { json });
        expect(Object.keys(expectError(refused, 422, 'validation_error') ?? {})).toEqual([field]);
      }
    });
  });

  describe('on draft orders', () => {
    it('applies and removes a card on a draft order or cart, not on a placed order', async () => {
      const card = await issue({ amount: '10.00' });
      const cart = new CartClient(t, shop);
      await cart.create();
      await cart.addItem(tee.id, 2);
      const orderId = records.publicId(ID_PREFIX.order, records.key(ID_PREFIX.cart, cart.id));
      const applied = await admin.call('POST', `/orders/${orderId}/gift_cards`, {
        json: { code: card.code.toLowerCase() },
      });
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({
        gift_card_total: '10.00',
        gift_card: { id: card.id, code: card.code },
      });
      const removed = await admin.call('DELETE', `/orders/${orderId}/gift_cards/${card.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ gift_card_total: '0.00', gift_card: null });
      expectError(
        await admin.call('DELETE', `/orders/${orderId}/gift_cards/${card.id}`),
        404,
        'record_not_found',
      );
      const refused = await admin.call('POST', `/orders/${orderId}/gift_cards`, {
        json: { code: 'NOPE' },
      });
      expect(expectError(refused, 422, 'validation_error')).toEqual({
        code: ['is not a valid gift card code'],
      });

      await cart.address(US_ADDRESS, uniqueEmail('draft'));
      await cart.payByCard();
      expect((await cart.complete()).status).toBe(200);
      const placed = await admin.call('POST', `/orders/${orderId}/gift_cards`, {
        json: { code: card.code },
      });
      expectError(placed, 422, 'cart_invalid_state');
      expect(await stored(card.id)).toMatchObject({ amount_used: '0.00' });
    });
  });

  describe('access', () => {
    it('reads need read_gift_cards and writes write_gift_cards', async () => {
      const card = await issue({ amount: 3 });
      const readOnly = await issueSecretKey(t, shop, ['read_gift_cards']);
      const asReader = { 'x-store-api-key': readOnly };
      expect((await admin.call('GET', '/gift_cards', { headers: asReader })).status).toBe(200);
      expect(
        (await admin.call('GET', `/gift_cards/${card.id}`, { headers: asReader })).status,
      ).toBe(200);
      for (const [method, route, json] of [
        ['POST', '/gift_cards', { amount: 1 }],
        ['PATCH', `/gift_cards/${card.id}`, { disabled: true }],
        ['POST', '/gift_card_batches', { prefix: 'A', amount: 1, codes_count: 1 }],
      ] as const) {
        const details = expectError(
          await admin.call(method, route, { json, headers: asReader }),
          403,
          'access_denied',
        );
        expect(details).toEqual({ required_scope: 'write_gift_cards' });
      }
      const ordersOnly = await issueSecretKey(t, shop, ['write_orders']);
      expect(
        expectError(
          await admin.call('GET', '/gift_cards', { headers: { 'x-store-api-key': ordersOnly } }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'read_gift_cards' });
    });
  });
});
