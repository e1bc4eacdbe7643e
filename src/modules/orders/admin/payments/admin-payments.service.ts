import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { positiveAmount } from '../../../../common/money/decimal-amount.js';
import { Money } from '../../../../common/money/money.js';
import { pageOf, pageOffset, type Page } from '../../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { PaymentGateways, PaymentMethod } from '../../../payments/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { CartCheckoutService } from '../../carts/cart-checkout.service.js';
import type { LockedBody } from '../../dto/cart.body.js';
import type { CreatePaymentBody } from '../../dto/checkout.body.js';
import { isPlaced, OrderLookup } from '../../order-lookup.js';
import { OrderPayments, REFUSAL_CODES } from '../../order-payments.js';
import type { OrderContext } from '../../order-snapshot.js';
import type { PaymentOperationPlan } from '../../payment-operations/payment-operation.js';
import { OrderRecalculator } from '../../order-recalculator.js';
import {
  type AdminPaymentView,
  AdminPaymentViews,
  type PaymentFacts,
} from './admin-payment-views.js';
import type { CapturePaymentBody } from './dto/payment-action.body.js';
import { PaymentSettlement } from './payment-settlement.js';
import { GatewayOperationRunner } from '../../payment-operations/gateway-operation-runner.js';
import { PaymentOperationEffects } from '../../payment-operations/payment-operation-effects.js';

/** Payment states a void still applies to: nothing was taken yet. */
const VOIDABLE = new Set(['checkout', 'pending']);

/**
 * Staff work with an order's payments: add one, capture an authorized one (in full or in part),
 * void one not yet captured. A capture or void is claimed, sent to the gateway with no
 * transaction open and settled in a change of the order (its `state_lock_version` claimed,
 * `payment.*` and `order.updated` published with it): see `GatewayOperationRunner`. Adding a
 * payment to a placed order authorizes it inside its change.
 */
