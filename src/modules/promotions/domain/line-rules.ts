import type { CartLine, LineRule, NotAppliedReason } from './types.js';

function listedIds(rule: LineRule): readonly string[] {
  return rule.type === 'product' ? rule.productIds : rule.categoryIds;
}

function lineIds(rule: LineRule, line: CartLine): readonly string[] {
  return rule.type === 'product' ? [line.productId] : line.categoryIds;
}

/** Whether the rule takes this line among those its promotion's line actions discount. */
export function lineMatches(rule: LineRule, line: CartLine): boolean {
  const listed = new Set(listedIds(rule));
  const listedOnLine = lineIds(rule, line).some((id) => listed.has(id));
  return rule.match === 'none' ? !listedOnLine : listedOnLine;
}

/** Why the cart's lines fail a product or category rule, or undefined when they pass. */
export function checkLineRule(
  rule: LineRule,
  lines: readonly CartLine[],
): NotAppliedReason | undefined {
  const inCart = new Set(lines.flatMap((line) => lineIds(rule, line)));
  const listed = listedIds(rule);
  const kind = rule.type;
  switch (rule.match ?? 'any') {
    case 'any':
      return listed.some((id) => inCart.has(id)) ? undefined : `no_matching_${kind}`;
    case 'all':
      return listed.every((id) => inCart.has(id)) ? undefined : `missing_required_${kind}`;
    case 'none':
      return listed.some((id) => inCart.has(id)) ? `excluded_${kind}` : undefined;
  }
}
