import { ReturnAuthorizationSchema, ReturnItemSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { ReimbursementRecoverySweeper } from '../../src/modules/returns/reimbursements/reimbursement-recovery.sweeper.js';
import { StoredEvents } from '../helpers/admin-fixtures.js';
import {
  CartClient,
  demoVariants,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  Ids,
  startCustomersTestApp,
  StoreCaller,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

type Prefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];
type Json = Record<string, any>;

/** A card the test gateway charges but refuses to refund. */
const REFUND_REFUSED = {
  number: '4000000000005126',
  month: 12,
  year: 2099,
  verification_value: '123',
};

/** Cents of a decimal text ("17.99" → 1799), exact for the two-decimal amounts here. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** `total` cents split into `parts` shares, the cents left one each to the first shares. */
const shares = (total: number, parts: number) =>
  Array.from(
    { length: parts },
    (_, index) =>
      Math.trunc(total / parts) + (index < Math.abs(total % parts) ? Math.sign(total) : 0),
  );

describe('Returns: authorizations, receiving, reimbursements, requests', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let codec: PublicIdCodec;
  let events: StoredEvents;
  let tee: DemoVariant;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore({ promotions: true });
    other = await t.seedStore();
    admin = new AdminCaller(t, shop);
    otherAdmin = new AdminCaller(t, other);
    codec = t.app.get(PublicIdCodec);
    events = new StoredEvents(t, new Ids(t).store(shop));
    [tee] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const key = (prefix: Prefix, publicId: string) => {
    const decoded = codec.decode(prefix, publicId);
    if (decoded === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return decoded;
  };

  /** Receives every unit of the authorization, accepted. */
  const receiveAll = async (order: Json, authorization: Json) => {
    const received = await admin.call('POST', `/orders/${order.id}/customer_returns`, {
      json: {
        return_items: authorization.return_items.map((item: Json) => ({
          return_item_id: item.id,
          acceptance_status: 'accepted',
        })),
      },
    });
    expect(received.status).toBe(201);
    return received.body;
  };

  /**
   * Waits for the order's mails (confirmation and shipment) to be recorded and sent: recording one
   * takes a key share lock on the order's row, which a change racing it loses to (409).
   */
  const mailsRecorded = (orderId: string, mails = ['order_confirmation', 'shipment_shipped']) =>
    untilPasses(async () => {
      const rows: { mail: string; status: string }[] = await t.dataSource.query(
        'SELECT mail, status FROM email_deliveries WHERE order_id = $1 ORDER BY mail',
        [key(ID_PREFIX.order, orderId)],
      );
      expect(rows).toEqual(mails.map((mail) => ({ mail, status: 'sent' })));
    });

  /**
   * Places a card order of `quantity` units (with WELCOME10 when asked) and ships it; answers the
   * order and the cart it was bought through.
   */
  const placeShippedCart = async (
    quantity: number,
    options: { code?: string; customerToken?: string; card?: Json } = {},
  ): Promise<{ order: Json; cart: CartClient }> => {
    const cart = new CartClient(t, shop, options.customerToken);
    await cart.create();
    expect((await cart.addItem(tee.id, quantity)).status).toBe(201);
    if (options.code) {
      const applied = await cart.call('POST', `/carts/${cart.id}/discount_codes`, {
        code: options.code,
      });
      expect(applied.status).toBe(200);
    }
    expect((await cart.address(US_ADDRESS, uniqueEmail('returner'))).status).toBe(200);
    expect((await cart.payByCard(options.card)).status).toBe(201);
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    const order = completed.body;
    for (const fulfillment of order.fulfillments) {
      const shipped = await admin.call(
        'PATCH',
        `/orders/${order.id}/fulfillments/${fulfillment.id}/ship`,
        { json: {} },
      );
      expect(shipped.status).toBe(200);
    }
    const shown = await admin.call('GET', `/orders/${order.id}`);
    expect(shown.body.shipment_state).toBe('shipped');
    await mailsRecorded(order.id);
    return { order: shown.body, cart };
  };
  const placeShipped = async (
    quantity: number,
    options: { code?: string; customerToken?: string; card?: Json } = {},
  ): Promise<Json> => (await placeShippedCart(quantity, options)).order;

  const locationOf = async (order: Json): Promise<string> => {
    const [row] = await t.dataSource.query(
      'SELECT stock_location_id::text AS id FROM shipments WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    return codec.encode(ID_PREFIX.stockLocation, row.id);
  };
  const stockAt = async (locationId: string): Promise<number> => {
    const [row] = await t.dataSource.query(
      'SELECT COALESCE(SUM(count_on_hand), 0)::int AS count FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2',
      [key(ID_PREFIX.stockLocation, locationId), key(ID_PREFIX.variant, tee.id)],
    );
    return row.count;
  };
  const storedOrder = async (orderId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT state, shipment_state, payment_state, payment_total::text AS payment_total,
              reimbursed_total::text AS reimbursed_total FROM orders WHERE id = $1`,
      [key(ID_PREFIX.order, orderId)],
    );
    return row as {
      state: string;
      shipment_state: string;
      payment_state: string;
      payment_total: string;
      reimbursed_total: string;
    };
  };
  const firstReason = async (): Promise<string> => {
    const listed = await admin.call('GET', '/return_authorization_reasons');
    return listed.body.data[0].id;
  };
  const authorize = (order: Json, quantity: number, extra: Json = {}) =>
    locationOf(order).then((location) =>
      admin.call('POST', `/orders/${order.id}/return_authorizations`, {
        json: {
          stock_location_id: location,
          return_items: [{ line_item_id: order.items[0].id, quantity }],
          ...extra,
        },
      }),
    );
  const expectAuthorizationShape = (body: Json) => {
    expect(() => ReturnAuthorizationSchema.parse(body)).not.toThrow();
    for (const item of body.return_items) expect(() => ReturnItemSchema.parse(item)).not.toThrow();
  };

  /** The demo T-shirt's variant `index`, priced at `price`. */
  const sizePricedAt = async (index: number, price: string): Promise<DemoVariant> => {
    const size = (await demoVariants(t, shop))[index];
    const changed = await admin.call('PATCH', `/products/${size.productId}/variants/${size.id}`, {
      json: { price },
    });
    expect(changed.status).toBe(200);
    return { ...size, price };
  };
  /** Authorizes one unit of the order's line back, to be exchanged for `variantId`. */
  const authorizeExchange = async (order: Json, variantId: string) =>
    admin.call('POST', `/orders/${order.id}/return_authorizations`, {
      json: {
        stock_location_id: await locationOf(order),
        return_items: [
          { line_item_id: order.items[0].id, quantity: 1, exchange_variant_id: variantId },
        ],
      },
    });
  describe('return authorization reasons', () => {
    it('seeds every store with the default reasons; staff add, rename, retire and delete', async () => {
      const listed = await admin.call('GET', '/return_authorization_reasons');
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((reason: Json) => reason.name)).toEqual([
        'Better price available',
        'Damaged or defective',
        'Different from what was ordered',
        'Different from the description',
        'No longer needed',
        'Accidental order',
        'Unauthorized purchase',
      ]);
      const created = await admin.call('POST', '/return_authorization_reasons', {
        json: { name: 'Arrived late' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Arrived late', active: true });
      expect(created.body.id).toMatch(/^rar_/);
      expectError(
        await admin.call('POST', '/return_authorization_reasons', {
          json: { name: 'arrived LATE' },
        }),
        422,
        'validation_error',
      );
      const retired = await admin.call(
        'PATCH',
        `/return_authorization_reasons/${created.body.id}`,
        {
          json: { active: false },
        },
      );
      expect(retired.body.active).toBe(false);
      expectError(
        await otherAdmin.call('GET', `/return_authorization_reasons/${created.body.id}`),
        404,
        'record_not_found',
      );
      const order = await placeShipped(2);
      const named = await authorize(order, 1, {
        return_authorization_reason_id: listed.body.data[1].id,
      });
      expect(named.status).toBe(201);
      expectError(
        await admin.call('DELETE', `/return_authorization_reasons/${listed.body.data[1].id}`),
        422,
        'resource_invalid',
      );
      expectError(
        await authorize(order, 1, { return_authorization_reason_id: created.body.id }),
        422,
        'validation_error',
      );
      const deleted = await admin.call(
        'DELETE',
        `/return_authorization_reasons/${created.body.id}`,
      );
      expect(deleted.status).toBe(204);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM return_authorization_reasons WHERE id = $1',
        [key(ID_PREFIX.returnAuthorizationReason, created.body.id)],
      );
      expect(count).toBe(0);
    });
  });

  describe('a return of two of three units, one accepted, one damaged, refunded to the card', () => {
    it('authorizes, receives, restocks the accepted unit and refunds its share', async () => {
      const order = await placeShipped(3, { code: 'WELCOME10' });
      const location = await locationOf(order);
      const reason = await firstReason();
      const [line] = await t.dataSource.query(
        `SELECT price::text AS price, quantity, promo_total::text AS promo,
                included_tax_total::text AS included, additional_tax_total::text AS additional
           FROM line_items WHERE id = $1`,
        [key(ID_PREFIX.lineItem, order.items[0].id)],
      );
      expect(cents(line.promo)).toBeLessThan(0);
      const preTax = shares(cents(line.price) * 3 + cents(line.promo) - cents(line.included), 3);
      const additional = shares(cents(line.additional), 3);
      const included = shares(cents(line.included), 3);
      const unitTotals = [0, 1, 2].map((unit) => preTax[unit] + additional[unit] + included[unit]);

      const created = await authorize(order, 2, {
        return_authorization_reason_id: reason,
        memo: 'Too small',
      });
      expect(created.status).toBe(201);
      expectAuthorizationShape(created.body);
      expect(created.body).toMatchObject({
        status: 'authorized',
        order_id: order.id,
        stock_location_id: location,
        return_authorization_reason_id: reason,
        memo: 'Too small',
      });
      expect(created.body.number).toMatch(/^RA\d{9}$/);
      const items: Json[] = created.body.return_items;
      expect(items.map((item) => [item.reception_status, item.acceptance_status])).toEqual([
        ['awaiting', 'pending'],
        ['awaiting', 'pending'],
      ]);
      expect(items.map((item) => cents(item.total))).toEqual(unitTotals.slice(0, 2));
      expect(cents(created.body.total)).toBe(unitTotals[0] + unitTotals[1]);

      const tooMany = await authorize(order, 2);
      expectError(tooMany, 422, 'resource_invalid');
      expect(tooMany.body.error.details.return_items[0]).toContain('2 asked, 1 may be returned');

      expectError(
        await admin.call('POST', `/orders/${order.id}/customer_returns`, {
          json: { return_items: [{ return_item_id: items[1].id, acceptance_status: 'rejected' }] },
        }),
        422,
        'validation_error',
      );

      const stockBefore = await stockAt(location);
      const received = await admin.call('POST', `/orders/${order.id}/customer_returns`, {
        json: {
          return_items: [
            { return_item_id: items[0].id, acceptance_status: 'accepted' },
            { return_item_id: items[1].id, acceptance_status: 'rejected', reason: 'damaged' },
          ],
        },
      });
      expect(received.status).toBe(201);
      expect(received.body.number).toMatch(/^CR\d{9}$/);
      expect(
        received.body.return_items.map((item: Json) => [
          item.reception_status,
          item.acceptance_status,
          item.acceptance_reason,
          item.customer_return_id,
        ]),
      ).toEqual([
        ['received', 'accepted', null, received.body.id],
        ['received', 'rejected', 'damaged', received.body.id],
      ]);
      for (const item of received.body.return_items) {
        expect(() => ReturnItemSchema.parse(item)).not.toThrow();
      }
      expect(await stockAt(location)).toBe(stockBefore + 1);
      const movements = await t.dataSource.query(
        `SELECT m.action, m.quantity, m.reason FROM stock_movements m
           JOIN stock_items si ON si.id = m.stock_item_id
          WHERE si.stock_location_id = $1 AND si.variant_id = $2 AND m.action = 'return'
            AND m.originator_type = 'customer_return' AND m.originator_id = $3`,
        [
          key(ID_PREFIX.stockLocation, location),
          key(ID_PREFIX.variant, tee.id),
          key(ID_PREFIX.customerReturn, received.body.id),
        ],
      );
      expect(movements).toEqual([{ action: 'return', quantity: 1, reason: received.body.number }]);
      const shown = await admin.call(
        'GET',
        `/orders/${order.id}/return_authorizations/${created.body.id}`,
      );
      expect(shown.body.status).toBe('received');
      expectError(
        await admin.call('POST', `/orders/${order.id}/customer_returns`, {
          json: { return_items: [{ return_item_id: items[0].id, acceptance_status: 'accepted' }] },
        }),
        422,
        'resource_invalid',
      );

      const paidBefore = await storedOrder(order.id);
      const reimbursed = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: {},
      });
      expect(reimbursed.status).toBe(201);
      expect(reimbursed.body).toMatchObject({ reimbursement_status: 'reimbursed' });
      expect(cents(reimbursed.body.total)).toBe(unitTotals[0]);
      expect(reimbursed.body.return_items.map((item: Json) => item.id)).toEqual([items[0].id]);
      for (const item of reimbursed.body.return_items) {
        expect(() => ReturnItemSchema.parse(item)).not.toThrow();
      }
      const refunds = await t.dataSource.query(
        `SELECT r.amount::text AS amount, r.reason, pm.type FROM refunds r
           JOIN payments p ON p.id = r.payment_id JOIN payment_methods pm ON pm.id = p.payment_method_id
          WHERE r.order_id = $1`,
        [key(ID_PREFIX.order, order.id)],
      );
      expect(refunds).toEqual([
        {
          amount: (unitTotals[0] / 100).toFixed(4),
          reason: `Reimbursement ${reimbursed.body.number}`,
          type: 'test_card',
        },
      ]);
      expect(reimbursed.body.refund_ids).toHaveLength(1);
      const after = await storedOrder(order.id);
      // What the reimbursement gave back counts as paid: nothing is owed.
      expect(after).toMatchObject({
        state: 'complete',
        shipment_state: 'shipped',
        payment_state: 'paid',
      });
      expect(cents(after.payment_total)).toBe(cents(paidBefore.payment_total) - unitTotals[0]);
      expect(cents(after.reimbursed_total)).toBe(unitTotals[0]);
      const refundShown = await admin.call(
        'GET',
        `/orders/${order.id}/refunds/${reimbursed.body.refund_ids[0]}`,
      );
      expect(refundShown.body.reimbursement_id).toBe(reimbursed.body.id);
      expect((await admin.call('GET', `/orders/${order.id}`)).body.amount_due).toBe('0.00');

      await mailsRecorded(order.id, [
        'order_confirmation',
        'reimbursement_processed',
        'shipment_shipped',
      ]);
      expectError(
        await admin.call('POST', `/orders/${order.id}/reimbursements`, { json: {} }),
        422,
        'resource_invalid',
      );
      const names = async (name: string, id: string) => (await events.named(name, id)).length;
      expect(await names('return_authorization.created', created.body.id)).toBe(1);
      expect(await names('return_authorization.received', created.body.id)).toBe(1);
      expect(await names('customer_return.created', received.body.id)).toBe(1);
      expect(await names('reimbursement.created', reimbursed.body.id)).toBe(1);
      expect(await names('reimbursement.reimbursed', reimbursed.body.id)).toBe(1);
      expect((await events.named('order.updated', order.id)).length).toBeGreaterThanOrEqual(4);
    });
  });

  describe('every unit back, not resellable, reimbursed as store credit', () => {
    it('leaves stock alone, marks the order returned and credits the customer', async () => {
      const store = new StoreCaller(t, shop);
      const customer = await store.register();
      const order = await placeShipped(1, { customerToken: customer.token });
      const location = await locationOf(order);
      const created = await authorize(order, 1);
      expect(created.status).toBe(201);
      const stockBefore = await stockAt(location);
      const received = await admin.call('POST', `/orders/${order.id}/customer_returns`, {
        json: {
          return_items: [
            {
              return_item_id: created.body.return_items[0].id,
              acceptance_status: 'accepted',
              reason: 'used',
              resellable: false,
            },
          ],
        },
      });
      expect(received.status).toBe(201);
      expect(await stockAt(location)).toBe(stockBefore);
      expect((await storedOrder(order.id)).state).toBe('returned');
      const reimbursed = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: { kind: 'store_credit' },
      });
      expect(reimbursed.status).toBe(201);
      expect(reimbursed.body.reimbursement_status).toBe('reimbursed');
      const [credit] = await t.dataSource.query(
        'SELECT amount::text AS amount, customer_id::text AS customer FROM store_credits WHERE id = $1',
        [key(ID_PREFIX.storeCredit, reimbursed.body.store_credit_id)],
      );
      expect(credit).toEqual({
        amount: Number(reimbursed.body.total).toFixed(4),
        customer: key(ID_PREFIX.customer, customer.id),
      });
    });
  });

  describe('exchanges for another size', () => {
    const countOf = async (variantId: string) => {
      const [row] = await t.dataSource.query(
        'SELECT COALESCE(SUM(count_on_hand), 0)::int AS count FROM stock_items WHERE variant_id = $1',
        [key(ID_PREFIX.variant, variantId)],
      );
      return row.count as number;
    };
    const shipmentsOf = (orderId: string): Promise<{ id: string; state: string }[]> =>
      t.dataSource.query(
        `SELECT id::text AS id, state FROM shipments WHERE order_id = $1 AND exchange ORDER BY id`,
        [key(ID_PREFIX.order, orderId)],
      );
    /** What the order still owes: its total less what was paid and what reimbursements gave. */
    const owed = (stored: Awaited<ReturnType<typeof storedOrder>> & { total: string }) =>
      cents(stored.total) - cents(stored.payment_total) - cents(stored.reimbursed_total);
    const storedTotals = async (orderId: string) => {
      const [{ total }] = await t.dataSource.query(
        'SELECT total::text AS total FROM orders WHERE id = $1',
        [key(ID_PREFIX.order, orderId)],
      );
      return { ...(await storedOrder(orderId)), total: total as string };
    };

    it('ships a dearer size, leaves the difference due, and the shopper pays it through a payment session', async () => {
      const larger = await sizePricedAt(1, '25.00');
      const { order, cart } = await placeShippedCart(2);
      const created = await authorizeExchange(order, larger.id);
      expect(created.status).toBe(201);
      expectAuthorizationShape(created.body);
      expect(created.body.return_items[0].exchange_variant_id).toBe(larger.id);
      const returned = cents(created.body.return_items[0].total);
      const teeBefore = await countOf(tee.id);
      await receiveAll(order, created.body);
      expect(await countOf(tee.id)).toBe(teeBefore + 1);

      const largerBefore = await countOf(larger.id);
      const exchanged = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: { kind: 'exchange' },
      });
      expect(exchanged.status).toBe(201);
      const reimbursement = exchanged.body;
      for (const item of reimbursement.return_items) {
        expect(() => ReturnItemSchema.parse(item)).not.toThrow();
      }
      expect(reimbursement).toMatchObject({
        kind: 'exchange',
        reimbursement_status: 'reimbursed',
        refund_ids: [],
        payment_session_id: expect.stringMatching(/^ps_/),
      });
      expect(cents(reimbursement.total)).toBe(returned);
      expect(reimbursement.exchange_line_item_ids).toHaveLength(1);
      expect(reimbursement.exchange_fulfillment_ids).toHaveLength(1);
      const [line] = await t.dataSource.query(
        `SELECT variant_id::text AS variant, quantity, price::text AS price,
                additional_tax_total::text AS additional FROM line_items WHERE id = $1`,
        [key(ID_PREFIX.lineItem, reimbursement.exchange_line_item_ids[0])],
      );
      expect(line).toMatchObject({ variant: key(ID_PREFIX.variant, larger.id), quantity: 1 });
      expect(cents(line.price)).toBe(2500);
      expect(cents(line.additional)).toBeGreaterThan(0);
      const newUnits = cents(line.price) + cents(line.additional);
      expect(cents(reimbursement.exchange_total)).toBe(newUnits);
      const difference = newUnits - returned;
      expect(difference).toBeGreaterThan(0);

      // The order owes exactly the difference; the new shipment waits for it.
      const due = await storedTotals(order.id);
      expect(due.payment_state).toBe('balance_due');
      expect(owed(due)).toBe(difference);
      expect(cents(due.total)).toBe(cents(order.total) + newUnits);
      const shown = await admin.call('GET', `/orders/${order.id}`);
      expect(cents(shown.body.amount_due)).toBe(difference);
      expect(shown.body.shipment_state).toBe('partial');
      expect(await shipmentsOf(order.id)).toEqual([
        {
          id: key(ID_PREFIX.fulfillment, reimbursement.exchange_fulfillment_ids[0]),
          state: 'pending',
        },
      ]);
      expect(await countOf(larger.id)).toBe(largerBefore - 1);
      const movements = await t.dataSource.query(
        `SELECT m.action, m.quantity, m.reason FROM stock_movements m
           JOIN stock_items si ON si.id = m.stock_item_id
          WHERE si.variant_id = $1 AND m.originator_type = 'order' AND m.originator_id = $2`,
        [key(ID_PREFIX.variant, larger.id), key(ID_PREFIX.order, order.id)],
      );
      expect(movements).toEqual([{ action: 'sale', quantity: -1, reason: reimbursement.number }]);

      const sessionId = reimbursement.payment_session_id;
      expect(cents((await cart.paySession(sessionId)).amount)).toBe(difference);
      const settled = await storedTotals(order.id);
      expect(settled.payment_state).toBe('paid');
      expect(owed(settled)).toBe(0);
      expect(await shipmentsOf(order.id)).toEqual([
        {
          id: key(ID_PREFIX.fulfillment, reimbursement.exchange_fulfillment_ids[0]),
          state: 'ready',
        },
      ]);
      const names = async (name: string, id: string) => (await events.named(name, id)).length;
      expect(await names('reimbursement.reimbursed', reimbursement.id)).toBe(1);
      const updates = await events.named('order.updated', order.id);
      expect(updates.map((update) => update.payload.payment_state)).toEqual(
        expect.arrayContaining(['balance_due', 'paid']),
      );

      const shipped = await admin.call(
        'PATCH',
        `/orders/${order.id}/fulfillments/${reimbursement.exchange_fulfillment_ids[0]}/ship`,
        { json: {} },
      );
      expect(shipped.status).toBe(200);
      expect(shipped.body.shipment_state).toBe('shipped');
    });

    it('ships a cheaper size and refunds the difference to the card', async () => {
      const smaller = await sizePricedAt(2, '15.00');
      const order = await placeShipped(1);
      const created = await authorizeExchange(order, smaller.id);
      expect(created.status).toBe(201);
      const returned = cents(created.body.return_items[0].total);
      await receiveAll(order, created.body);
      const exchanged = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: { kind: 'exchange' },
      });
      expect(exchanged.status).toBe(201);
      const reimbursement = exchanged.body;
      expect(reimbursement).toMatchObject({ kind: 'exchange', reimbursement_status: 'reimbursed' });
      expect(reimbursement.payment_session_id).toBeNull();
      const difference = returned - cents(reimbursement.exchange_total);
      expect(difference).toBeGreaterThan(0);
      expect(reimbursement.refund_ids).toHaveLength(1);
      const refund = await admin.call(
        'GET',
        `/orders/${order.id}/refunds/${reimbursement.refund_ids[0]}`,
      );
      expect(cents(refund.body.amount)).toBe(difference);
      expect(refund.body.reimbursement_id).toBe(reimbursement.id);
      const [{ type }] = await t.dataSource.query(
        `SELECT pm.type FROM refunds r JOIN payments p ON p.id = r.payment_id
           JOIN payment_methods pm ON pm.id = p.payment_method_id WHERE r.id = $1`,
        [key(ID_PREFIX.refund, reimbursement.refund_ids[0])],
      );
      expect(type).toBe('test_card');
      const settled = await storedTotals(order.id);
      expect(settled.payment_state).toBe('paid');
      expect(owed(settled)).toBe(0);
      // Every unit came back, and the exchanged one ships right away: nothing is due.
      expect(settled.state).toBe('returned');
      expect(await shipmentsOf(order.id)).toEqual([
        {
          id: key(ID_PREFIX.fulfillment, reimbursement.exchange_fulfillment_ids[0]),
          state: 'ready',
        },
      ]);
    });

    it('keeps an exchange whose refund the gateway refuses: errored, its unit not exchanged again', async () => {
      const smaller = await sizePricedAt(2, '15.00');
      const order = await placeShipped(1, { card: REFUND_REFUSED });
      const created = await authorizeExchange(order, smaller.id);
      await receiveAll(order, created.body);
      const reimbursements = `/orders/${order.id}/reimbursements`;
      expectError(
        await admin.call('POST', reimbursements, { json: { kind: 'exchange' } }),
        422,
        'gateway_error',
      );
      const [errored] = (await admin.call('GET', reimbursements)).body.data;
      expect(errored).toMatchObject({
        kind: 'exchange',
        reimbursement_status: 'errored',
        refund_ids: [],
      });
      expect(errored.exchange_fulfillment_ids).toHaveLength(1);
      expect(errored.return_items.map((item: Json) => item.id)).toEqual([
        created.body.return_items[0].id,
      ]);
      expectError(
        await admin.call('POST', reimbursements, { json: { kind: 'exchange' } }),
        422,
        'resource_invalid',
      );
    });

    it('refuses another product’s variant, the same variant or an unknown one', async () => {
      const order = await placeShipped(1);
      const [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
      const otherProduct = await authorizeExchange(order, mug.id);
      expectError(otherProduct, 422, 'resource_invalid');
      expect(otherProduct.body.error.details.exchange_variant_id[0]).toContain(
        'a variant of another product',
      );
      const same = await authorizeExchange(order, tee.id);
      expectError(same, 422, 'resource_invalid');
      expect(same.body.error.details.exchange_variant_id[0]).toContain('own variant');
      expectError(
        await authorizeExchange(order, codec.encode(ID_PREFIX.variant, '999999999')),
        404,
        'variant_not_found',
      );
      // Units without an exchange variant are not exchanged.
      const created = await authorize(order, 1);
      await receiveAll(order, created.body);
      expectError(
        await admin.call('POST', `/orders/${order.id}/reimbursements`, {
          json: { kind: 'exchange' },
        }),
        422,
        'resource_invalid',
      );
    });
  });

  describe('reimbursement choices and failures', () => {
    it('gives shipping back only when asked, and holds a split staff chose to what was captured', async () => {
      const order = await placeShipped(1);
      expect(cents(order.ship_total)).toBeGreaterThan(0);
      const created = await authorize(order, 1);
      await receiveAll(order, created.body);
      const payment = order.payments[0].id;
      const unit = cents(created.body.return_items[0].total);
      const shipping = cents(order.ship_total);
      const tooMuch = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: { refund_shipping: true, payments: [{ payment_id: payment, amount: '0.01' }] },
      });
      expectError(tooMuch, 422, 'resource_invalid');
      expect(tooMuch.body.error.details.payments[0]).toContain(
        `not ${((unit + shipping) / 100).toFixed(2)}`,
      );
      const reimbursed = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: {
          refund_shipping: true,
          payments: [{ payment_id: payment, amount: ((unit + shipping) / 100).toFixed(2) }],
        },
      });
      expect(reimbursed.status).toBe(201);
      expect(cents(reimbursed.body.total)).toBe(unit + shipping);
      expect(cents(reimbursed.body.shipping_total)).toBe(shipping);
      const [{ refunded }] = await t.dataSource.query(
        'SELECT SUM(amount)::text AS refunded FROM refunds WHERE order_id = $1',
        [key(ID_PREFIX.order, order.id)],
      );
      expect(cents(refunded)).toBe(unit + shipping);
    });

    it('records a refund the gateway refuses as errored and frees its units', async () => {
      const store = new StoreCaller(t, shop);
      const customer = await store.register();
      const order = await placeShipped(1, {
        customerToken: customer.token,
        card: REFUND_REFUSED,
      });
      const created = await authorize(order, 1);
      await receiveAll(order, created.body);
      const refused = await admin.call('POST', `/orders/${order.id}/reimbursements`, { json: {} });
      expectError(refused, 422, 'gateway_error');
      const listed = await admin.call('GET', `/orders/${order.id}/reimbursements`);
      expect(listed.body.data.map((found: Json) => found.reimbursement_status)).toEqual([
        'errored',
      ]);
      expect(listed.body.data[0].failure_message).toEqual(expect.any(String));
      expect(await events.named('reimbursement.errored', listed.body.data[0].id)).toHaveLength(1);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM refunds WHERE order_id = $1',
        [key(ID_PREFIX.order, order.id)],
      );
      expect(count).toBe(0);
      const credited = await admin.call('POST', `/orders/${order.id}/reimbursements`, {
        json: { kind: 'store_credit' },
      });
      expect(credited.status).toBe(201);
      expect(credited.body.return_items.map((item: Json) => item.id)).toEqual([
        created.body.return_items[0].id,
      ]);
    });
  });

  describe('reimbursements a crash left pending', () => {
    const leavePending = (reimbursementId: string) =>
      t.dataSource.query(
        `UPDATE reimbursements SET state = 'pending', refund_ids = '{}', failure_message = NULL,
           updated_at = now() - interval '1 hour' WHERE id = $1`,
        [key(ID_PREFIX.reimbursement, reimbursementId)],
      );
    const stored = async (reimbursementId: string) => {
      const [row] = await t.dataSource.query(
        `SELECT state, array_length(refund_ids, 1) AS refunds,
                (SELECT count(*)::int FROM return_items WHERE reimbursement_id = r.id) AS units
           FROM reimbursements r WHERE id = $1`,
        [key(ID_PREFIX.reimbursement, reimbursementId)],
      );
      return row as { state: string; refunds: number | null; units: number };
    };

    it('are settled by the sweep from the refunds recorded for them, once', async () => {
      const sweeper = t.app.get(ReimbursementRecoverySweeper);
      const paid = await placeShipped(1);
      await receiveAll(paid, (await authorize(paid, 1)).body);
      const refunded = await admin.call('POST', `/orders/${paid.id}/reimbursements`, { json: {} });
      expect(refunded.status).toBe(201);

      const unpaid = await placeShipped(1, { card: REFUND_REFUSED });
      const authorization = (await authorize(unpaid, 1)).body;
      await receiveAll(unpaid, authorization);
      expectError(
        await admin.call('POST', `/orders/${unpaid.id}/reimbursements`, { json: {} }),
        422,
        'gateway_error',
      );
      const [errored] = (await admin.call('GET', `/orders/${unpaid.id}/reimbursements`)).body.data;

      const smaller = await sizePricedAt(2, '15.00');
      const exchangedOrder = await placeShipped(1);
      await receiveAll(exchangedOrder, (await authorizeExchange(exchangedOrder, smaller.id)).body);
      const exchanged = await admin.call('POST', `/orders/${exchangedOrder.id}/reimbursements`, {
        json: { kind: 'exchange' },
      });
      expect(exchanged.body.refund_ids).toHaveLength(1);

      // As a crash leaves them: after the refund was made, and after the claim with no refund.
      await leavePending(refunded.body.id);
      await leavePending(errored.id);
      await leavePending(exchanged.body.id);
      await t.dataSource.query('UPDATE return_items SET reimbursement_id = $1 WHERE id = $2', [
        key(ID_PREFIX.reimbursement, errored.id),
        key(ID_PREFIX.returnItem, authorization.return_items[0].id),
      ]);
      expect(await sweeper.sweepOnce('1 second')).toBeGreaterThanOrEqual(3);
      expect(await stored(refunded.body.id)).toEqual({ state: 'reimbursed', refunds: 1, units: 1 });
      expect(await stored(errored.id)).toEqual({ state: 'errored', refunds: null, units: 0 });
      // An exchange refunds only what its new units cost less than the returned ones.
      expect(await stored(exchanged.body.id)).toEqual({
        state: 'reimbursed',
        refunds: 1,
        units: 1,
      });
      expect(await sweeper.sweepOnce('1 second')).toBe(0);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM refunds WHERE order_id = $1',
        [key(ID_PREFIX.order, paid.id)],
      );
      expect(count).toBe(1);
    });
  });

  describe('POST /api/v3/store/customers/me/orders/:id/returns', () => {
    it('requests a return inside the window, staff authorize it; outside it is return_window_expired', async () => {
      const store = new StoreCaller(t, shop);
      const [customer, stranger] = [await store.register(), await store.register()];
      const order = await placeShipped(2, { customerToken: customer.token });
      const request = (token: string | undefined, quantity = 1) =>
        store.call('POST', `/customers/me/orders/${order.id}/returns`, {
          token,
          json: { return_items: [{ line_item_id: order.items[0].id, quantity }] },
        });

      expectError(await request(undefined), 401, 'authentication_required');
      expectError(await request(stranger.token), 404, 'order_not_found');
      const requested = await request(customer.token);
      expect(requested.status).toBe(201);
      expectAuthorizationShape(requested.body);
      expect(requested.body).toMatchObject({
        status: 'requested',
        requested_by_customer: true,
        stock_location_id: await locationOf(order),
      });
      const authorized = await admin.call(
        'PATCH',
        `/orders/${order.id}/return_authorizations/${requested.body.id}/authorize`,
        { json: {} },
      );
      expect(authorized.status).toBe(200);
      expect(authorized.body.status).toBe('authorized');
      expect(await events.named('return_authorization.authorized', requested.body.id)).toHaveLength(
        1,
      );

      await t.dataSource.query(
        `UPDATE shipments SET shipped_at = now() - interval '40 days' WHERE order_id = $1`,
        [key(ID_PREFIX.order, order.id)],
      );
      const late = await request(customer.token);
      expectError(late, 422, 'return_window_expired');
      expect(late.body.error.details).toEqual({
        return_window_days: 30,
        line_item_ids: [order.items[0].id],
      });
      const widened = await admin.call('PATCH', '/return_settings', {
        json: { return_window_days: 45 },
      });
      expect(widened.body).toEqual({ return_window_days: 45 });
      expect((await request(customer.token)).status).toBe(201);
      expectError(await request(customer.token), 422, 'resource_invalid');
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM return_authorizations WHERE order_id = $1',
        [key(ID_PREFIX.order, order.id)],
      );
      expect(count).toBe(2);
      const listed = await store.call('GET', `/customers/me/orders/${order.id}/returns`, {
        token: customer.token,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((found: Json) => found.status)).toEqual([
        'authorized',
        'requested',
      ]);
      listed.body.data.forEach(expectAuthorizationShape);
      expectError(
        await store.call('GET', `/customers/me/orders/${order.id}/returns`, {
          token: stranger.token,
        }),
        404,
        'order_not_found',
      );
    });
  });

  describe('two staff returning the same unit at once', () => {
    it('gives one return; the other is 409 order_already_updated or 422 resource_invalid', async () => {
      for (let round = 0; round < 3; round += 1) {
        const order = await placeShipped(1);
        const answers = await Promise.all([authorize(order, 1), authorize(order, 1)]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses[0]).toBe(201);
        expect([409, 422]).toContain(statuses[1]);
        const loser = answers.find((answer) => answer.status !== 201)!;
        expect(['order_already_updated', 'resource_invalid']).toContain(loser.body.error.code);
        const [{ returns, units }] = await t.dataSource.query(
          `SELECT count(DISTINCT ra.id)::int AS returns, count(ri.id)::int AS units
             FROM return_authorizations ra JOIN return_items ri ON ri.return_authorization_id = ra.id
            WHERE ra.order_id = $1`,
          [key(ID_PREFIX.order, order.id)],
        );
        expect({ returns, units }).toEqual({ returns: 1, units: 1 });
      }
    });
  });

  describe('two staff receiving or reimbursing the same unit at once', () => {
    it('receives it once and gives its money back once', async () => {
      for (let round = 0; round < 2; round += 1) {
        const order = await placeShipped(1);
        const [item] = (await authorize(order, 1)).body.return_items;
        const receive = () =>
          admin.call('POST', `/orders/${order.id}/customer_returns`, {
            json: { return_items: [{ return_item_id: item.id, acceptance_status: 'accepted' }] },
          });
        const received = await Promise.all([receive(), receive()]);
        expect(
          received.map((answer) => answer.status).filter((status) => status === 201),
        ).toHaveLength(1);
        received
          .filter((answer) => answer.status !== 201)
          .forEach((answer) =>
            expect(['order_already_updated', 'resource_invalid']).toContain(answer.body.error.code),
          );
        const reimburse = () =>
          admin.call('POST', `/orders/${order.id}/reimbursements`, { json: {} });
        const reimbursed = await Promise.all([reimburse(), reimburse()]);
        expect(
          reimbursed.map((answer) => answer.status).filter((status) => status === 201),
        ).toHaveLength(1);
        const [{ customerReturns, reimbursements, refunds }] = await t.dataSource.query(
          `SELECT (SELECT count(*)::int FROM customer_returns WHERE order_id = $1) AS "customerReturns",
                  (SELECT count(*)::int FROM reimbursements WHERE order_id = $1) AS reimbursements,
                  (SELECT count(*)::int FROM refunds WHERE order_id = $1) AS refunds`,
          [key(ID_PREFIX.order, order.id)],
        );
        expect({ customerReturns, reimbursements, refunds }).toEqual({
          customerReturns: 1,
          reimbursements: 1,
          refunds: 1,
        });
      }
    });
  });

  describe('cancel', () => {
    it('frees the units of a canceled return; another store’s order is 404', async () => {
      const order = await placeShipped(1);
      const created = await authorize(order, 1);
      const canceled = await admin.call(
        'PATCH',
        `/orders/${order.id}/return_authorizations/${created.body.id}/cancel`,
        { json: {} },
      );
      expect(canceled.status).toBe(200);
      expect(canceled.body.status).toBe('canceled');
      expect(canceled.body.return_items[0].reception_status).toBe('canceled');
      expect((await authorize(order, 1)).status).toBe(201);
      expectError(
        await admin.call(
          'PATCH',
          `/orders/${order.id}/return_authorizations/${created.body.id}/cancel`,
          { json: {} },
        ),
        422,
        'resource_invalid',
      );
      expectError(
        await otherAdmin.call('GET', `/orders/${order.id}/return_authorizations`),
        404,
        'record_not_found',
      );
    });
  });
});
