import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { putAmountFields, putStoredAmountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import { AddressSerializer, type AddressView } from '../customers/index.js';
import { type GiftCardRecord, GiftCardSerializer, type GiftCardView } from '../gift-cards/index.js';
import { type MarketView, ReferenceDataSerializer } from '../markets/index.js';
import {
  checkoutRequirements,
  completedShopperSteps,
  currentShopperStep,
  type Requirement,
  type ShopperStep,
} from './domain/checkout-progress.js';
import { type DiscountView, discountView } from './discount-view.js';
import { GIFT_CARD, orderBalance } from './domain/order-balance.js';
import { isLivePayment } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import {
  LineItemSerializer,
  type LineItemView,
  type OrderPartContext,
} from './line-item.serializer.js';
import { isPlaced } from './order-lookup.js';
import { PaymentSerializer } from './payment.serializer.js';
import type { PaymentMethodView } from './payment-method-view.js';
import { ShipmentSerializer } from './shipment.serializer.js';
import {
  checkoutFactsOf,
  type OrderContext,
  type OrderRendering,
  type OrderSnapshot,
  OrderSnapshots,
  type PaymentSnapshot,
} from './order-snapshot.js';
import { orderMarket } from './store-checkout-options.js';
import { type CartWarning, cartWarnings } from './cart-warnings.js';

/** The order amounts kept on the order, each serialized with its `display_` twin. */
const ORDER_AMOUNTS = [
  ['item_total', 'itemTotal'],
  ['ship_total', 'shipTotal'],
  ['adjustment_total', 'adjustmentTotal'],
  ['included_tax_total', 'includedTaxTotal'],
  ['additional_tax_total', 'additionalTaxTotal'],
  ['tax_total', null],
  ['promo_total', 'promoTotal'],
  ['pre_tax_item_amount', 'preTaxItemAmount'],
  ['pre_tax_total', 'preTaxTotal'],
  ['total', 'total'],
  ['payment_total', 'paymentTotal'],
] as const satisfies readonly (readonly [string, keyof Order | null])[];

/** The client's names of order amounts the contract names otherwise: the same values. */
const AMOUNT_ALIASES = [
  ['delivery_total', 'ship_total'],
  ['discount_total', 'promo_total'],
].map(([alias, field]) => [alias, field, `display_${alias}`, `display_${field}`] as const);

export interface OrderView {
  id: string;
  number: string;
  token?: string;
  state: string;
  email: string | null;
  currency: string;
  locale: string | null;
  metadata: Record<string, unknown>;
  customer_id: string | null;
  market_id: string | null;
  /** The sales channel (`ch_…`) the cart was started through; null for draft orders. */
  channel_id: string | null;
  special_instructions: string | null;
  customer_note: string | null;
  item_count: number;
  total_quantity: number;
  state_lock_version: number;
  shipment_state: string | null;
  fulfillment_status: string | null;
  payment_state: string | null;
  payment_status: string | null;
  completed_at: string | null;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
  covered_by_store_credit: boolean;
  bill_address: AddressView | null;
  billing_address: AddressView | null;
  ship_address: AddressView | null;
  shipping_address: AddressView | null;
  /** The same line views as `items`. */
  line_items: LineItemView[];
  items: LineItemView[];
  fulfillments: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  discounts: DiscountView[];
  gift_card: GiftCardView | null;
  market: MarketView | null;
  requirements: Requirement[];
  // Carts only:
  current_step?: ShopperStep;
  completed_steps?: ShopperStep[];
  shipping_eq_billing_address?: boolean;
  warnings?: CartWarning[];
  payment_methods?: PaymentMethodView[];
  [amount: string]: unknown;
}

/**
 * The v3 representation of a cart or order (the same row: `cart_…` while in progress, `or_…`
 * once placed), for API responses and event payloads alike: the contract's fields and the
 * client's (`items`, `billing_address`, `payment_status`, ...) side by side, and for carts the
 * checkout's progress and what the store offers. `discounts` lists the promotions applied,
 * automatic or by code; `gift_card` is the card its live gift card payments spend (`gift_card_total`);
 * `channel_id` is the sales channel the cart was started through.
 */
@Injectable()
export class OrderSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly addresses: AddressSerializer,
    private readonly lineItems: LineItemSerializer,
    private readonly shipments: ShipmentSerializer,
    private readonly payments: PaymentSerializer,
    private readonly snapshots: OrderSnapshots,
    private readonly markets: ReferenceDataSerializer,
    private readonly giftCards: GiftCardSerializer,
  ) {}

  /** The public id a cart or order is known by right now. */
  publicId(order: Order): string {
    return this.ids.encode(isPlaced(order) ? ID_PREFIX.order : ID_PREFIX.cart, order.id);
  }

  /** Renders the order as it is in the context's transaction, and tells the context. */
  async render(context: OrderContext): Promise<OrderView> {
    return (await this.rendering(context)).view;
  }

  /** `render`, answering the snapshot too. */
  async rendering(context: OrderContext): Promise<OrderRendering> {
    const snapshot = await this.snapshots.load(context.manager, context.order);
    const rendering = { snapshot, view: this.serialize(snapshot) };
    context.onRendered?.(rendering);
    return rendering;
  }

  serialize(snapshot: OrderSnapshot): OrderView {
    const { order } = snapshot;
    const currency = order.currency;
    const part: OrderPartContext = { orderPublicId: this.publicId(order), currency };
    const lines = snapshot.lines.map((line) => this.lineItems.serialize({ ...line, ...part }));
    const billAddress = snapshot.billAddress
      ? this.addresses.serialize(snapshot.billAddress)
      : null;
    const shipAddress = snapshot.shipAddress
      ? this.addresses.serialize(snapshot.shipAddress)
      : null;
    const market = orderMarket(
      snapshot.storeOptions.markets,
      currency,
      snapshot.shipAddress?.countryIso ?? null,
    );
    const balance = orderBalance({
      currency,
      total: order.total,
      // What reimbursements gave back is paid as well (see `derivePaymentState`).
      paymentTotal: Money.of(order.paymentTotal, currency).plus(order.reimbursedTotal).toString(),
      hasCustomer: order.customerId !== null,
      payments: snapshot.payments.map((payment) => ({
        methodType: payment.gift_card_id === null ? payment.method_type : GIFT_CARD,
        amount: payment.amount,
        state: payment.state,
      })),
    });
    const view: OrderView = {
      id: part.orderPublicId,
      number: order.number,
      state: order.state,
      email: order.email,
      currency,
      locale: order.locale ?? null,
      metadata: order.metadata ?? {},
      customer_id: order.customerId ? this.ids.encode(ID_PREFIX.customer, order.customerId) : null,
      market_id: market ? this.markets.marketId(market) : null,
      channel_id: order.channelId ? this.ids.encode(ID_PREFIX.channel, order.channelId) : null,
      special_instructions: order.specialInstructions,
      customer_note: order.specialInstructions,
      item_count: order.itemCount,
      total_quantity: order.itemCount,
      state_lock_version: order.stateLockVersion,
      shipment_state: order.shipmentState,
      fulfillment_status: order.shipmentState,
      payment_state: order.paymentState,
      payment_status: order.paymentState,
      completed_at: order.completedAt?.toISOString() ?? null,
      canceled_at: order.canceledAt?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
      updated_at: order.updatedAt.toISOString(),
    } as OrderView;
    // Written into the view as it is built: intermediate objects spread into it cost more here
    // than the rest of the rendering.
    this.putOrderAmounts(view, order);
    const giftCard = appliedGiftCard(snapshot.payments, currency);
    putStoredAmountFields(view, 'gift_card_total', giftCard.total, currency);
    putAmountFields(view, 'store_credit_total', balance.storeCreditTotal);
    putAmountFields(view, 'amount_due', balance.amountDue);
    view.covered_by_store_credit = balance.coveredByStoreCredit;
    view.bill_address = billAddress;
    view.billing_address = billAddress;
    view.ship_address = shipAddress;
    view.shipping_address = shipAddress;
    view.line_items = lines;
    view.items = lines;
    view.fulfillments = snapshot.shipments.map((shipment) =>
      this.shipments.serialize({ ...shipment, ...part }),
    );
    view.payments = snapshot.payments.map((payment) =>
      this.payments.serialize({ ...payment, ...part }),
    );
    view.discounts = snapshot.discounts
      .filter((discount) => discount.applied)
      .map((discount) => discountView(this.ids, discount, order.currency));
    view.gift_card = giftCard.card && this.giftCards.forShopper(giftCard.card);
    view.market = market ? this.markets.market(market) : null;
    view.requirements = [];
    if (!isPlaced(order)) {
      Object.assign(view, this.checkoutFields(snapshot, lines), {
        shipping_eq_billing_address: sameAddress(billAddress, shipAddress),
      });
    }
    return view;
  }

  /** An order's event payload: the order as read in the transaction that changed it. */
  async eventPayload(order: Order, manager: EntityManager): Promise<OrderView> {
    return this.serialize(await this.snapshots.load(manager, order));
  }

  /** Where a cart is in checkout, what it still lacks or should warn about, and how to pay it. */
  private checkoutFields(snapshot: OrderSnapshot, lines: LineItemView[]): Partial<OrderView> {
    const facts = checkoutFactsOf(snapshot);
    const current = currentShopperStep(facts);
    return {
      requirements: checkoutRequirements(facts),
      current_step: current,
      completed_steps: completedShopperSteps(current),
      warnings: cartWarnings(snapshot, lines, (id) => this.ids.encode(ID_PREFIX.promotion, id)),
      payment_methods: snapshot.storeOptions.paymentMethods,
    };
  }

  private putOrderAmounts(view: OrderView, order: Order): void {
    for (const [field, property] of ORDER_AMOUNTS) {
      if (property === null) {
        const taxTotal = Money.of(order.includedTaxTotal, order.currency).plus(
          order.additionalTaxTotal,
        );
        putAmountFields(view, field, taxTotal);
      } else putStoredAmountFields(view, field, order[property] as string, order.currency);
    }
    for (const [alias, field, displayAlias, displayField] of AMOUNT_ALIASES) {
      view[alias] = view[field];
      view[displayAlias] = view[displayField];
    }
  }
}

