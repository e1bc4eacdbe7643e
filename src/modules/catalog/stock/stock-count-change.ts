import { StoreError } from '../../../common/errors/store-error.js';

/** The largest count a stock item holds either way, well inside PostgreSQL's integer. */
export const MAX_STOCK_COUNT = 1_000_000_000;

/** A change of a stock item's count: to a value (`set`) or by a signed delta (`adjust`). */
export type CountChange = { action: 'set'; count: number } | { action: 'adjust'; delta: number };

/** What one PATCH of a stock item asks for. */
export interface StockItemChange {
  count?: CountChange;
  backorderable?: boolean;
  reason?: string;
}

interface StockItemChangeInput {
  count_on_hand?: number;
  adjustment?: number;
  backorderable?: boolean;
  reason?: string;
}

/**
 * Reads a PATCH body: `count_on_hand` sets, `adjustment` adjusts (one of them, a non-zero
 * adjustment), each with a `reason`; `backorderable` may come alone or with either.
 */
export function stockItemChangeOf(body: StockItemChangeInput): StockItemChange {
  const problems: Record<string, string[]> = {};
  const { count_on_hand: count, adjustment, backorderable, reason } = body;
  if (count !== undefined && adjustment !== undefined) {
    problems.adjustment = ['send either count_on_hand or adjustment, not both'];
  } else if (adjustment === 0) {
    problems.adjustment = ['adjustment must not be 0'];
  }
  const changesCount = count !== undefined || adjustment !== undefined;
  if (changesCount && reason === undefined) {
    problems.reason = ['reason is required when the count changes'];
  }
  if (!changesCount && backorderable === undefined) {
    problems.count_on_hand = ['send count_on_hand, adjustment or backorderable'];
  }
  if (Object.keys(problems).length > 0) {
    throw new StoreError('validation_error', undefined, problems);
  }
  const change: StockItemChange = { backorderable, reason };
  if (count !== undefined) change.count = { action: 'set', count };
  if (adjustment !== undefined) change.count = { action: 'adjust', delta: adjustment };
  return change;
}

/** The refusal of a count the item may not hold: below zero unless backorderable, or too far. */
export function countRefused(onHand: number, delta: number): StoreError {
  const after = onHand + delta;
  const reason =
    Math.abs(after) > MAX_STOCK_COUNT
      ? `count_on_hand cannot go beyond ${MAX_STOCK_COUNT} units either way`
      : `count_on_hand cannot go below zero (${onHand} on hand, ${after} after the change) ` +
        'unless the item is backorderable';
  return new StoreError('validation_error', 'The stock count cannot change so', {
    count_on_hand: [reason],
  });
}
