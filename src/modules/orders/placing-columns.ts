import type { OrderContext } from './order-snapshot.js';

/**
 * A value a module computes in the statement that places an order (see `OrderPlacing`), handed
 * to its `onOrderPlaced` handler through the context (`placingColumn`): what it would otherwise
 * read with a statement of its own. `sql` is an SQL expression of the order's id (`orderId`, an
 * SQL expression too), evaluated once the order is claimed; its value arrives as the driver
 * reads it (JSON parsed).
 */
export interface PlacingColumn {
  name: string;
  sql: (orderId: string) => string;
}

const columns = new Map<string, PlacingColumn>();

/**
 * The columns modules add to the placing statement, registered at init (before any order is
 * placed). Registering a name again replaces its column, so every application in a process
 * places with the same statement.
 */
export const PlacingColumns = {
  add(column: PlacingColumn): void {
    columns.set(column.name, column);
  },

  all(): PlacingColumn[] {
    return [...columns.values()].sort((a, b) => a.name.localeCompare(b.name));
  },
};

/** The context of `onOrderPlaced` handlers while an order is placed by its completion. */
export interface PlacedOrderContext extends OrderContext {
  placingColumns: Readonly<Record<string, unknown>>;
}

/**
 * The value of the column `name` for the order being placed; undefined when the handler runs
 * for a placing that did not compute it.
 */
export function placingColumn(context: OrderContext, name: string): unknown {
  const values = (context as Partial<PlacedOrderContext>).placingColumns;
  return values && name in values ? values[name] : undefined;
}
