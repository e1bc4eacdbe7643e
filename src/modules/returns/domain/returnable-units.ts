/** How many units of one line shipped and how many are already on their way back or returned. */
export interface LineUnits {
  lineItemId: string;
  shipped: number;
  /** Units on return authorizations that are not canceled. */
  returning: number;
}

/** A request for `quantity` units of a line. */
export interface UnitRequest {
  lineItemId: string;
  quantity: number;
}

/**
 * The requests that ask for more than the line has left to return (shipped less returning), each
 * with what is left; empty when every request fits. Requests for the same line add up.
 */
export function overReturned(
  lines: readonly LineUnits[],
  requests: readonly UnitRequest[],
): { lineItemId: string; requested: number; returnable: number }[] {
  const asked = new Map<string, number>();
  for (const request of requests) {
    asked.set(request.lineItemId, (asked.get(request.lineItemId) ?? 0) + request.quantity);
  }
  const byLine = new Map(lines.map((line) => [line.lineItemId, line]));
  return [...asked].flatMap(([lineItemId, requested]) => {
    const line = byLine.get(lineItemId);
    const returnable = line ? Math.max(0, line.shipped - line.returning) : 0;
    return requested > returnable ? [{ lineItemId, requested, returnable }] : [];
  });
}
