import { PaymentSchema, RefundSchema } from '@spree/sdk/zod';
import { z } from 'zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { type AdminShops, startAdminShops } from './admin-fixtures.js';
import {
  CartClient,
  CARDS,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  placeOrder,
} from './checkout-fixtures.js';
import type { AdminCaller } from './customers-fixtures.js';
import { keyOf } from './staff-fixtures.js';
import type { TestApp } from './test-app.js';

/** The client's `Payment` plus what the Admin API adds beside it. */
export const AdminPaymentSchema = PaymentSchema.extend({
  id: z.string().regex(/^py_/),
  order_id: z.string().regex(/^or_/),
  state: z.string(),
  refunded_amount: z.string(),
  display_refunded_amount: z.string(),
});

/** The client's `Refund` plus what the Admin API adds; nothing else. */
export const AdminRefundSchema = RefundSchema.extend({
  id: z.string().regex(/^ref_/),
  payment_id: z.string().regex(/^py_/),
  display_amount: z.string(),
  order_id: z.string().regex(/^or_/),
  reason: z.string().nullable(),
  staff_user_id: z
    .string()
    .regex(/^admin_/)
    .nullable(),
  api_key_id: z.string().regex(/^key_/).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).strict();

/** A card the test gateway never answers for (every call throws, as a lost connection would). */
export const UNREACHABLE_CARD = {
  number: '4000000000000259',
  month: 12,
  year: 2099,
  verification_value: '123',
};

const testCard = (number: string) => ({ number, month: 12, year: 2099, verification_value: '123' });

/**
 * Test cards approved at once whose later captures, voids or refunds misbehave (docs/api.md,
 * "Payments"): refused, done by the gateway with the answer lost, or answered slowly.
 */
export const FOLLOW_UP_CARDS = {
  captureRefused: testCard('4000000000000341'),
  captureLost: testCard('4000000000000077'),
  refundRefused: testCard('4000000000005126'),
  refundLost: testCard('4000000000009995'),
  slowFollowUps: testCard('4000000000000044'),
};

export interface StoredPaymentRow {
  state: string;
  amount: string;
  response_code: string | null;
  failure_message: string | null;
}

export interface StoredOrderPayments {
  state: string;
  state_lock_version: number;
  payment_state: string | null;
  payment_total: string;
  shipment_state: string | null;
}

/** Orders placed through the Store API and what their payments stored, by public id. */
export class PaymentScenario {
  constructor(
    readonly t: TestApp,
    readonly shop: DemoCredentials,
    readonly admin: AdminCaller,
    readonly variant: DemoVariant,
  ) {}

  /**
   * A complete order paid by card (`paid`; the approved card unless `card`) or by check
   * (`balance_due`, a pending check payment).
   */
  async placed(
    pay: 'test_card' | 'check',
    quantity = 1,
    card?: Record<string, unknown>,
  ): Promise<Record<string, any>> {
    return placeOrder(new CartClient(this.t, this.shop), {
      lines: [{ variantId: this.variant.id, quantity }],
      pay,
      card,
    });
  }

  /** A complete order with a balance due and no live payment: its check payment voided. */
  async withBalanceDue(quantity = 1): Promise<Record<string, any>> {
    const order = await this.placed('check', quantity);
    const voided = await this.admin.call(
      'PATCH',
      `/orders/${order.id}/payments/${order.payments[0].id}/void`,
    );
    expect(voided.status).toBe(200);
    return order;
  }

  /** A card payment authorized (pending) on an order with a balance due. */
  async authorized(
    order: Record<string, any>,
    fields: Record<string, unknown> = {},
  ): Promise<Record<string, any>> {
    const response = await this.admin.call('POST', `/orders/${order.id}/payments`, {
      json: {
        payment_method_id: await this.methodId('test_card'),
        source: CARDS.approved,
        ...fields,
      },
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  async methodId(type: 'test_card' | 'check' | 'store_credit'): Promise<string> {
    const response = await this.admin.call('GET', '/payment_methods');
    expect(response.status).toBe(200);
    return response.body.data.find((method: { type: string }) => method.type === type).id;
  }

  async payment(paymentId: string): Promise<StoredPaymentRow> {
    const [row] = await this.t.dataSource.query(
      `SELECT state, amount::numeric(20,2)::text AS amount, response_code, failure_message
       FROM payments WHERE id = $1`,
      [keyOf(this.t, ID_PREFIX.payment, paymentId)],
    );
    return row;
  }

  async order(orderId: string): Promise<StoredOrderPayments> {
    const [row] = await this.t.dataSource.query(
      `SELECT state, state_lock_version, payment_state,
              payment_total::numeric(20,2)::text AS payment_total, shipment_state
       FROM orders WHERE id = $1`,
      [keyOf(this.t, ID_PREFIX.order, orderId)],
    );
    return row;
  }

  /** The order's payments as `state amount`, oldest first. */
  async paymentsOf(orderId: string): Promise<string[]> {
    const rows: { state: string; amount: string }[] = await this.t.dataSource.query(
      `SELECT state, amount::numeric(20,2)::text AS amount FROM payments
       WHERE order_id = $1 ORDER BY id`,
      [keyOf(this.t, ID_PREFIX.order, orderId)],
    );
    return rows.map((row) => `${row.state} ${row.amount}`);
  }

  /** The payloads of the store's events called `name` about `id` (or whose `order_id` is it), oldest first. */
  async events(name: string, id: string): Promise<Record<string, any>[]> {
    const rows: { payload: Record<string, any> }[] = await this.t.dataSource.query(
      `SELECT payload FROM events WHERE store_id = $1 AND name = $2
         AND (payload->>'id' = $3 OR payload->>'order_id' = $3)
       ORDER BY position`,
      [keyOf(this.t, ID_PREFIX.store, this.shop.store_id), name, id],
    );
    return rows.map((row) => row.payload);
  }

  /** How many events the store's outbox holds. */
  async eventCount(): Promise<number> {
    const [{ count }] = await this.t.dataSource.query(
      'SELECT count(*)::int AS count FROM events WHERE store_id = $1',
      [keyOf(this.t, ID_PREFIX.store, this.shop.store_id)],
    );
    return count;
  }
}

/**
 * Two seeded stores (see `startAdminShops`) whose ceramic coffee mugs have plenty of stock, with
 * a payment scenario for each.
 */
export async function startPaymentShops(): Promise<
  AdminShops & { scenario: PaymentScenario; otherScenario: PaymentScenario }
> {
  const shops = await startAdminShops();
  const { t, shop, other } = shops;
  const records = new CheckoutRecords(t);
  const [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
  const [otherMug] = await demoVariants(t, other, 'ceramic-coffee-mug');
  await records.setStock(mug.id, 10_000);
  await records.setStock(otherMug.id, 10_000);
  return {
    ...shops,
    scenario: new PaymentScenario(t, shop, shops.admin, mug),
    otherScenario: new PaymentScenario(t, other, shops.otherAdmin, otherMug),
  };
}
