import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { Money } from '../../../common/money/money.js';
import { PaymentGateways } from '../../payments/index.js';
import { PaymentMethod } from '../../payments/index.js';
import { StoreCreditWallet } from '../../store-credits/index.js';
import type {
  ApplyStoreCreditBody,
  CreatePaymentBody,
  SelectRateBody,
} from '../dto/checkout.body.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { OrderRecalculator } from '../order-recalculator.js';
import { PaymentSerializer } from '../payment.serializer.js';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import { OrderSnapshots } from '../order-snapshot.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

export interface PaymentMethodView {
  id: string;
  name: string;
  type: string;
  description: string | null;
}

/** The checkout steps after addresses: delivery rate, payment methods, payments, store credit. */
@Injectable()
export class CartCheckoutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly presenter: CartPresenter,
    private readonly snapshots: OrderSnapshots,
    private readonly serializer: OrderSerializer,
    private readonly payments: PaymentSerializer,
    private readonly gateways: PaymentGateways,
    private readonly wallet: StoreCreditWallet,
  ) {}

  /** Selects one of a fulfillment's delivery rates. */
  selectRate(
    caller: CartCaller,
    publicId: string,
    fulfillmentId: string,
    body: SelectRateBody,
  ): Promise<OrderView> {
    return this.changes.run(
      this.lookup.cart(caller, publicId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const shipmentId = this.ids.decode(ID_PREFIX.fulfillment, fulfillmentId);
        const rateId = this.ids.decode(ID_PREFIX.deliveryRate, body.selected_delivery_rate_id);
        const [, selected]: [unknown, number] = await manager.query(
          `UPDATE delivery_rates r SET selected = (r.id = $3), updated_at = now()
           FROM shipments s
           WHERE s.id = r.shipment_id AND s.id = $1 AND s.order_id = $2
             AND EXISTS (SELECT 1 FROM delivery_rates x WHERE x.id = $3 AND x.shipment_id = s.id)`,
          [shipmentId ?? '0', order.id, rateId ?? '0'],
        );
        if (selected === 0) {
          throw new StoreError(
            'record_not_found',
            'The fulfillment or delivery rate does not exist in this cart',
          );
        }
        await this.recalculator.recalculate(change);
        return this.presenter.present(change, caller);
      },
    );
  }

  /** The store's active ways to pay a cart (store credit is applied with its own route). */
  async paymentMethods(
    caller: CartCaller,
    publicId: string,
  ): Promise<{ data: PaymentMethodView[] }> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.cartOf(manager, caller, publicId);
    const methods = await manager.find(PaymentMethod, {
      where: { storeId: order.storeId, active: true },
      order: { position: 'ASC', id: 'ASC' },
    });
    return {
      data: methods
        .filter((method) => method.type !== 'store_credit')
        .map((method) => ({
          id: this.ids.encode(ID_PREFIX.paymentMethod, method.id),
          name: method.name,
          type: method.type,
          description: method.description,
        })),
    };
  }

  /**
   * Adds a card or check payment for the balance not covered by store credit. It is charged when
   * the order is placed; an earlier unprocessed card or check payment is replaced.
   */
  createPayment(
    caller: CartCaller,
    publicId: string,
    body: CreatePaymentBody,
  ): Promise<Record<string, unknown>> {
    return this.changes.run(
      this.lookup.cart(caller, publicId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const method = await this.method(manager, order, body.payment_method_id);
        if (method.type === 'store_credit') {
          throw new StoreError('validation_error', 'The request failed validation', {
            payment_method_id: ['store credit is applied with POST /carts/:id/store_credits'],
          });
        }
        const source = this.gateways.for(method.type).tokenize(body.source);
        await manager.query(
          `UPDATE payments SET state = 'invalid', updated_at = now()
           WHERE order_id = $1 AND state = 'checkout' AND store_credit_id IS NULL`,
          [order.id],
        );
        const balance = await this.balanceAfterCredit(manager, order);
        const [{ id }]: { id: string }[] = await manager.query(
          `INSERT INTO payments (store_id, order_id, payment_method_id, amount, source)
           VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`,
          [order.storeId, order.id, method.id, balance, source ? JSON.stringify(source) : null],
        );
        await this.recalculator.recalculate(change);
        const snapshot = await this.snapshots.load(manager, order);
        const payment = snapshot.payments.find((candidate) => candidate.id === id)!;
        return this.payments.serialize({
          ...payment,
          orderPublicId: this.serializer.publicId(order),
          currency: order.currency,
        });
      },
    );
  }

  /** Pays with the signed-in customer's store credit in the cart's currency, oldest first. */
  applyStoreCredit(
    caller: CartCaller,
    publicId: string,
    body: ApplyStoreCreditBody,
  ): Promise<OrderView> {
    const customerId = signedInOwner(caller);
    return this.changes.run(
      this.lookup.cart({ ...caller, cartToken: null }, publicId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        await this.dropStoreCredit(manager, order);
        await this.recalculator.recalculate(change);
        const method = await this.storeCreditMethod(manager, order);
        let wanted = Money.of(order.total, order.currency);
        if (body.amount !== undefined) wanted = wanted.min(Money.of(body.amount, order.currency));
        const draws = await this.wallet.plan(
          manager,
          { storeId: order.storeId, customerId, currency: order.currency },
          wanted.toString(),
        );
        if (draws.length === 0) {
          throw new StoreError(
            'payment_failed',
            'The customer has no store credit in this currency',
          );
        }
        await manager.query(
          `INSERT INTO payments (store_id, order_id, payment_method_id, store_credit_id, amount)
           SELECT $1, $2, $3, credit, amount FROM unnest($4::bigint[], $5::numeric[]) AS d(credit, amount)`,
          [
            order.storeId,
            order.id,
            method.id,
            draws.map((draw) => draw.storeCreditId),
            draws.map((draw) => draw.amount),
          ],
        );
        await this.resizeCardPayment(manager, order);
        await this.recalculator.recalculate(change);
        return this.presenter.present(change, caller);
      },
    );
  }

  removeStoreCredit(caller: CartCaller, publicId: string): Promise<OrderView> {
    signedInOwner(caller);
    return this.changes.run(
      this.lookup.cart({ ...caller, cartToken: null }, publicId),
      undefined,
      async (change) => {
        await this.dropStoreCredit(change.manager, change.order);
        await this.resizeCardPayment(change.manager, change.order);
        await this.recalculator.recalculate(change);
        return this.presenter.present(change, caller);
      },
    );
  }

  private async dropStoreCredit(manager: EntityManager, order: Order): Promise<void> {
    await manager.query(
      `DELETE FROM payments WHERE order_id = $1 AND state = 'checkout' AND store_credit_id IS NOT NULL`,
      [order.id],
    );
  }

  /** A pending card or check payment covers whatever store credit leaves. */
  private async resizeCardPayment(manager: EntityManager, order: Order): Promise<void> {
    await manager.query(
      `UPDATE payments SET amount = $2, updated_at = now()
       WHERE order_id = $1 AND state = 'checkout' AND store_credit_id IS NULL`,
      [order.id, await this.balanceAfterCredit(manager, order)],
    );
  }

  private async balanceAfterCredit(manager: EntityManager, order: Order): Promise<string> {
    const [{ credit }]: { credit: string }[] = await manager.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS credit FROM payments
       WHERE order_id = $1 AND store_credit_id IS NOT NULL AND state IN ('checkout', 'completed')`,
      [order.id],
    );
    const balance = Money.of(order.total, order.currency).minus(credit);
    return (balance.isNegative() ? Money.zero(order.currency) : balance).round().toString();
  }

  private async method(manager: EntityManager, order: Order, publicId: string) {
    const id = this.ids.decode(ID_PREFIX.paymentMethod, publicId);
    const method = id
      ? await manager.findOneBy(PaymentMethod, { id, storeId: order.storeId, active: true })
      : null;
    if (!method) throw StoreError.notFound('payment method');
    return method;
  }

  private async storeCreditMethod(manager: EntityManager, order: Order) {
    const method = await manager.findOneBy(PaymentMethod, {
      storeId: order.storeId,
      type: 'store_credit',
      active: true,
    });
    if (!method) {
      throw new StoreError('payment_failed', 'This store does not accept store credit');
    }
    return method;
  }
}

function signedInOwner(caller: CartCaller): string {
  if (caller.customerId === null) {
    throw new StoreError('authentication_required', 'Store credit needs a signed-in customer');
  }
  return caller.customerId;
}
