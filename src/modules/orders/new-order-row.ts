import type { EntityManager } from 'typeorm';
import { entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedWrite } from '../../platform/database/prepared-sql.js';
import { sequenceBlocksOf } from '../../platform/database/sequence-blocks.js';
import { Order } from './entities/order.entity.js';
import { randomOrderNumber } from './order-tokens.js';

/** The unique index an order number must be free in (its store's numbers). */
export const ORDER_NUMBER_KEY = 'orders_store_id_number_key';

/**
 * What a new cart or draft order starts with. A cart keeps its token sealed too (`CartTokens`);
 * a draft order, whose token nobody is given, need not.
 */
export type NewOrderFields = Pick<
  Order,
  'storeId' | 'currency' | 'email' | 'customerId' | 'tokenDigest' | 'channel'
> &
  Partial<Pick<Order, 'tokenSealed' | 'channelId' | 'locale'>>;

/** Every column of an order: the entity without its relations. */
type OrderRow = Omit<
  Order,
  'store' | 'customer' | 'billAddress' | 'shipAddress' | 'lineItems' | 'adjustments'
>;

const inserts = new WeakMap<object, OrderInsert>();

/**
 * Writes a new cart or draft order, every column given, so the entity answered is the row as
 * stored. Its id is drawn ahead and its INSERT goes out with the transaction's next statement;
 * a number another order of the store already has fails that statement with a unique violation
 * of `ORDER_NUMBER_KEY` (see `OrderChanges.create`, which retries the change).
 */
export async function insertNewOrder(
  manager: EntityManager,
  fields: NewOrderFields,
  number: () => string = randomOrderNumber,
): Promise<Order> {
  const [id] = await sequenceBlocksOf(manager, 'orders').take(manager, 1);
  const now = new Date();
  const row: OrderRow = {
    id,
    number: number(),
    createdAt: now,
    updatedAt: now,
    storeId: fields.storeId,
    tokenDigest: fields.tokenDigest,
    tokenSealed: fields.tokenSealed ?? null,
    currency: fields.currency,
    email: fields.email,
    customerId: fields.customerId,
    channel: fields.channel,
    channelId: fields.channelId ?? null,
    state: 'cart',
    billAddressId: null,
    shipAddressId: null,
    specialInstructions: null,
    metadata: {},
    tags: [],
    locale: fields.locale ?? null,
    itemTotal: '0',
    shipTotal: '0',
    adjustmentTotal: '0',
    includedTaxTotal: '0',
    additionalTaxTotal: '0',
    promoTotal: '0',
    preTaxItemAmount: '0',
    preTaxTotal: '0',
    total: '0',
    paymentTotal: '0',
    reimbursedTotal: '0',
    itemCount: 0,
    shipmentState: null,
    paymentState: null,
    stateLockVersion: 0,
    completedAt: null,
    canceledAt: null,
  };
  const insert = orderInsert(manager);
  await preparedWrite(
    manager,
    'order_insert_new',
    insert.text,
    insert.parameters.map(({ property, json }) =>
      // pg would send an array as a PostgreSQL array: JSON columns get their text.
      json ? JSON.stringify(row[property]) : row[property],
    ),
  );
  return entityFromRow(manager, Order, row);
}

interface OrderInsert {
  text: string;
  /** The property each parameter takes, in order, and whether its column holds JSON. */
  parameters: { property: keyof OrderRow; json: boolean }[];
}

/** The INSERT naming every column of the entity. */
function orderInsert(manager: EntityManager): OrderInsert {
  const metadata = manager.connection.getMetadata(Order);
  let insert = inserts.get(metadata);
  if (insert === undefined) {
    const { columns } = metadata;
    insert = {
      text: `INSERT INTO orders (${columns.map((column) => `"${column.databaseName}"`).join(', ')})
        OVERRIDING SYSTEM VALUE
        VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
      parameters: columns.map((column) => ({
        property: column.propertyName as keyof OrderRow,
        json: column.type === 'json' || column.type === 'jsonb',
      })),
    };
    inserts.set(metadata, insert);
  }
  return insert;
}
