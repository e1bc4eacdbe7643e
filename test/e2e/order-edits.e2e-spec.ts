import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { EditRefundRecoverySweeper } from '../../src/modules/order-edits/edit-refund-recovery.sweeper.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
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
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

type Prefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];
type Json = Record<string, any>;

/** Cents of a decimal text ("17.99" → 1799), exact for the two-decimal amounts here. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('Order edits: drafts, confirmation, balance due and credit owed', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let codec: PublicIdCodec;
  let events: StoredEvents;
  let tee: DemoVariant;
  let otherTee: DemoVariant;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    codec = t.app.get(PublicIdCodec);
    events = new StoredEvents(t, new Ids(t).store(shop));
    [tee, otherTee] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const key = (prefix: Prefix, publicId: string) => {
    const decoded = codec.decode(prefix, publicId);
    if (decoded === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return decoded;
  };

  /** Places a card-paid order of `quantity` tees, not shipped; answers the order and its cart. */
  const place = async (quantity: number): Promise<{ order: Json; cart: CartClient }> => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(tee.id, quantity)).status).toBe(201);
    expect((await cart.address(US_ADDRESS, uniqueEmail('editor'))).status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    return { order: completed.body, cart };
  };

  const storedOrder = async (orderId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT total::text AS total, payment_total::text AS payment_total, payment_state,
              item_count, state_lock_version
         FROM orders WHERE id = $1`,
      [key(ID_PREFIX.order, orderId)],
    );
    return row as {
      total: string;
      payment_total: string;
      payment_state: string;
      item_count: number;
      state_lock_version: number;
    };
  };
  const storedLines = (orderId: string) =>
    t.dataSource.query(
      `SELECT variant_id::text AS variant_id, quantity FROM line_items
        WHERE order_id = $1 ORDER BY variant_id`,
      [key(ID_PREFIX.order, orderId)],
    );
  const stockOf = async (variant: DemoVariant): Promise<number> => {
    const [row] = await t.dataSource.query(
      'SELECT COALESCE(SUM(count_on_hand), 0)::int AS count FROM stock_items WHERE variant_id = $1',
      [key(ID_PREFIX.variant, variant.id)],
    );
    return row.count;
  };
  /** The order's stock movements since it was placed. */
  const movementsOf = (orderId: string) =>
    t.dataSource.query(
      `SELECT si.variant_id::text AS variant_id, m.action, m.quantity FROM stock_movements m
         JOIN stock_items si ON si.id = m.stock_item_id
        WHERE m.originator_type = 'order' AND m.originator_id = $1
          AND m.created_at > (SELECT completed_at FROM orders WHERE id = $1)
        ORDER BY m.id`,
      [key(ID_PREFIX.order, orderId)],
    );
  const edits = (order: Json) => `/orders/${order.id}/order_edits`;

  it('drafts an edit adding a line with its preview, leaving the order as it was; one open edit per order', async () => {
    const { order } = await place(1);
    const before = await storedOrder(order.id);
    const linesBefore = await storedLines(order.id);

    const created = await admin.call('POST', edits(order), {
      json: { items: [{ variant_id: otherTee.id, quantity: 2 }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      order_id: order.id,
      status: 'draft',
      items: [{ variant_id: otherTee.id, quantity: 2 }],
      refund_status: null,
      payment_session_id: null,
    });
    expect(created.body.id).toMatch(/^oe_/);
    const { preview } = created.body;
    expect(preview.outcome).toBe('balance_due');
    expect(preview.item_count).toBe(3);
    expect(preview.line_items.map((line: Json) => [line.variant_id, line.quantity])).toEqual(
      expect.arrayContaining([
        [tee.id, 1],
        [otherTee.id, 2],
      ]),
    );
    expect(cents(preview.item_total)).toBe(cents(tee.price) + 2 * cents(otherTee.price));
    expect(cents(preview.payment_total)).toBe(cents(before.payment_total));
    expect(cents(preview.balance_due)).toBe(cents(preview.total) - cents(before.payment_total));
    expect(cents(preview.balance_due)).toBeGreaterThanOrEqual(2 * cents(otherTee.price));
    expect(preview.credit_owed).toBe('0.00');

    // The order, its lines and its version are untouched by the preview.
    expect(await storedOrder(order.id)).toEqual(before);
    expect(await storedLines(order.id)).toEqual(linesBefore);

    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: tee.id, quantity: 2 }] },
      }),
      422,
      'resource_invalid',
    );
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM order_edits WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    expect(count).toBe(1);

    const updated = await admin.call('PATCH', `${edits(order)}/${created.body.id}`, {
      json: { items: [{ variant_id: otherTee.id, quantity: 1 }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.preview.item_count).toBe(2);
    expect((await admin.call('GET', `${edits(order)}/${created.body.id}`)).body.items).toEqual([
      { variant_id: otherTee.id, quantity: 1 },
    ]);

    const canceled = await admin.call('POST', `${edits(order)}/${created.body.id}/cancel`, {
      json: {},
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    expectError(
      await admin.call('POST', `${edits(order)}/${created.body.id}/confirm`, { json: {} }),
      422,
      'cart_invalid_state',
    );
    expect(await storedOrder(order.id)).toEqual(before);
    const listed = await admin.call('GET', edits(order));
    expect(listed.body.data.map((edit: Json) => edit.status)).toEqual(['canceled']);
    expect(
      (await events.named('order_edit.created', created.body.id)).map((e) => e.payload.status),
    ).toEqual(['draft']);
    expect(await events.named('order_edit.updated', created.body.id)).toHaveLength(1);
    expect(await events.named('order_edit.canceled', created.body.id)).toHaveLength(1);
  });

  it('refuses bad line changes: an unknown variant, removing a line the order lacks, removing every line', async () => {
    const { order } = await place(1);
    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: 'variant_nope', quantity: 1 }] },
      }),
      404,
      'variant_not_found',
    );
    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: otherTee.id, quantity: 0 }] },
      }),
      404,
      'line_item_not_found',
    );
    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: tee.id, quantity: 0 }] },
      }),
      422,
      'resource_invalid',
    );
    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: tee.id, quantity: -1 }] },
      }),
      422,
      'validation_error',
    );
    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: tee.id, quantity: 1_000_000 }] },
      }),
      422,
      'insufficient_stock',
    );
    expectError(
      await admin.call('POST', '/orders/or_nope/order_edits', {
        json: { items: [{ variant_id: tee.id, quantity: 1 }] },
      }),
      404,
      'record_not_found',
    );
  });

  it('refuses to edit an order with a canceled fulfillment, or one that shipped', async () => {
    const canceled = (await place(1)).order;
    const fulfillment = canceled.fulfillments[0].id;
    const path = `/orders/${canceled.id}/fulfillments/${fulfillment}`;
    expect((await admin.call('PATCH', `${path}/cancel`, { json: {} })).status).toBe(200);
    expectError(
      await admin.call('POST', edits(canceled), {
        json: { items: [{ variant_id: tee.id, quantity: 2 }] },
      }),
      422,
      'cart_invalid_state',
    );
    expect((await admin.call('PATCH', `${path}/resume`, { json: {} })).status).toBe(200);
    expect(
      (
        await admin.call('POST', edits(canceled), {
          json: { items: [{ variant_id: tee.id, quantity: 2 }] },
        })
      ).status,
    ).toBe(201);

    const { order } = await place(1);
    for (const fulfillment of order.fulfillments) {
      const shipped = await admin.call(
        'PATCH',
        `/orders/${order.id}/fulfillments/${fulfillment.id}/ship`,
        { json: {} },
      );
      expect(shipped.status).toBe(200);
    }
    expectError(
      await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: tee.id, quantity: 2 }] },
      }),
      422,
      'cart_invalid_state',
    );
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM order_edits WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    expect(count).toBe(0);
  });

  it('confirms an edit adding a line: stock taken, balance_due, then paid by the shopper through the edit’s payment session', async () => {
    const { order, cart } = await place(1);
    const stockBefore = await stockOf(otherTee);
    const created = await admin.call('POST', edits(order), {
      json: { items: [{ variant_id: otherTee.id, quantity: 1 }] },
    });
    const confirmed = await admin.call('POST', `${edits(order)}/${created.body.id}/confirm`, {
      json: {},
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', refund_status: null });
    expect(confirmed.body.confirmed_at).not.toBeNull();
    const stored = await storedOrder(order.id);
    expect(stored.payment_state).toBe('balance_due');
    expect(stored.item_count).toBe(2);
    expect(cents(stored.total)).toBe(cents(confirmed.body.preview.total));
    expect(cents(stored.total) - cents(stored.payment_total)).toBe(
      cents(confirmed.body.preview.balance_due),
    );
    expect(await stockOf(otherTee)).toBe(stockBefore - 1);
    expect(await movementsOf(order.id)).toEqual([
      { variant_id: key(ID_PREFIX.variant, otherTee.id), action: 'sale', quantity: -1 },
    ]);
    const shown = await admin.call('GET', `/orders/${order.id}`);
    expect(shown.body.payment_state).toBe('balance_due');
    expect(shown.body.items.map((item: Json) => item.variant_id).sort()).toEqual(
      [tee.id, otherTee.id].sort(),
    );
    expect(await events.named('order_edit.confirmed', created.body.id)).toHaveLength(1);
    const updates = await events.named('order.updated', order.id);
    expect(updates.at(-1)!.payload.payment_state).toBe('balance_due');

    // The shopper pays the difference through the session the confirmation carries.
    const sessionId = confirmed.body.payment_session_id;
    expect(sessionId).toMatch(/^ps_/);
    const session = await cart.paySession(sessionId);
    expect(cents(session.amount)).toBe(cents(confirmed.body.preview.balance_due));
    const settled = await storedOrder(order.id);
    expect(settled.payment_state).toBe('paid');
    expect(cents(settled.payment_total)).toBe(cents(settled.total));
    const payments = await t.dataSource.query(
      `SELECT amount::text AS amount FROM payments WHERE order_id = $1 AND state = 'completed'
        ORDER BY id`,
      [key(ID_PREFIX.order, order.id)],
    );
    expect(payments).toHaveLength(2);
    expect(cents(payments[1].amount)).toBe(cents(confirmed.body.preview.balance_due));
    const shipmentStates = await t.dataSource.query(
      'SELECT DISTINCT state FROM shipments WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    expect(shipmentStates).toEqual([{ state: 'ready' }]);
    expect((await events.named('order.updated', order.id)).at(-1)!.payload.payment_state).toBe(
      'paid',
    );
    // Once paid, the order is no longer the shopper's to pay through sessions.
    expectError(
      await cart.call('POST', `/carts/${cart.id}/payment_sessions`, {
        payment_method_id: session.payment_method.id,
      }),
      404,
      'cart_not_found',
    );
  });

  it('changes a line’s variant: the old variant’s units go back to stock, the new one’s are taken', async () => {
    const { order } = await place(2);
    const [teeBefore, otherBefore] = [await stockOf(tee), await stockOf(otherTee)];
    const created = await admin.call('POST', edits(order), {
      json: {
        items: [
          { variant_id: tee.id, quantity: 0 },
          { variant_id: otherTee.id, quantity: 2 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { state_lock_version: version } = await storedOrder(order.id);
    expectError(
      await admin.call('POST', `${edits(order)}/${created.body.id}/confirm`, {
        json: { state_lock_version: version - 1 },
      }),
      409,
      'order_already_updated',
    );
    expect((await admin.call('GET', `${edits(order)}/${created.body.id}`)).body.status).toBe(
      'draft',
    );
    const confirmed = await admin.call('POST', `${edits(order)}/${created.body.id}/confirm`, {
      json: { state_lock_version: version },
    });
    expect(confirmed.status).toBe(200);
    expect((await storedOrder(order.id)).state_lock_version).toBeGreaterThan(version);
    expect(await storedLines(order.id)).toEqual([
      { variant_id: key(ID_PREFIX.variant, otherTee.id), quantity: 2 },
    ]);
    expect(await stockOf(tee)).toBe(teeBefore + 2);
    expect(await stockOf(otherTee)).toBe(otherBefore - 2);
    const fulfillments = await t.dataSource.query(
      'SELECT line_item_ids::text[] AS lines FROM shipments WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    const [line] = await t.dataSource.query(
      'SELECT id::text AS id FROM line_items WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    expect(fulfillments).toEqual([{ lines: [line.id] }]);
    // The two sizes cost the same: nothing is owed either way.
    expect(otherTee.price).toBe(tee.price);
    expect(confirmed.body.preview.outcome).toBe('paid');
    expect((await storedOrder(order.id)).payment_state).toBe('paid');
  });

  it('an edit confirmed while the shopper pays the balance of an earlier one: one waits for the other, or both apply, and what is paid matches what is owed', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { order, cart } = await place(1);
      const stockBefore = await stockOf(otherTee);
      const adding = await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: otherTee.id, quantity: 1 }] },
      });
      const added = await admin.call('POST', `${edits(order)}/${adding.body.id}/confirm`, {
        json: {},
      });
      expect(added.body.payment_session_id).toMatch(/^ps_/);
      const removing = await admin.call('POST', edits(order), {
        json: { items: [{ variant_id: otherTee.id, quantity: 0 }] },
      });
      expect(removing.status).toBe(201);

      const pay = () => cart.completeSession(added.body.payment_session_id);
      const confirm = () =>
        admin.call('POST', `${edits(order)}/${removing.body.id}/confirm`, { json: {} });
      // The first round pays before confirming, so that both apply; the others race.
      const [payment, edit] =
        round === 0 ? [await pay(), await confirm()] : await Promise.all([pay(), confirm()]);
      outcomes.push(`${payment.status}/${edit.status}`);
      expect([200, 404, 409, 422]).toContain(payment.status);
      expect([200, 409]).toContain(edit.status);
      if (edit.status === 409) expect(edit.body.error.code).toBe('order_already_updated');
      const paymentWon = payment.status === 200;
      const editWon = edit.status === 200;
      expect(paymentWon || editWon).toBe(true);

      const stored = await storedOrder(order.id);
      const [money] = await t.dataSource.query(
        `SELECT (SELECT COALESCE(SUM(amount), 0) FROM payments
                  WHERE order_id = $1 AND state = 'completed')::text AS captured,
                (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = $1)::text AS refunded,
                (SELECT count(*)::int FROM payments WHERE order_id = $1 AND state = 'processing')
                  AS charging`,
        [key(ID_PREFIX.order, order.id)],
      );
      // Never a lost update: what was captured less refunded is the order's payment total, and
      // it pays exactly the order's total as it ends up.
      expect(money.charging).toBe(0);
      expect(cents(stored.payment_total)).toBe(cents(money.captured) - cents(money.refunded));
      expect(stored.payment_state).toBe('paid');
      expect(cents(stored.payment_total)).toBe(cents(stored.total));
      const kept = await t.dataSource.query(
        `SELECT quantity FROM line_items WHERE order_id = $1 AND variant_id = $2`,
        [key(ID_PREFIX.order, order.id), key(ID_PREFIX.variant, otherTee.id)],
      );
      const [{ status: editStatus, refund_status: refundStatus }] = await t.dataSource.query(
        'SELECT state AS status, refund_state AS refund_status FROM order_edits WHERE id = $1',
        [key(ID_PREFIX.orderEdit, removing.body.id)],
      );
      if (editWon) {
        expect(editStatus).toBe('confirmed');
        expect(kept).toEqual([]);
        expect(await stockOf(otherTee)).toBe(stockBefore);
        // Paid before the edit took the line off: the edit refunds the difference.
        expect(refundStatus).toBe(paymentWon ? 'refunded' : null);
        expect(cents(money.refunded)).toBe(paymentWon ? cents(added.body.preview.balance_due) : 0);
      } else {
        expect(editStatus).toBe('draft');
        expect(kept).toEqual([{ quantity: 1 }]);
        expect(await stockOf(otherTee)).toBe(stockBefore - 1);
        expect(cents(money.refunded)).toBe(0);
      }
    }
    expect(outcomes).toHaveLength(4);
  });

  it('confirms an edit removing units: stock given back and the credit owed refunded to the card', async () => {
    const { order } = await place(2);
    const stockBefore = await stockOf(tee);
    const paidBefore = await storedOrder(order.id);
    const created = await admin.call('POST', edits(order), {
      json: { items: [{ variant_id: tee.id, quantity: 1 }] },
    });
    expect(created.body.preview.outcome).toBe('credit_owed');
    const credit = created.body.preview.credit_owed;
    expect(cents(credit)).toBe(cents(paidBefore.total) - cents(created.body.preview.total));

    const confirmed = await admin.call('POST', `${edits(order)}/${created.body.id}/confirm`, {
      json: {},
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'confirmed',
      refund_status: 'refunded',
      failure_message: null,
    });
    expect(confirmed.body.refund_ids).toHaveLength(1);
    const refunds = await t.dataSource.query(
      'SELECT id::text AS id, amount::text AS amount, reason FROM refunds WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    expect(refunds).toHaveLength(1);
    expect(cents(refunds[0].amount)).toBe(cents(credit));
    expect(refunds[0].id).toBe(key(ID_PREFIX.refund, confirmed.body.refund_ids[0]));
    expect(refunds[0].reason).toBe(`Order edit ${created.body.id}`);
    const stored = await storedOrder(order.id);
    expect(stored.payment_state).toBe('paid');
    expect(cents(stored.payment_total)).toBe(cents(stored.total));
    expect(await stockOf(tee)).toBe(stockBefore + 1);
    expect(await movementsOf(order.id)).toEqual([
      { variant_id: key(ID_PREFIX.variant, tee.id), action: 'cancel', quantity: 1 },
    ]);
    expect(
      (await events.named('order_edit.updated', created.body.id)).map(
        (e) => e.payload.refund_status,
      ),
    ).toEqual(['refunded']);
  });

  it('recovery records the refunds of a credit a crash left unrecorded, once, making none', async () => {
    const { order } = await place(2);
    const created = await admin.call('POST', edits(order), {
      json: { items: [{ variant_id: tee.id, quantity: 1 }] },
    });
    const confirmed = await admin.call('POST', `${edits(order)}/${created.body.id}/confirm`, {
      json: {},
    });
    expect(confirmed.body.refund_status).toBe('refunded');
    // As a crash after the refund and before its recording leaves the edit.
    await t.dataSource.query(
      `UPDATE order_edits SET refund_state = NULL, refund_ids = '{}',
              updated_at = now() - interval '1 hour' WHERE id = $1`,
      [key(ID_PREFIX.orderEdit, created.body.id)],
    );
    const sweeper = t.app.get(EditRefundRecoverySweeper);
    expect(await sweeper.sweepOnce('1 second')).toBe(1);
    const shown = await admin.call('GET', `${edits(order)}/${created.body.id}`);
    expect(shown.body).toMatchObject({
      refund_status: 'refunded',
      refund_ids: confirmed.body.refund_ids,
      failure_message: null,
    });
    expect(await sweeper.sweepOnce('1 second')).toBe(0);
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM refunds WHERE order_id = $1',
      [key(ID_PREFIX.order, order.id)],
    );
    expect(count).toBe(1);
    expect((await storedOrder(order.id)).payment_state).toBe('paid');
  });
});
