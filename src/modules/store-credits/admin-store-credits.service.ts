import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { positiveAmount } from '../../common/money/decimal-amount.js';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { ModelEvents } from '../../events/index.js';
import type { Principal } from '../auth/index.js';
import { CustomerRecords } from '../customers/index.js';
import type { StoreContext } from '../stores/index.js';
import type {
  CreateStoreCreditBody,
  UpdateStoreCreditBody,
} from './dto/admin-store-credit.body.js';
import { StoreCredit } from './store-credit.entity.js';
import { StoreCreditIssuing } from './store-credit-issuing.js';
import { StoreCreditSerializer, type StoreCreditView } from './store-credit.serializer.js';
import { isPartlyUsed, mustBeKept } from './store-credit-usage.js';

/** Which customer's credits, in which store. */
export interface CreditOwner {
  store: StoreContext;
  customerPublicId: string;
}

/**
 * Staff management of a customer's store credits. Edits and deletions lock the credit's row
 * before checking that nothing of it is used, so a checkout spending it (whose conditional update
 * needs the same lock) comes entirely before or entirely after them.
 */
@Injectable()
export class AdminStoreCreditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly ids: PublicIdCodec,
    private readonly serializer: StoreCreditSerializer,
    private readonly events: ModelEvents,
    private readonly issuing: StoreCreditIssuing,
  ) {}

  async list(owner: CreditOwner, query: PaginationQuery): Promise<Page<StoreCreditView>> {
    const customer = await this.customers.byPublicId(owner.store.storeId, owner.customerPublicId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(StoreCredit, {
          where: { storeId: owner.store.storeId, customerId: customer.id },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (credit) => this.serializer.serialize(credit),
    );
  }

  async show(owner: CreditOwner, publicId: string): Promise<StoreCreditView> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, owner, publicId));
  }

  async create(
    owner: CreditOwner,
    caller: Principal,
    body: CreateStoreCreditBody,
  ): Promise<StoreCreditView> {
    const currency = creditCurrency(owner.store, body.currency);
    const amount = positiveAmount(body.amount, currency);
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.byPublicId(
        owner.store.storeId,
        owner.customerPublicId,
        { manager },
      );
      const credit = await this.issuing.issue(manager, {
        storeId: owner.store.storeId,
        customerId: customer.id,
        currency,
        amount: amount.toString(),
        category: body.category ?? null,
        memo: body.memo ?? null,
        caller,
      });
      return this.serializer.serialize(credit);
    });
  }

  /** Memo and category may always change; the amount only while nothing of it is used. */
  async update(
    owner: CreditOwner,
    publicId: string,
    body: UpdateStoreCreditBody,
  ): Promise<StoreCreditView> {
    return this.dataSource.transaction(async (manager) => {
      const credit = await this.find(manager, owner, publicId, { lock: true });
      const changes: Partial<Pick<StoreCredit, 'amount' | 'memo' | 'category'>> = {};
      if (body.amount !== undefined) {
        const amount = positiveAmount(body.amount, credit.currency);
        if (amount.compare(credit.amount) !== 0) {
          if (isPartlyUsed(credit))
            throw inUse('Some of this store credit is used: its amount cannot change');
          changes.amount = amount.toString();
        }
      }
      if (body.memo !== undefined) changes.memo = body.memo;
      if (body.category !== undefined) changes.category = body.category;
      if (Object.keys(changes).length === 0) return this.serializer.serialize(credit);
      await manager.update(StoreCredit, { id: credit.id }, changes);
      const updated = await manager.findOneByOrFail(StoreCredit, { id: credit.id });
      return this.published(manager, owner, updated, 'updated');
    });
  }

  async remove(owner: CreditOwner, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const credit = await this.find(manager, owner, publicId, { lock: true });
      if (await mustBeKept(manager, credit))
        throw inUse('This store credit is used or paid for an order: it cannot be deleted');
      await this.events.deleted({ manager, storeId: owner.store.storeId }, credit);
      await manager.delete(StoreCredit, { id: credit.id });
    });
  }

  /** The customer's credit (row-locked when asked); another store's or customer's is 404. */
  private async find(
    manager: EntityManager,
    owner: CreditOwner,
    publicId: string,
    { lock = false } = {},
  ): Promise<StoreCredit> {
    const customer = await this.customers.byPublicId(owner.store.storeId, owner.customerPublicId, {
      manager,
    });
    const id = this.ids.decode(ID_PREFIX.storeCredit, publicId);
    const credit = id
      ? await manager.findOne(StoreCredit, {
          where: { id, storeId: owner.store.storeId, customerId: customer.id },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!credit) throw StoreError.notFound('store credit');
    return credit;
  }

  private async published(
    manager: EntityManager,
    owner: CreditOwner,
    credit: StoreCredit,
    action: 'updated',
  ): Promise<StoreCreditView> {
    await this.events[action]({ manager, storeId: owner.store.storeId }, credit);
    return this.serializer.serialize(credit);
  }
}

/** The requested currency, upper-cased, if the store sells in it; else the store's default. */
function creditCurrency(store: StoreContext, requested: string | undefined): string {
  const currency = requested?.toUpperCase() ?? store.defaultCurrency;
  if (!store.supportedCurrencies.includes(currency)) {
    throw new StoreError('validation_error', 'The request failed validation', {
      currency: [`currency must be one of ${store.supportedCurrencies.join(', ')}`],
    });
  }
  return currency;
}

function inUse(message: string): StoreError {
  return new StoreError('store_credit_in_use', message);
}
