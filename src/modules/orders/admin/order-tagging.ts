import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { entityColumns, entityFromRow } from '../../../platform/database/entity-rows.js';
import { ModelEvents } from '../../../events/index.js';
import type { StoreContext } from '../../stores/index.js';
import type { BulkTagsBody } from '../../../common/tags/bulk-tags.body.js';
import { addedTagsSql, removedTagsSql } from '../../../common/tags/tag-sql.js';
import { Order } from '../entities/order.entity.js';
import { OrderSerializer } from '../order.serializer.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';

/**
 * Adds tags to, or removes them from, several orders in one transaction: every id must name an
 * order of the store (404 `record_not_found` listing those that do not, nothing changed). Each
 * order whose tags change gets its next `state_lock_version` and publishes `order.updated`.
 */
@Injectable()
export class OrderTagging {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: OrderSerializer,
    private readonly presenter: AdminOrderPresenter,
    private readonly events: ModelEvents,
  ) {}

  add(store: StoreContext, body: BulkTagsBody): Promise<{ data: AdminOrderView[] }> {
    return this.retag(store, body, addedTagsSql('tags', '$3'));
  }

  remove(store: StoreContext, body: BulkTagsBody): Promise<{ data: AdminOrderView[] }> {
    return this.retag(store, body, removedTagsSql('tags', '$3'));
  }

  private retag(
    store: StoreContext,
    body: BulkTagsBody,
    tagsAfter: string,
  ): Promise<{ data: AdminOrderView[] }> {
    const keys = this.keysOf(body.ids);
    return this.dataSource.transaction(async (manager) => {
      const locked: { id: string }[] = await manager.query(
        `SELECT id::text AS id FROM orders WHERE store_id = $1 AND id = ANY($2::bigint[])
         ORDER BY id FOR UPDATE`,
        [store.storeId, [...keys.values()].filter((key) => key !== undefined)],
      );
      const found = new Set(locked.map((row) => row.id));
      const missing = [...keys].filter(([, key]) => !found.has(key ?? '')).map(([id]) => id);
      if (missing.length > 0) {
        throw new StoreError('record_not_found', 'Some orders do not exist', { ids: missing });
      }
      const [changed]: [Record<string, unknown>[], number] = await manager.query(
        `UPDATE orders "order" SET tags = ${tagsAfter},
           state_lock_version = state_lock_version + 1, updated_at = now()
         WHERE store_id = $1 AND id = ANY($2::bigint[]) AND tags IS DISTINCT FROM ${tagsAfter}
         RETURNING ${entityColumns(manager, Order, 'order')}`,
        [store.storeId, [...found], body.tags],
      );
      for (const row of changed)
        await this.publishUpdated(manager, entityFromRow(manager, Order, row));
      const orders = await manager.findBy(Order, { id: In([...found]) });
      const data: AdminOrderView[] = [];
      for (const key of keys.values()) {
        const order = orders.find((candidate) => candidate.id === key);
        if (order) data.push(await this.presenter.present({ manager, order }));
      }
      return { data };
    });
  }

  private async publishUpdated(manager: EntityManager, order: Order): Promise<void> {
    await this.events.publishChanges({ manager, storeId: order.storeId }, [
      {
        model: 'order',
        action: 'updated',
        record: null,
        payload: await this.serializer.render({ manager, order }),
      },
    ]);
  }

  /** Each public id with the key it decodes to (undefined when it is no `or_…` id). */
  private keysOf(publicIds: string[]): Map<string, string | undefined> {
    return new Map(publicIds.map((id) => [id, this.ids.decode(ID_PREFIX.order, id)]));
  }
}
