import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { Money } from '../../common/money/money.js';
import { commitWithEvents, EventPublisher, ModelEvents } from '../../events/index.js';
import { isTransientTransactionError } from '../../platform/database/database-errors.js';
import { type GatewayMethodType, PaymentGateways } from '../payments/index.js';
import { CardPayments, type CaptureOutcome, type HeldPayment } from './card-payments.js';
import { checkoutRequirements } from './domain/checkout-progress.js';
import { LIVE_PAYMENT_STATES } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import { type CompletionStart, readCompletionStart } from './order-completion-read.js';
import { DiscountsLost, OrderDiscountClaims } from './order-discount-claims.js';
import { GiftCardLost, OrderGiftCardClaims } from './order-gift-card-claims.js';
import { OrderChange } from './order-change.js';
import { conflict, OrderChanges } from './order-changes.js';
import { OrderEvents } from './order-events.js';
import { OrderExtensions } from './order-extensions.js';
import { isPlaced, OrderLookup, type OrderTarget } from './order-lookup.js';
import { gatewayCall, OrderPayments, PaymentRefused, REFUSAL_CODES } from './order-payments.js';
import { type LocalOutcome, OrderPlacing, type PlacedOrder } from './order-placing.js';
import { OrderSerializer, type OrderView } from './order.serializer.js';
import {
  checkoutFactsOf,
  type OrderContext,
  type OrderRendering,
  type OrderSnapshot,
} from './order-snapshot.js';
import { compareKeys, OrderStock } from './order-stock.js';
import { PaymentSerializer } from './payment.serializer.js';
import { HoldLeases, newHoldId } from './payment-hold-lease.js';
import { PaymentHoldWaits } from './payment-hold-waits.js';
import { type PaymentPlan, planPayments } from './payment-plan.js';
import type { PlacedOrderContext } from './placing-columns.js';
import { recordStateChange } from './state-history.js';
import { StoreCheckoutOptionsCache } from './store-checkout-options.js';

/**
 * Renders the order a completion answers with; `rendering` is the order as the completion left
 * it, when it knows it (a placed order read anew has none).
 */
export type CompletionRender = (
  context: OrderContext,
  rendering?: OrderRendering,
) => Promise<OrderView>;

/**
 * How long a completion waits for another one holding the cart's payments: well beyond what a
 * live one takes with a slow gateway, and beyond `HOLD_LEASE`, after which a dead one's payments
 * are taken over.
 */
const HOLD_WAIT_MS = 30_000;
/** Reads of the cart a completion makes before a cart that keeps changing is a conflict. */
const ATTEMPTS = 10;

/** The order changed after it was read, before it could be placed. */
class OrderMoved extends Error {}

/**
 * Places an order: checks what checkout still needs, takes the stock, charges the payments,
 * writes the final states and records `order.completed`. A refused payment undoes all of it and
 * is then recorded as failed. Completing a placed order again returns it unchanged.
 *
 * One read gives the cart as its last change stored it (totals, parts, stock that fell short,
 * what was paid); what each payment is charged is planned from it, and the placing (one
 * statement, see `OrderPlacing`) only goes ahead if the cart is still at the
 * `state_lock_version` read then. Card payments (remote gateways) are never called while the
 * order's or the stock's rows are held: the cards are claimed (`processing`, committed) and
 * authorized, each reference committed at once; the order is placed with them held; after that
 * commits they are captured and the order settled, which publishes the completion's events. A
 * placing that fails (stock ran out, the cart changed) voids the authorizations and gives the
 * payments back to checkout. The claim carries a lease its holder renews while it works: what a
 * crash leaves held is taken over once the lease runs out, by the next completion of the cart or
 * by `PaymentRecoverySweeper` (see `HeldPaymentRecovery`).
 */