@Injectable()
export class AdminPaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly views: AdminPaymentViews,
    private readonly payments: OrderPayments,
    private readonly gateways: PaymentGateways,
    private readonly checkout: CartCheckoutService,
    private readonly recalculator: OrderRecalculator,
    private readonly settlement: PaymentSettlement,
    private readonly runner: GatewayOperationRunner,
    private readonly effects: PaymentOperationEffects,
  ) {}

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<AdminPaymentView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const all = await this.views.all(manager, order);
    const offset = pageOffset(query.page, query.limit);
    return pageOf(all.slice(offset, offset + query.limit), all.length, query.page, query.limit);
  }

  async show(store: StoreContext, orderId: string, paymentId: string): Promise<AdminPaymentView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const { id } = await this.views.facts(manager, order, paymentId);
    return this.views.one(manager, order, id);
  }

  /**
   * A draft or cart gets a payment in state `checkout`, charged when it is placed (as in the
   * Store API). A complete order with a balance due gets one authorized now for `amount` (default:
   * the balance), between the claim and the settling (`GatewayOperationRunner`): a check or an
   * approved card is `pending` until captured. A refusal is recorded as a `failed` payment and
   * answered 422 `payment_failed` / `gateway_error` after the settling commits.
   */
  async create(
    store: StoreContext,
    orderId: string,
    body: CreatePaymentBody,
  ): Promise<AdminPaymentView> {
    const { view, refusal } = await this.runner.run(
      this.lookup.inStore(store.storeId, orderId),
      body.state_lock_version,
      {
        claim: async (context) =>
          isPlaced(context.order)
            ? { plans: [await this.authorization(context, body)], context: { draft: false } }
            : { plans: [], context: { draft: true } },
        settle: async (change, [done], { draft }) => {
          const { manager, order } = change;
          if (draft) {
            const key = await this.checkout.addPaymentIn(change, body);
            await this.recalculator.recalculate(change);
            return { view: await this.views.one(manager, order, key), refusal: null };
          }
          const applied = done?.applied;
          // None only when recovery took the authorization over: the runner then answers 422.
          if (!applied) return { view: undefined, refusal: null };
          await this.settlement.settle(change, { lastPaymentFailed: applied.refusal != null });
          const view = await this.views.one(manager, order, applied.paymentId!);
          return { view, refusal: applied.refusal ?? null };
        },
      },
    );
    if (refusal) {
      throw new StoreError(REFUSAL_CODES[refusal.reason], refusal.message, {
        payment_id: [view!.id],
      });
    }
    return view!;
  }

  /**
   * Takes `amount` (default: all) of an authorized (`pending`) payment; the rest is released. The
   * gateway is called between the claim and the settling (`GatewayOperationRunner`).
   */
  capture(
    store: StoreContext,
    orderId: string,
    paymentId: string,
    body: CapturePaymentBody,
  ): Promise<AdminPaymentView> {
    return this.runner.run(this.lookup.inStore(store.storeId, orderId), body.state_lock_version, {
      claim: async ({ manager, order }) => {
        const asked =
          body.amount === undefined ? undefined : positiveAmount(body.amount, order.currency);
        const payment = await this.views.facts(manager, order, paymentId);
        if (payment.state !== 'pending') {
          throw invalidState(payment, 'only a pending (authorized) payment can be captured');
        }
        const authorized = Money.of(payment.amount, order.currency);
        const amount = asked ?? authorized;
        if (amount.compare(authorized) > 0) {
          throw new StoreError('validation_error', 'The request failed validation', {
            amount: [
              `amount may be at most what was authorized (${authorized.round().toString()})`,
            ],
          });
        }
        const effect = {
          paymentId: payment.id,
          kind: 'capture' as const,
          amount: amount.round().toString(),
          details: {},
        };
        const inStore = payment.methodType === 'store_credit';
        const plans = inStore ? [] : [{ ...effect, publicPaymentId: paymentId }];
        return { plans, context: { effect, inStore } };
      },
      settle: async (change, _results, { effect, inStore }) => {
        if (inStore) await this.effects.apply(change, effect, { reference: null });
        await this.settlement.settle(change);
        return this.views.one(change.manager, change.order, effect.paymentId);
      },
    });
  }

  /**
   * Voids a payment nothing was taken of yet (`checkout` or `pending`), releasing its
   * authorization at its gateway (between the claim and the settling).
   */
  void(
    store: StoreContext,
    orderId: string,
    paymentId: string,
    body: LockedBody,
  ): Promise<AdminPaymentView> {
    return this.runner.run(this.lookup.inStore(store.storeId, orderId), body.state_lock_version, {
      claim: async ({ manager, order }) => {
        const payment = await this.views.facts(manager, order, paymentId);
        if (!VOIDABLE.has(payment.state)) {
          throw invalidState(
            payment,
            'only a payment not yet captured (checkout or pending) can be voided; refund a completed one',
          );
        }
        const effect = { paymentId: payment.id, kind: 'void' as const, amount: null, details: {} };
        const inStore = payment.state !== 'pending' || payment.methodType === 'store_credit';
        const plans = inStore ? [] : [{ ...effect, publicPaymentId: paymentId }];
        return { plans, context: { effect, inStore } };
      },
      settle: async (change, _results, { effect, inStore }) => {
        const { manager, order } = change;
        if (inStore) await this.effects.apply(change, effect, { reference: null });
        if (isPlaced(order)) await this.settlement.settle(change);
        else await this.payments.fitBalancePayments(manager, order);
        return this.views.one(manager, order, effect.paymentId);
      },
    });
  }

  /** The authorization of a new payment of a complete order, as the claim checks it. */
  private async authorization(
    { manager, order }: OrderContext,
    body: CreatePaymentBody,
  ): Promise<PaymentOperationPlan> {
    if (order.state !== 'complete') {
      throw new StoreError('cart_invalid_state', `A ${order.state} order takes no new payments`, {
        state: order.state,
      });
    }
    const method = await this.method(manager, order.storeId, body.payment_method_id);
    if (method.type === 'store_credit') {
      throw new StoreError('validation_error', 'The request failed validation', {
        payment_method_id: ['store credit is applied at checkout, not to a placed order'],
      });
    }
    const source = this.gateways.for(method.type).tokenize(body.source);
    const asked =
      body.amount === undefined ? undefined : positiveAmount(body.amount, order.currency);
    const due = await this.settlement.balanceDue(manager, order);
    if (due.isZero()) {
      throw new StoreError('resource_invalid', 'The order has no balance due', {
        amount: ['the order is paid (or its payments waiting to be captured cover it)'],
      });
    }
    const amount = asked ?? due;
    if (amount.compare(due) > 0) {
      throw new StoreError('validation_error', 'The request failed validation', {
        amount: [`amount may be at most the balance due (${due.toString()})`],
      });
    }
    return {
      paymentId: null,
      publicPaymentId: null,
      kind: 'authorize',
      amount: amount.round().toString(),
      details: { payment_method_id: method.id, source, metadata: body.metadata },
    };
  }

  private async method(manager: EntityManager, storeId: string, publicId: string) {
    const id = this.ids.decode(ID_PREFIX.paymentMethod, publicId);
    const method = id
      ? await manager.findOneBy(PaymentMethod, { id, storeId, active: true })
      : null;
    if (!method) {
      throw new StoreError('record_not_found', 'The payment method does not exist', {
        payment_method_id: ['does not exist'],
      });
    }
    return method;
  }
}

/** 422 `resource_invalid`: the payment's state does not allow the action. */
export function invalidState(payment: PaymentFacts, rule: string): StoreError {
  return new StoreError('resource_invalid', `The payment is ${payment.state}: ${rule}`, {
    state: [`${rule}; this one is ${payment.state}`],
  });
}
