import type { OrderView } from '../../orders/index.js';
import { amountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import type { ResourceNode } from '../json-api/resource.js';
import { addressResource } from './address.resource.js';
import { paymentResource } from './payment.resource.js';
import { promotionResource } from './promotion.resource.js';
import { shipmentResource } from './shipment.resource.js';
import { omit, pick, withDisplays } from './pick.js';

type View = Record<string, unknown> & { id: string };

/** The contract's amounts of a cart, each with its `display_` twin. */
const CART_AMOUNTS = [
  'item_total',
  'total',
  'ship_total',
  'adjustment_total',
  'included_tax_total',
  'additional_tax_total',
  'tax_total',
  'promo_total',
  'pre_tax_item_amount',
  'pre_tax_total',
  'payment_total',
  'store_credit_total',
];

const CART_ATTRIBUTES = [
  'number',
  'state',
  'token',
  'email',
  'currency',
  'item_count',
  'special_instructions',
  'created_at',
  'updated_at',
  'completed_at',
  'shipment_state',
  'payment_state',
  'state_lock_version',
  'covered_by_store_credit',
  'shipping_eq_billing_address',
  ...withDisplays(CART_AMOUNTS),
];

/** What a line's own resource leaves to its variant and its order. */
const LINE_ITEM_OMITTED = [
  'id',
  'order_id',
  'variant_id',
  'product_id',
  'option_values',
  'digital_links',
  'compare_at_amount',
  'display_compare_at_amount',
];

/**
 * A cart or order as the v2 `cart` resource: the contract's attributes (every amount with its
 * `display_` twin) and its relationships (`promotions`: those applied to it), built from the same
 * v3 view the Store API answers with, so both APIs always agree. `id` is the row's `cart_…` id,
 * which v2 keeps once the order is placed (see `CartDocuments`). `token` is present when the
 * caller holds it.
 */
export function cartResource(view: OrderView, id: string): ResourceNode {
  const variants = new Map<string, ResourceNode>();
  const lineItems = view.items.map((line) => {
    const variant = variants.get(line.variant_id as string) ?? variantOfLine(line);
    variants.set(variant.id, variant);
    return lineItemResource(line, variant);
  });
  const billing = view.billing_address ? addressResource(view.billing_address) : null;
  const shipping = view.shipping_address ? addressResource(view.shipping_address) : null;
  return {
    type: 'cart',
    id,
    attributes: {
      ...pick(view, CART_ATTRIBUTES),
      ...amountFields(
        'order_total_after_store_credit',
        Money.of(view.total as string, view.currency).minus(view.store_credit_total as string),
      ),
      public_metadata: view.metadata,
    },
    relationships: {
      line_items: lineItems,
      variants: [...variants.values()],
      promotions: view.discounts.map(promotionResource),
      payments: view.payments.map((payment) => paymentResource(payment as View)),
      shipments: view.fulfillments.map((shipment) => shipmentResource(shipment as View)),
      user: view.customer_id
        ? { type: 'user', id: view.customer_id, attributes: { email: view.email } }
        : null,
      billing_address: billing,
      shipping_address: shipping,
    },
  };
}

function lineItemResource(line: View, variant: ResourceNode): ResourceNode {
  return {
    type: 'line_item',
    id: line.id,
    attributes: omit(line, LINE_ITEM_OMITTED),
    relationships: {
      variant,
      digital_links: ((line.digital_links ?? []) as View[]).map((link) => ({
        type: 'digital_link',
        id: link.id,
        attributes: omit(link, ['id']),
      })),
    },
  };
}

/** The variant of a line, as much of it as the line knows (the catalog routes show all of it). */
function variantOfLine(line: View): ResourceNode {
  const product: ResourceNode = {
    type: 'product',
    id: line.product_id as string,
    attributes: pick(line, ['name', 'slug']),
  };
  const optionValues = (line.option_values as View[]).map((value) => ({
    type: 'option_value',
    id: value.id,
    attributes: omit(value, ['id']),
  }));
  return {
    type: 'variant',
    id: line.variant_id as string,
    attributes: {
      ...pick(line, ['sku', 'options_text', 'currency', ...withDisplays(['price'])]),
      name: line.name,
    },
    relationships: { product, option_values: optionValues },
  };
}
