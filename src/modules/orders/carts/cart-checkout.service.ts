import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { PaymentGateways } from '../../payments/index.js';
import { PaymentMethod, type PaymentMethodType } from '../../payments/index.js';
import { StoreCreditWallet } from '../../store-credits/index.js';
import type { Money } from '../../../common/money/money.js';
import { positiveAmount } from '../domain/decimal-amount.js';
import type {
  ApplyStoreCreditBody,
  CreatePaymentBody,
  SelectRateBody,
} from '../dto/checkout.body.js';
import type { Order } from '../entities/order.entity.js';
import { preparedIn } from '../../../platform/database/prepared-sql.js';
import { OrderLookup } from '../order-lookup.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderPayments } from '../order-payments.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { PaymentMethodView } from '../payment-method-view.js';
import { StoreCheckoutOptionsCache } from '../store-checkout-options.js';
import { PaymentSerializer } from '../payment.serializer.js';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

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
    private readonly serializer: OrderSerializer,
    private readonly payments: PaymentSerializer,
    private readonly gateways: PaymentGateways,
    private readonly wallet: StoreCreditWallet,
    private readonly orderPayments: OrderPayments,
    private readonly storeOptions: StoreCheckoutOptionsCache,
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
        await this.selectRateIn(change, fulfillmentId, body.selected_delivery_rate_id);
        await this.recalculator.recalculate(change);
        return this.presenter.present(change, caller);
      },
    );
  }

  /** Selects a delivery rate within a change (the caller recalculates the order). */
  async selectRateIn(change: OrderChange, fulfillmentId: string, rateId: string): Promise<void> {
    const { manager, order } = change;
    const shipment = this.ids.decode(ID_PREFIX.fulfillment, fulfillmentId);
    const rate = this.ids.decode(ID_PREFIX.deliveryRate, rateId);
    const [, selected]: [unknown, number] = await manager.query(
      `UPDATE delivery_rates r SET selected = (r.id = $3), updated_at = now()
       FROM shipments s
       WHERE s.id = r.shipment_id AND s.id = $1 AND s.order_id = $2
         AND EXISTS (SELECT 1 FROM delivery_rates x WHERE x.id = $3 AND x.shipment_id = s.id)`,
      [shipment ?? '0', order.id, rate ?? '0'],
    );
    if (selected === 0) {
      throw new StoreError(
        'record_not_found',
        'The fulfillment or delivery rate does not exist in this cart',
      );
    }
  }

  /** The store's active ways to pay a cart (store credit is applied with its own route). */
  async paymentMethods(
    caller: CartCaller,
    publicId: string,
  ): Promise<{ data: PaymentMethodView[] }> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.cartOf(manager, caller, publicId);
    // The same list every cart rendering shows, dropped in every process when one changes.
    const { paymentMethods } = await this.storeOptions.of(manager, order.storeId);
    return { data: paymentMethods };
  }

  /**
   * Adds a card or check payment, charged when the order is placed: for `amount` (a partial
   * payment, at most what is left to pay), or without it for whatever is left then, replacing
   * an earlier unprocessed payment of that kind.
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
        const { order } = change;
        // A payment moves neither shipments nor taxes: only the checkout state may follow it.
        const { id, payments } = await this.addAndFit(change, body);
        // The order's own fields go out with the read that renders it.
        await this.recalculator.recalculatePaymentState(change, payments, { renderedNext: true });
        const { snapshot } = await this.serializer.rendering(change);
        const payment = snapshot.payments.find((candidate) => candidate.id === id)!;
        return this.payments.serialize({
          ...payment,
          orderPublicId: this.serializer.publicId(order),
          currency: order.currency,
        });
      },
    );
  }

  /** Adds a payment within a change (see `createPayment`; the caller recalculates the order). */
  async addPaymentIn(change: OrderChange, body: CreatePaymentBody): Promise<string> {
    return (await this.addAndFit(change, body)).id;
  }

  /** Adds the payment and fits the balance payments to it; the order's payments as they stand. */
  private async addAndFit(change: OrderChange, body: CreatePaymentBody) {
    const { manager, order } = change;
    const method = await this.method(manager, order, body.payment_method_id);
    if (method.type === 'store_credit') {
      throw new StoreError('validation_error', 'The request failed validation', {
        payment_method_id: ['store credit is applied with POST /carts/:id/store_credits'],
      });
    }
    const source = this.gateways.for(method.type).tokenize(body.source);
    const amount =
      body.amount === undefined
        ? undefined
        : await this.affordable(manager, order, positiveAmount(body.amount, order.currency));
    const { id, payments } = await this.orderPayments.addAndFit(manager, order, {
      methodId: method.id,
      amount: amount ?? '0',
      coversBalance: amount === undefined,
      source,
      metadata: body.metadata,
    });
    // The method was offered when the store's options were read; it was no longer active.
    if (id === null) throw StoreError.notFound('payment method');
    return { id, payments };
  }

  /**
   * Pays with the signed-in customer's store credit in the cart's currency, oldest first: as
   * much as is left to pay, or at most `amount`.
   */
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
        const cap =
          body.amount === undefined ? undefined : positiveAmount(body.amount, order.currency);
        await this.dropStoreCredit(manager, order);
        await this.recalculator.recalculate(change);
        const method = await this.storeCreditMethod(manager, order);
        let wanted = await this.orderPayments.amountLeft(manager, order);
        if (cap !== undefined) wanted = wanted.min(cap);
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
        for (const draw of draws) {
          await this.orderPayments.add(manager, order, {
            methodId: method.id,
            storeCreditId: draw.storeCreditId,
            amount: draw.amount,
            coversBalance: false,
          });
        }
        await this.orderPayments.fitBalancePayments(manager, order);
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
        await this.orderPayments.fitBalancePayments(change.manager, change.order);
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

  /** `amount` as a decimal string, if no more than is left to pay; otherwise 422. */
  private async affordable(manager: EntityManager, order: Order, amount: Money): Promise<string> {
    const left = await this.orderPayments.amountLeft(manager, order);
    if (amount.compare(left) > 0) {
      throw new StoreError('validation_error', 'The request failed validation', {
        amount: [`amount may be at most what is left to pay (${left.toString()})`],
      });
    }
    return amount.toString();
  }

  /**
   * The method a payment names: one the store offers carts (its cached checkout options; the
   * payment's own statement checks that it is still active), else read here, so that an
   * inactive or unknown one is not found and store credit is refused.
   */
  private async method(
    manager: EntityManager,
    order: Order,
    publicId: string,
  ): Promise<Pick<PaymentMethod, 'id' | 'type'>> {
    const id = this.ids.decode(ID_PREFIX.paymentMethod, publicId);
    if (id === undefined) throw StoreError.notFound('payment method');
    const { paymentMethods } = await this.storeOptions.of(manager, order.storeId);
    const offered = paymentMethods.find((candidate) => candidate.id === publicId);
    if (offered) return { id, type: offered.type as PaymentMethodType };
    const {
      rows: [method],
    } = await preparedIn<Pick<PaymentMethod, 'id' | 'type'>>(
      manager,
      'cart_payment_method',
      `SELECT id::text AS id, type FROM payment_methods
       WHERE id = $1 AND store_id = $2 AND active`,
      [id, order.storeId],
    );
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
