import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { CustomerRecords } from '../customers/index.js';
import type { StoreContext } from '../stores/index.js';
import { StoreCredit } from './store-credit.entity.js';
import { type CustomerStoreCreditView, StoreCreditSerializer } from './store-credit.serializer.js';

/** Whose credits, in which currency: the signed-in customer of one store. */
export interface CreditHolder {
  store: StoreContext;
  customerId: string;
  currency: string;
}

/** A customer's own view of its store credits: this store and one currency only. */
@Injectable()
export class CustomerStoreCreditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly ids: PublicIdCodec,
    private readonly serializer: StoreCreditSerializer,
  ) {}

  async list(holder: CreditHolder, query: PaginationQuery): Promise<Page<CustomerStoreCreditView>> {
    await this.customers.signedIn(holder.store.storeId, holder.customerId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(StoreCredit, {
          where: this.heldBy(holder),
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (credit) => this.serializer.forCustomer(credit),
    );
  }

  /** Another customer's credit, or one in another currency, is not found. */
  async show(holder: CreditHolder, publicId: string): Promise<CustomerStoreCreditView> {
    await this.customers.signedIn(holder.store.storeId, holder.customerId);
    const id = this.ids.decode(ID_PREFIX.storeCredit, publicId);
    const credit = id
      ? await this.dataSource.manager.findOne(StoreCredit, {
          where: { id, ...this.heldBy(holder) },
        })
      : null;
    if (!credit) throw StoreError.notFound('store credit');
    return this.serializer.forCustomer(credit);
  }

  private heldBy(holder: CreditHolder) {
    return {
      storeId: holder.store.storeId,
      customerId: holder.customerId,
      currency: holder.currency,
    };
  }
}
