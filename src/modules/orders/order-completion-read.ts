import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { Address } from '../customers/index.js';
import { Order } from './entities/order.entity.js';
import { orderByIdInStore, type OrderTarget } from './order-lookup.js';
import {
  type OrderPartsRow,
  orderPartsOf,
  orderPartsSql,
  type OrderSnapshot,
  type StockShortfall,
} from './order-snapshot.js';
import type { StoreCheckoutOptionsCache } from './store-checkout-options.js';

/** An order as a completion starts from: its snapshot and what its completed payments paid. */
export interface CompletionStart {
  snapshot: OrderSnapshot;
  /** What its completed payments add up to, less refunds. */
  paid: string;
}

/** What the prepared statement answers besides the order's and the addresses' columns. */
type StartRow = Record<string, unknown> &
  OrderPartsRow & { shortfalls: StockShortfall[]; paid: string };

const ADDRESSES = ['bill', 'ship'] as const;
/** The row's columns that are not the order's. */
const NOT_ORDER = new Set(['lines', 'shipments', 'payments', 'shortfalls', 'paid']);

/**
 * Reads, in one statement, everything completing an order needs before it takes anything: the
 * order as its caller may have it, its addresses, lines, shipments with rates, payments, the
 * lines stock can no longer fill, and what was paid already. The cart was recalculated by its
 * last change, so its stored totals are what it costs; the placing is guarded by the
 * `state_lock_version` read here (see `OrderPlacing`).
 */
export async function readCompletionStart(
  manager: EntityManager,
  storeOptions: StoreCheckoutOptionsCache,
  target: OrderTarget,
): Promise<CompletionStart> {
  const {
    rows: [row],
  } = target.id
    ? await preparedIn<StartRow>(manager, 'order_completion_start', startSql(manager), [
        target.id,
        target.storeId,
      ])
    : { rows: [] };
  const order = target.admit(row ? entityFromRow(manager, Order, pick(row, '')) : null);
  const { lines, shipments, payments, discounts, shortfalls, paid } = row;
  const [billAddress, shipAddress] = ADDRESSES.map((alias) => {
    const columns = pick(row, `${alias}.`);
    return columns.id === null ? null : entityFromRow(manager, Address, columns);
  });
  return {
    snapshot: {
      order,
      billAddress,
      shipAddress,
      ...orderPartsOf({ lines, shipments, payments, discounts }),
      shortfalls,
      storeOptions: await storeOptions.of(manager, order.storeId),
    },
    paid,
  };
}

let cachedSql: string | undefined;

function startSql(manager: EntityManager): string {
  cachedSql ??= `
    SELECT ${entityColumns(manager, Order, 'order')},
      ${ADDRESSES.map((alias) => prefixedColumns(manager, Address, alias)).join(', ')},
      (SELECT (COALESCE(SUM(p.amount), 0) - COALESCE(SUM(
                (SELECT SUM(r.amount) FROM refunds r WHERE r.payment_id = p.id)), 0))::text
       FROM payments p WHERE p.order_id = "order".id AND p.state = 'completed') AS paid,
      parts.*
    FROM orders "order"
    LEFT JOIN addresses bill ON bill.id = "order".bill_address_id
    LEFT JOIN addresses ship ON ship.id = "order".ship_address_id
    CROSS JOIN LATERAL (${orderPartsSql(
      '"order".id',
      '"order".ship_address_id IS NOT NULL',
      '"order".completed_at IS NULL',
    )}) parts
    WHERE ${orderByIdInStore('"order"')}`;
  return cachedSql;
}

/** An entity's columns from the table aliased `alias`, each named `<alias>.<property>`. */
function prefixedColumns(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  alias: string,
): string {
  return manager.connection
    .getMetadata(target)
    .columns.map(
      (column) => `"${alias}"."${column.databaseName}" AS "${alias}.${column.propertyPath}"`,
    )
    .join(', ');
}

/** The row's values named `<prefix><property>`, by property; without prefix, the order's. */
function pick(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const wanted =
      prefix === ''
        ? !NOT_ORDER.has(key) && !ADDRESSES.some((alias) => key.startsWith(`${alias}.`))
        : key.startsWith(prefix);
    if (wanted) picked[key.slice(prefix.length)] = value;
  }
  return picked;
}
