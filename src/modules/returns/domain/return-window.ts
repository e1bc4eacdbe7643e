const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a unit shipped at `shippedAt` may still be asked back at `now`, `days` after shipping. */
export function withinReturnWindow(shippedAt: Date, days: number, now: Date): boolean {
  return now.getTime() - shippedAt.getTime() <= days * DAY_MS;
}
