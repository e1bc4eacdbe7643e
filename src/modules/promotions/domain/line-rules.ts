import type { CartLine, LineRule, NotAppliedReason } from './types.js';

function listedIds(rule: LineRule): readonly string[] {
  return rule.type === 'product' ? rule.productIds : rule.categoryIds;
}

/** Whether the line is of the product, or in the category, `id` (by the rule's kind). */
function lineHas(rule: LineRule, line: CartLine, id: string): boolean {
  return rule.type === 'product' ? line.productId === id : line.categoryIds.includes(id);
}

/** Whether the rule takes this line among those its promotion's line actions discount. */
export function lineMatches(rule: LineRule, line: CartLine): boolean {
  const listedOnLine = listedIds(rule).some((id) => lineHas(rule, line, id));
  return rule.match === 'none' ? !listedOnLine : listedOnLine;
}

/** Why the cart's lines fail a product or category rule, or undefined when they pass. */
export function checkLineRule(
  rule: LineRule,
  lines: readonly CartLine[],
): NotAppliedReason | undefined {
  const inCart = (id: string) => lines.some((line) => lineHas(rule, line, id));
  const listed = listedIds(rule);
  const kind = rule.type;
  switch (rule.match ?? 'any') {
    case 'any':
      return listed.some(inCart) ? undefined : `no_matching_${kind}`;
    case 'all':
      return listed.every(inCart) ? undefined : `missing_required_${kind}`;
    case 'none':
      return listed.some(inCart) ? `excluded_${kind}` : undefined;
  }
}
