import type { OrderView } from '../../orders/index.js';
import type { MailFormats } from './mail-formats.js';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The `order` value of the order mails (see `ORDER` in mail-values.ts), from the order as its
 * buyer sees it (thumbnails and download links included).
 */
export function orderValues(view: OrderView, formats: MailFormats): Record<string, unknown> {
  const { currency } = view;
  const money = (amount: unknown) => formats.money(amount, currency);
  const fulfillments = view.fulfillments as Row[];
  const methods = [
    ...new Set(
      fulfillments
        .map((shipment) => text((shipment.delivery_method as Row | null)?.name))
        .filter((name): name is string => name !== null),
    ),
  ];
  const lines = view.line_items.map((line) => lineValues(line, formats, currency));
  return {
    number: view.number,
    email: view.email,
    customer_name: text(view.bill_address?.full_name) ?? text(view.ship_address?.full_name),
    completed_at: formats.date(view.completed_at),
    currency,
    lines,
    discounts: view.discounts.map((discount) => ({
      label: discount.code ? `${discount.name} (${discount.code.toUpperCase()})` : discount.name,
      amount: money(discount.amount),
    })),
    delivery_method: methods.length > 0 ? methods.join(', ') : null,
    bill_address: addressValues(view.bill_address),
    ship_address: addressValues(view.ship_address),
    has_downloads: lines.some((line) => line.downloads.length > 0),
    item_total: money(view.item_total),
    adjustment_total: money(view.adjustment_total),
    promo_total: money(view.promo_total),
    shipping_total: money(view.ship_total),
    tax_total: money(view.tax_total),
    total: money(view.total),
  };
}

/** One line of the order (`LINE` in mail-values.ts). */
function lineValues(line: Row, formats: MailFormats, currency: string) {
  const links = (line.digital_links ?? []) as Row[];
  return {
    name: String(line.name),
    sku: text(line.sku),
    options: text(line.options_text),
    quantity: Number(line.quantity),
    unit_price: formats.money(line.price, currency),
    total: formats.money(line.amount, currency),
    thumbnail_url: formats.url(line.thumbnail_url),
    downloads: links.map((link) => ({
      filename: String(link.filename),
      url: formats.url(link.download_url),
    })),
  };
}

function addressValues(address: OrderView['bill_address']): Record<string, unknown> | null {
  if (!address) return null;
  return {
    name: address.full_name,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zipcode: address.zipcode,
    state: address.state_name ?? address.state_text,
    country: address.country_name,
    phone: address.phone,
  };
}

/**
 * The `shipment` value of the shipment mail: the order's shipment `publicShipmentId` (the first
 * one when undefined) with the lines it carries, or null when the order has no such shipment.
 */
export function shipmentValues(
  { view, values }: { view: OrderView; values: Record<string, unknown> },
  publicShipmentId?: unknown,
): Row | null {
  const shipments = view.fulfillments as Row[];
  const shipment =
    publicShipmentId === undefined
      ? shipments[0]
      : shipments.find((row) => row.id === publicShipmentId);
  if (!shipment) return null;
  const carried = new Set((shipment.items as Row[]).map((item) => item.item_id));
  const orderLines = values.lines as unknown[];
  const lines = orderLines.filter((_, index) => carried.has(view.line_items[index].id));
  return {
    shipment: {
      number: shipment.number,
      tracking_number: shipment.tracking ?? null,
      tracking_url: shipment.tracking_url ?? null,
      delivery_method: (shipment.delivery_method as Row | null)?.name ?? null,
      lines,
    },
  };
}
