import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { BulkTagsBody } from '../../common/tags/bulk-tags.body.js';
import { addedTagsSql, removedTagsSql } from '../../common/tags/tag-sql.js';
import { ModelEvents } from '../../events/index.js';
import type { StoreContext } from '../stores/index.js';
import { type AdminCustomerView, adminCustomerView } from './admin-customer-view.js';
import { Customer } from './customer.entity.js';
import { CustomerSerializer } from './customer.serializer.js';

/**
 * Adds tags to, or removes them from, several customers in one transaction: every id must name a
 * customer of the store (404 `record_not_found` listing those that do not, nothing changed).
 * Each customer whose tags change publishes `customer.updated`.
 */
@Injectable()
export class AdminCustomerTagging {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: CustomerSerializer,
    private readonly events: ModelEvents,
  ) {}

  add(store: StoreContext, body: BulkTagsBody): Promise<{ data: AdminCustomerView[] }> {
    return this.retag(store, body, addedTagsSql('tags', '$3'));
  }

  remove(store: StoreContext, body: BulkTagsBody): Promise<{ data: AdminCustomerView[] }> {
    return this.retag(store, body, removedTagsSql('tags', '$3'));
  }

  private retag(
    store: StoreContext,
    body: BulkTagsBody,
    tagsAfter: string,
  ): Promise<{ data: AdminCustomerView[] }> {
    const keys = new Map(body.ids.map((id) => [id, this.ids.decode(ID_PREFIX.customer, id)]));
    return this.dataSource.transaction(async (manager) => {
      const locked: { id: string }[] = await manager.query(
        `SELECT id::text AS id FROM customers WHERE store_id = $1 AND id = ANY($2::bigint[])
         ORDER BY id FOR UPDATE`,
        [store.storeId, [...keys.values()].filter((key) => key !== undefined)],
      );
      const found = new Set(locked.map((row) => row.id));
      const missing = [...keys].filter(([, key]) => !found.has(key ?? '')).map(([id]) => id);
      if (missing.length > 0) {
        throw new StoreError('record_not_found', 'Some customers do not exist', { ids: missing });
      }
      const [changed]: [{ id: string }[], number] = await manager.query(
        `UPDATE customers SET tags = ${tagsAfter}, updated_at = now()
         WHERE store_id = $1 AND id = ANY($2::bigint[]) AND tags IS DISTINCT FROM ${tagsAfter}
         RETURNING id::text AS id`,
        [store.storeId, [...found], body.tags],
      );
      const customers = await manager.findBy(Customer, { id: In([...found]) });
      const changedIds = new Set(changed.map((row) => row.id));
      for (const customer of customers.filter((candidate) => changedIds.has(candidate.id))) {
        await this.events.updated({ manager, storeId: store.storeId }, 'customer', customer);
      }
      const data = [...keys.values()].flatMap((key) => {
        const customer = customers.find((candidate) => candidate.id === key);
        return customer ? [adminCustomerView(this.serializer, customer)] : [];
      });
      return { data };
    });
  }
}