@Injectable()
export class OrderCompletion {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly serializer: OrderSerializer,
    private readonly storeOptions: StoreCheckoutOptionsCache,
    private readonly stock: OrderStock,
    private readonly payments: OrderPayments,
    private readonly extensions: OrderExtensions,
    private readonly events: OrderEvents,
    private readonly modelEvents: ModelEvents,
    private readonly publisher: EventPublisher,
    private readonly paymentIds: PaymentSerializer,
    private readonly cards: CardPayments,
    private readonly gateways: PaymentGateways,
    private readonly leases: HoldLeases,
    private readonly waits: PaymentHoldWaits,
    private readonly discounts: OrderDiscountClaims,
    private readonly giftCards: OrderGiftCardClaims,
  ) {
    this.placing = new OrderPlacing(stock);
  }

  private readonly placing: OrderPlacing;

  /**
   * A completion that finds the cart's payments held by another one (or loses the claim to it)
   * waits for that one and reads the cart again: it then answers the order the other placed, as
   * a repeated completion does. Only a holder that stays alive past `HOLD_WAIT_MS`, or a cart that
   * keeps changing, makes it a conflict.
   */
  async complete(
    target: OrderTarget,
    expectedVersion: number | undefined,
    render: CompletionRender = (context, rendering) =>
      rendering ? Promise.resolve(rendering.view) : this.serializer.render(context),
  ): Promise<OrderView> {
    const manager = this.dataSource.manager;
    const deadline = Date.now() + HOLD_WAIT_MS;
    let settling = true;
    for (let attempt = 1; ; attempt += 1) {
      const start = await readCompletionStart(manager, this.storeOptions, target);
      const { order } = start.snapshot;
      const held = start.snapshot.payments.some((payment) => payment.state === 'processing');
      if (isPlaced(order)) {
        // Placed and still capturing: answered once the completion that placed it settled it.
        if (!held || !settling) return render({ manager, order });
        settling = false;
        await this.waits.untilReleased(order.id, deadline);
        continue;
      }
      if (expectedVersion !== undefined && expectedVersion !== order.stateLockVersion) {
        throw conflict(order, 'The order changed since that version was read', {
          state_lock_version: order.stateLockVersion,
        });
      }
      this.ensureCompletable(start.snapshot);
      if (!held) {
        const view = await this.completeFrom(target, start, render);
        if (view) return view;
      }
      if (attempt === ATTEMPTS || !(await this.waits.untilReleased(order.id, deadline))) {
        throw conflict(order, 'The cart is being completed by another request');
      }
    }
  }

  /**
   * Completes the cart as `start` read it; undefined when another completion got there first
   * (it holds the payments, or placed the order).
   */
  private async completeFrom(
    target: OrderTarget,
    start: CompletionStart,
    render: CompletionRender,
  ): Promise<OrderView | undefined> {
    const manager = this.dataSource.manager;
    const { order } = start.snapshot;
    const plan = planPayments(
      start.snapshot.payments,
      order.total,
      start.paid,
      order.currency,
      (payment) =>
        payment.store_credit_id === null &&
        payment.method_type !== 'store_credit' &&
        this.gateways.for(payment.method_type as GatewayMethodType).remote,
    );
    try {
      const outcomes = await this.chargeLocal(order, plan);
      const rendering =
        plan.remote.length === 0
          ? await this.placeNow(target, start, plan, outcomes)
          : await this.placeWithCards(target, start, plan, outcomes);
      return rendering && render({ manager, order: rendering.snapshot.order }, rendering);
    } catch (error) {
      if (error instanceof DiscountsLost) throw await this.discounts.recover(target, error);
      if (error instanceof GiftCardLost) throw await this.giftCards.recover(target, error);
      if (!(error instanceof PaymentRefused)) throw error;
      await this.recordRefusal(target, error);
      throw new StoreError(REFUSAL_CODES[error.reason], error.message, {
        payment_id: [this.paymentIds.publicId(error.paymentId)],
      });
    }
  }

  /**
   * Places an order paid without cards, publishing its events with it; undefined when a
   * concurrent completion placed it first.
   */
  private async placeNow(
    target: OrderTarget,
    start: CompletionStart,
    plan: PaymentPlan,
    outcomes: ReadonlyMap<string, LocalOutcome>,
  ): Promise<OrderRendering | undefined> {
    const { order } = start.snapshot;
    try {
      return await this.dataSource.transaction((manager) => {
        // The stock taken stays locked until the commit: its events go with the others, at once,
        // and the commit with them.
        commitWithEvents(manager);
        return this.publisher.inOneStatement(manager, async () => {
          const placed = await this.place(manager, start, plan, outcomes);
          const change = new OrderChange(manager, placed.snapshot.order, placed.before);
          change.announce('completed');
          const rendering = this.rendering(placed.snapshot);
          change.onRendered(rendering);
          await this.events.publish(change, 'updated', placed.changes);
          return rendering;
        });
      });
    } catch (error) {
      if (await this.placedMeanwhile(error, target)) return undefined;
      throw this.asConflict(error, order, 'The order was changed by another request');
    }
  }

  /**
   * Claim and authorize the cards, place, capture: see the class. The claim's lease is renewed
   * until its payments are settled; one ended with payments still held (a failure on the way)
   * leaves them to recovery at once. Undefined when another completion claimed the payments or
   * placed the order first.
   */
  private async placeWithCards(
    target: OrderTarget,
    start: CompletionStart,
    plan: PaymentPlan,
    outcomes: ReadonlyMap<string, LocalOutcome>,
  ): Promise<OrderRendering | undefined> {
    const holdId = newHoldId();
    if (!(await this.cards.claim(start.snapshot.order, plan.remote, holdId))) return undefined;
    const lease = this.leases.keep(holdId);
    let settled = false;
    try {
      const captured = await this.chargeCards(target, start, plan, outcomes, holdId);
      settled = captured?.settled ?? true;
      return captured?.rendering;
    } finally {
      await lease.end(settled);
    }
  }

  /** `placeWithCards` under its claim: whether every payment was settled, and the rendering. */
  private async chargeCards(
    target: OrderTarget,
    start: CompletionStart,
    plan: PaymentPlan,
    outcomes: ReadonlyMap<string, LocalOutcome>,
    holdId: string,
  ): Promise<{ rendering: OrderRendering; settled: boolean } | undefined> {
    const { order } = start.snapshot;
    const held = plan.remote.map((charge) => this.heldPayment(start.snapshot, charge, holdId));
    try {
      for (const payment of held) {
        // An authorization that answers no reference leaves the capture to read it.
        const reference = await this.cards.authorize(payment.id, payment);
        payment.response_code = reference ?? null;
      }
    } catch (error) {
      const refused = error instanceof PaymentRefused ? error.paymentId : undefined;
      await this.cards.release(
        order,
        held.filter((payment) => payment.id !== refused).map((payment) => payment.id),
        holdId,
      );
      throw error;
    }
    let placed: PlacedOrder;
    try {
      placed = await this.dataSource.transaction((manager) => {
        // The stock taken stays locked until the commit: its events go with the others, at once,
        // and the commit with them.
        commitWithEvents(manager);
        return this.publisher.inOneStatement(manager, async () => {
          const placing = await this.place(manager, start, plan, outcomes, holdId);
          await this.modelEvents.publishChanges(
            { manager, storeId: order.storeId },
            placing.changes,
          );
          return placing;
        });
      });
    } catch (error) {
      await this.cards.release(
        order,
        held.map((payment) => payment.id),
        holdId,
      );
      if (await this.placedMeanwhile(error, target)) return undefined;
      throw this.asConflict(
        error,
        order,
        'The cart changed while its payment was being authorized',
      );
    }
    const captures: CaptureOutcome[] = [];
    for (const payment of held) {
      captures.push(
        await this.cards.capture(payment.id, payment.response_code ? payment : undefined),
      );
    }
    return {
      rendering: await this.cards.settleCaptured(placed, captures),
      settled: captures.every((capture) => capture.kind !== 'unknown'),
    };
  }

  /** Places the order in the caller's transaction and runs what other modules add to it. */
  private async place(
    manager: OrderContext['manager'],
    start: CompletionStart,
    plan: PaymentPlan,
    outcomes: ReadonlyMap<string, LocalOutcome>,
    holdId?: string,
  ): Promise<PlacedOrder> {
    const placed = await this.placing.place(manager, start, plan, outcomes, holdId);
    if (!placed) throw new OrderMoved();
    await this.discounts.claim(manager, placed.snapshot.order, start.snapshot);
    await this.giftCards.claim(manager, placed, plan);
    const context: PlacedOrderContext = {
      manager,
      order: placed.snapshot.order,
      placingColumns: placed.placingColumns,
    };
    await this.extensions.orderPlaced(context);
    return placed;
  }

  /**
   * Charges the payments of local gateways (checks) before the order's rows are taken; store
   * credit and gift cards are spent by the placing itself. Throws `PaymentRefused` when one is refused.
   */
  private async chargeLocal(
    order: Order,
    plan: PaymentPlan,
  ): Promise<ReadonlyMap<string, LocalOutcome>> {
    const outcomes = new Map<string, LocalOutcome>();
    for (const charge of plan.local) {
      if (charge.storeCreditId !== null || charge.giftCardId !== null) continue;
      if (charge.type === 'store_credit') throw new Error('Store credit payment without a credit');
      const gateway = this.gateways.for(charge.type);
      const outcome = await gatewayCall(() =>
        gateway.process(charge.amount, order.currency, charge.source),
      );
      switch (outcome.kind) {
        case 'captured':
        case 'pending':
          outcomes.set(charge.paymentId, {
            state: outcome.kind === 'captured' ? 'completed' : 'pending',
            reference: outcome.reference,
          });
          break;
        case 'declined':
          throw new PaymentRefused(
            charge.paymentId,
            'declined',
            outcome.message,
            outcome.reference,
          );
        case 'error':
          throw new PaymentRefused(charge.paymentId, 'gateway_error', outcome.message);
      }
    }
    return outcomes;
  }

  /**
   * `cart_empty` without lines; `cart_cannot_transition` naming what else is missing;
   * `insufficient_stock` naming the first variant (in variant order) stock can no longer fill.
   */
  private ensureCompletable(snapshot: OrderSnapshot): void {
    if (snapshot.lines.length === 0) {
      throw new StoreError('cart_empty', 'The cart has no items');
    }
    const requirements = checkoutRequirements(checkoutFactsOf(snapshot));
    if (requirements.length === 1 && requirements[0].field === 'payment') {
      this.ensurePaymentsCover(snapshot);
    }
    if (requirements.length > 0) {
      throw new StoreError(
        'cart_cannot_transition',
        `The cart cannot be completed yet: ${requirements.map((requirement) => requirement.message).join('; ')}`,
        { requirements },
      );
    }
    const short = new Set(snapshot.shortfalls.map((shortfall) => shortfall.line_id));
    const [first] = snapshot.lines
      .filter((line) => short.has(line.id))
      .map((line) => line.variant_id)
      .sort(compareKeys);
    if (first !== undefined) throw this.stock.insufficient(first);
  }

  /**
   * A cart paid for at a total that has changed since (a discount lost, a price, a delivery rate):
   * 422 `cart_cannot_complete` with the new total and what its live payments cover, so that the
   * shopper pays the rest. A cart without any live payment is only missing its payment step.
   */
  private ensurePaymentsCover({ order, payments }: OrderSnapshot): void {
    const live = payments.filter((payment) =>
      (LIVE_PAYMENT_STATES as readonly string[]).includes(payment.state),
    );
    if (live.length === 0) return;
    const paid = live
      .reduce((sum, payment) => sum.plus(payment.amount), Money.zero(order.currency))
      .toString();
    const total = Money.of(order.total, order.currency).toString();
    throw new StoreError(
      'cart_cannot_complete',
      `The cart's payments cover ${paid} of its total ${total}: pay the rest to complete it`,
      { reason: 'payment_insufficient', total, paid },
    );
  }

  /** A claimed card payment as the gateway steps need it. */
  private heldPayment(
    snapshot: OrderSnapshot,
    charge: PaymentPlan['remote'][number],
    holdId: string,
  ): HeldPayment {
    const payment = snapshot.payments.find((candidate) => candidate.id === charge.paymentId)!;
    return {
      id: charge.paymentId,
      order_id: snapshot.order.id,
      type: charge.type,
      amount: charge.amount,
      currency: snapshot.order.currency,
      source: payment.source,
      response_code: null,
      held_by: holdId,
    };
  }

  private rendering(snapshot: OrderSnapshot): OrderRendering {
    return { snapshot, view: this.serializer.serialize(snapshot) };
  }

  /**
   * A placing that found the order changed, or lost a lock or serialization race with a
   * concurrent change, is a conflict: that change wins. Not retried: payments may have been
   * charged.
   */
  private asConflict(error: unknown, order: Order, message: string): unknown {
    return error instanceof OrderMoved || isTransientTransactionError(error)
      ? conflict(order, message)
      : error;
  }

  /** Whether a placing failed because a concurrent completion placed the order first. */
  private async placedMeanwhile(error: unknown, target: OrderTarget): Promise<boolean> {
    if (!(error instanceof OrderMoved)) return false;
    return isPlaced(await this.lookup.read(this.dataSource.manager, target));
  }

  private async recordRefusal(target: OrderTarget, refusal: PaymentRefused): Promise<void> {
    await this.changes.run(target, undefined, async ({ manager, order }) => {
      await this.payments.recordRefusal(manager, order, refusal);
      await manager.query(
        `UPDATE orders SET payment_state = 'failed', state = 'payment', updated_at = now() WHERE id = $1`,
        [order.id],
      );
      if (order.state !== 'payment') {
        await recordStateChange(manager, {
          order,
          name: 'order',
          from: order.state,
          to: 'payment',
        });
      }
    });
  }
}