/** Fields of an address view that name the record rather than the place. */
const ADDRESS_IDENTITY = new Set([
  'id',
  'created_at',
  'updated_at',
  'quick_checkout',
  'is_default_billing',
  'is_default_shipping',
]);

/** Both addresses are there and name the same place (each order keeps its own copies). */
function sameAddress(bill: AddressView | null, ship: AddressView | null): boolean {
  if (bill === null || ship === null) return false;
  const billFields = bill as unknown as Record<string, unknown>;
  const shipFields = ship as unknown as Record<string, unknown>;
  const fields = Object.keys(billFields);
  if (fields.length !== Object.keys(shipFields).length) return false;
  return fields.every(
    (field) =>
      ADDRESS_IDENTITY.has(field) ||
      (field in shipFields && sameValue(billFields[field], shipFields[field])),
  );
}

/** Equal scalars, or equal nested values (an address view's country or state). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The gift card the order's live payments spend, and what they spend of it. */
function appliedGiftCard(
  payments: readonly PaymentSnapshot[],
  currency: string,
): { card: GiftCardRecord | null; total: string } {
  let card: GiftCardRecord | null = null;
  let total = Money.zero(currency);
  for (const payment of payments) {
    if (payment.gift_card === null || !isLivePayment({ ...payment, methodType: GIFT_CARD })) {
      continue;
    }
    card = payment.gift_card;
    total = total.plus(payment.amount);
  }
  return { card, total: total.toString() };
}
