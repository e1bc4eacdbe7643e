/** One segment of an event name or pattern. */
const SEGMENT = '[A-Za-z0-9_-]+';

/**
 * An event name: `<model>.<action>`, possibly with more segments (`order.line_item.created`).
 * Names hold no `*`, so that emitting one never acts as a pattern.
 */
export const EVENT_NAME = new RegExp(`^${SEGMENT}(\\.${SEGMENT})+$`);

/**
 * What subscribers and webhook endpoints subscribe to: `*` (every event), an exact event name
 * (`order.completed`), or a name prefix followed by `.*` (`order.*`: every event under `order.`,
 * at any depth, but not an event named `order` itself).
 */
export const EVENT_PATTERN = new RegExp(`^(\\*|${SEGMENT}(\\.${SEGMENT})*(\\.\\*)?)$`);

export function assertEventName(name: string): void {
  if (!EVENT_NAME.test(name)) {
    throw new Error(
      `"${name}" is not an event name: use <model>.<action>, segments of letters, digits, _ and -`,
    );
  }
}

/**
 * The EventEmitter2 listener pattern (wildcards on, `.` as delimiter) of a subscription pattern.
 * EventEmitter2's `*` stands for one segment and `**` for any number of them, so `*` becomes
 * `**` and `order.*` becomes `order.**`; an exact name stays as it is. `order.**` also matches an
 * event named `order` itself, which `order.*` does not: see `prefixOf`.
 */
export function emitterPatternOf(pattern: string): string {
  if (pattern === '*') return '**';
  if (pattern.endsWith('.*')) return `${pattern}*`;
  return pattern;
}

/** `order` for `order.*`; undefined for `*` and exact names. */
export function prefixOf(pattern: string): string | undefined {
  return pattern !== '*' && pattern.endsWith('.*') ? pattern.slice(0, -2) : undefined;
}
