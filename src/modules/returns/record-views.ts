import { type EntityManager, In } from 'typeorm';
import type { EventPayload, ModelEvents } from '../../events/index.js';
import type { Order } from '../orders/index.js';
import { ReturnItem } from './entities/return-item.entity.js';

/** A record of a return that groups units (an authorization, a customer return, a reimbursement). */
export interface UnitGroupKind<R extends { id: string }, V> {
  /** The event model: `return_authorization`, `customer_return`, `reimbursement`. */
  model: string;
  /** The return items' column naming the record. */
  itemColumn: 'returnAuthorizationId' | 'customerReturnId' | 'reimbursementId';
  serialize(record: R, items: ReturnItem[], currency: string): V;
}

/** The records rendered with their units, read in one statement. */
export async function renderWithUnits<R extends { id: string }, V>(
  manager: EntityManager,
  order: Order,
  records: readonly R[],
  kind: UnitGroupKind<R, V>,
): Promise<V[]> {
  const items =
    records.length === 0
      ? []
      : await manager.find(ReturnItem, {
          where: { [kind.itemColumn]: In(records.map((record) => record.id)) },
          order: { id: 'ASC' },
        });
  return records.map((record) =>
    kind.serialize(
      record,
      items.filter((item) => item[kind.itemColumn] === record.id),
      order.currency,
    ),
  );
}

/** Renders the record with its units and publishes `<model>.<action>` with it as payload. */
export async function publishWithUnits<R extends { id: string }, V extends object>(
  events: ModelEvents,
  manager: EntityManager,
  order: Order,
  record: R,
  action: string,
  kind: UnitGroupKind<R, V>,
): Promise<V> {
  const [view] = await renderWithUnits(manager, order, [record], kind);
  await events.publish({ manager, storeId: order.storeId }, `${kind.model}.${action}`, record, {
    ...view,
  } as EventPayload);
  return view;
}
