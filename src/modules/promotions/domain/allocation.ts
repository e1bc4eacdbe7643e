import { fromMinorUnits, toMinorUnits } from './amounts.js';
import type { Money } from '../../../common/money/money.js';

/**
 * Splits `total` over `weights` in proportion, in the currency's minor unit, so that the parts add
 * up to exactly `total` (capped at the weights' sum): each part gets the whole units of its exact
 * share, and the units left go one each to the largest remainders, the earlier weight first on a
 * tie. No part exceeds its weight.
 */
export function allocateProportionally(total: Money, weights: readonly Money[]): Money[] {
  const { currency } = total;
  const units = weights.map(toMinorUnits);
  const weightSum = units.reduce((sum, unit) => sum + unit, 0n);
  const target = toMinorUnits(total) < weightSum ? toMinorUnits(total) : weightSum;
  if (weightSum <= 0n || target <= 0n) return weights.map(() => fromMinorUnits(0n, currency));

  const shares = units.map((unit, index) => ({
    index,
    whole: (target * unit) / weightSum,
    remainder: (target * unit) % weightSum,
  }));
  let left = target - shares.reduce((sum, share) => sum + share.whole, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.whole += 1n;
    left -= 1n;
  }
  return shares.map((share) => fromMinorUnits(share.whole, currency));
}
