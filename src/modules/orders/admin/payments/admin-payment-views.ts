import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { amountFields } from '../../../../common/money/amount-fields.js';
import { Money } from '../../../../common/money/money.js';
import type { PaymentMethodType } from '../../../payments/index.js';
import type { Order } from '../../entities/order.entity.js';
import { OrderSnapshots } from '../../order-snapshot.js';
import { PaymentSerializer } from '../../payment.serializer.js';

/** A payment as staff see it: the v3 payment plus what was refunded of it. */
export type AdminPaymentView = Record<string, unknown> & {
  id: string;
  refunded_amount: string;
  display_refunded_amount: string;
};

/** What the payment actions need of one payment of the order. */
export interface PaymentFacts {
  id: string;
  state: string;
  amount: string;
  /** What its refunds add up to. */
  refunded: string;
  methodType: PaymentMethodType;
  storeCreditId: string | null;
  giftCardId: string | null;
  /** The gateway's reference for the authorization or charge. */
  reference: string | null;
}

const SELECT_FACTS = `
  SELECT p.id::text AS id, p.state, p.amount::text AS amount,
         COALESCE((SELECT SUM(r.amount) FROM refunds r WHERE r.payment_id = p.id), 0)::text AS refunded,
         pm.type AS "methodType", p.store_credit_id::text AS "storeCreditId",
         p.gift_card_id::text AS "giftCardId",
         p.response_code AS reference
  FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id`;

/** Finding an order's payments by `py_…` id and rendering them for staff. */
@Injectable()
export class AdminPaymentViews {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly snapshots: OrderSnapshots,
    private readonly serializer: PaymentSerializer,
  ) {}

  /** The order's payment `publicId` (`field` names it in the 404's details when it came in a body). */
  async facts(
    manager: EntityManager,
    order: Order,
    publicId: string,
    field?: string,
  ): Promise<PaymentFacts> {
    const key = this.ids.decode(ID_PREFIX.payment, publicId);
    const [row]: PaymentFacts[] = key
      ? await manager.query(`${SELECT_FACTS} WHERE p.id = $1 AND p.order_id = $2`, [key, order.id])
      : [];
    if (!row) {
      throw new StoreError(
        'record_not_found',
        'The order has no such payment',
        field ? { [field]: ['does not exist'] } : undefined,
      );
    }
    return row;
  }

  /** The order's payments in `states`, oldest first. */
  inStates(
    manager: EntityManager,
    order: Order,
    states: readonly string[],
  ): Promise<PaymentFacts[]> {
    return manager.query(
      `${SELECT_FACTS} WHERE p.order_id = $1 AND p.state = ANY($2::text[]) ORDER BY p.id`,
      [order.id, states],
    );
  }

  /** Every payment of the order, oldest first. */
  async all(manager: EntityManager, order: Order): Promise<AdminPaymentView[]> {
    const snapshot = await this.snapshots.load(manager, order);
    const refunds: { payment_id: string; refunded: string }[] = await manager.query(
      `SELECT payment_id::text AS payment_id, SUM(amount)::text AS refunded FROM refunds
       WHERE order_id = $1 GROUP BY payment_id`,
      [order.id],
    );
    const refunded = new Map(refunds.map((row) => [row.payment_id, row.refunded]));
    const orderPublicId = this.ids.encode(ID_PREFIX.order, order.id);
    return snapshot.payments.map(
      (payment) =>
        ({
          ...this.serializer.serialize({ ...payment, orderPublicId, currency: order.currency }),
          ...amountFields(
            'refunded_amount',
            Money.of(refunded.get(payment.id) ?? '0', order.currency),
          ),
        }) as AdminPaymentView,
    );
  }

  /** One payment of the order by its key (as just written in `manager`'s transaction). */
  async one(manager: EntityManager, order: Order, key: string): Promise<AdminPaymentView> {
    const id = this.ids.encode(ID_PREFIX.payment, key);
    const found = (await this.all(manager, order)).find((payment) => payment.id === id);
    if (!found) throw new StoreError('record_not_found', 'The order has no such payment');
    return found;
  }
}
