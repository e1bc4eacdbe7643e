import type { LineItemView } from './line-item.serializer.js';
import type { OrderSnapshot } from './order-snapshot.js';

/** Something a shopper should know about a cart before paying; completing it would fail. */
export interface CartWarning {
  /** `insufficient_stock`: the line wants more than is left (stock fell after it was added);
   * `delivery_unavailable`: no delivery method serves the shipping address. */
  code: 'insufficient_stock' | 'delivery_unavailable';
  message: string;
  line_item_id: string;
  variant_id: string;
}

/** The warnings of a cart, line by line; `lines` are the views of `snapshot.lines`, in order. */
export function cartWarnings(snapshot: OrderSnapshot, lines: LineItemView[]): CartWarning[] {
  const warnings: CartWarning[] = [];
  const warn = (index: number, code: CartWarning['code'], message: string) =>
    warnings.push({
      code,
      message,
      line_item_id: lines[index].id,
      variant_id: lines[index].variant_id as string,
    });
  for (const shortfall of snapshot.shortfalls) {
    const index = snapshot.lines.findIndex((line) => line.id === shortfall.line_id);
    if (index < 0) continue;
    const { name } = snapshot.lines[index];
    warn(
      index,
      'insufficient_stock',
      shortfall.available > 0
        ? `Only ${shortfall.available} of ${name} left in stock`
        : `${name} is out of stock`,
    );
  }
  if (snapshot.shipAddress !== null && snapshot.shipments.length === 0) {
    snapshot.lines.forEach((line, index) =>
      warn(index, 'delivery_unavailable', `${line.name} cannot be delivered to this address`),
    );
  }
  return warnings;
}
