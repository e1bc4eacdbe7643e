import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, type QueryDeepPartialEntity, Raw } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { type CountedPageMeta, keysetPage } from '../../common/pagination/keyset-page.js';
import { ModelEvents } from '../../events/index.js';
import type { StoreContext } from '../stores/index.js';
import { SessionsService } from '../auth/index.js';
import { Address } from './address.entity.js';
import { Customer } from './customer.entity.js';
import { MarketingConsent } from './marketing-consent.js';
import { normalizeEmail } from './customer-email.js';
import { CustomerOrderHistory } from './customer-order-history.js';
import { profileChanges } from './customer-profile.js';
import { CustomerRecords } from './customer-records.js';
import { sessionOwner } from './customer-sessions.service.js';
import { tagsWanted } from '../../common/tags/tag-filter.query.js';
import { type AdminCustomerView, adminCustomerView } from './admin-customer-view.js';
import { CustomerSerializer } from './customer.serializer.js';
import type { CreateCustomerBody, UpdateCustomerBody } from './dto/admin-customer.body.js';
import type { ListCustomersQuery } from './dto/list-customers.query.js';

/** Staff management of a store's customers. */
@Injectable()
export class AdminCustomersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly sessions: SessionsService,
    private readonly orders: CustomerOrderHistory,
    private readonly serializer: CustomerSerializer,
    private readonly events: ModelEvents,
    private readonly consent: MarketingConsent,
  ) {}

  /** A customer without a password: it cannot sign in until it sets one. */
  async create(store: StoreContext, body: CreateCustomerBody): Promise<AdminCustomerView> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await manager.save(
        manager.create(Customer, {
          storeId: store.storeId,
          email: body.email,
          tags: body.tags ?? [],
          ...profileChanges(body),
        }),
      );
      await this.events.created({ manager, storeId: store.storeId }, 'customer', customer);
      return adminCustomerView(this.serializer, customer);
    });
  }

  /** Newest first; `email` is exact, `tag` / `tags[]` keep customers carrying any of them. */
  async list(
    store: StoreContext,
    query: ListCustomersQuery,
  ): Promise<{ data: AdminCustomerView[]; meta: CountedPageMeta }> {
    const tags = tagsWanted(query);
    const { rows, meta } = await keysetPage({
      select: this.dataSource.manager.createQueryBuilder(Customer, 'c').where({
        storeId: store.storeId,
        // Emails are stored lower-cased; an anonymised one keeps its id's case, so try both.
        ...(query.email === undefined
          ? {}
          : { email: In([...new Set([normalizeEmail(query.email), query.email])]) }),
        ...(tags === undefined
          ? {}
          : { tags: Raw((column) => `${column} && CAST(:tags AS text[])`, { tags }) }),
      }),
      alias: 'c',
      table: 'customers',
      sort: { property: 'createdAt', column: 'created_at' },
      query,
    });
    return { data: rows.map((row) => adminCustomerView(this.serializer, row)), meta };
  }

  async show(store: StoreContext, publicId: string): Promise<AdminCustomerView> {
    return adminCustomerView(
      this.serializer,
      await this.customers.byPublicId(store.storeId, publicId),
    );
  }

  async update(
    store: StoreContext,
    publicId: string,
    body: UpdateCustomerBody,
  ): Promise<AdminCustomerView> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.byPublicId(store.storeId, publicId, {
        manager,
        lock: true,
      });
      // The jsonb `metadata` holds unknown values, which TypeORM's update type cannot express.
      const changes = {
        ...profileChanges(body),
        ...(body.email === undefined ? {} : { email: body.email }),
        ...(body.tags === undefined ? {} : { tags: body.tags }),
      } as QueryDeepPartialEntity<Customer>;
      if (Object.keys(changes).length === 0) return adminCustomerView(this.serializer, customer);
      await manager.update(Customer, { id: customer.id }, changes);
      return this.changed(manager, customer);
    });
  }

  /** Deletes the customer, its addresses and its sessions; one with completed orders stays. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.byPublicId(store.storeId, publicId, {
        manager,
        lock: true,
      });
      if (await this.orders.hasCompletedOrders(manager, store.storeId, customer.id)) {
        throw new StoreError(
          'customer_has_orders',
          'A customer with completed orders cannot be deleted; anonymize it instead',
        );
      }
      await this.sessions.endAll(sessionOwner(customer), manager);
      await this.events.deleted({ manager, storeId: store.storeId }, 'customer', customer);
      await manager.delete(Customer, { id: customer.id });
    });
  }

  /**
   * Erases what identifies the person (email, names, phone, password, addresses, sessions, their
   * newsletter subscriptions) but keeps the row, so orders keep their customer. Anonymising again
   * is harmless.
   */
  async anonymize(store: StoreContext, publicId: string): Promise<AdminCustomerView> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.byPublicId(store.storeId, publicId, {
        manager,
        lock: true,
      });
      await manager.update(
        Customer,
        { id: customer.id },
        {
          email: `anonymized+${this.serializer.publicId(customer)}@anonymized.invalid`,
          firstName: null,
          lastName: null,
          phone: null,
          passwordDigest: null,
          acceptsMarketing: false,
          metadata: {},
          anonymizedAt: customer.anonymizedAt ?? new Date(),
        },
      );
      await manager.delete(Address, { storeId: store.storeId, customerId: customer.id });
      await this.sessions.endAll(sessionOwner(customer), manager);
      // Told with the address it had, so that lists keyed by address let the person go too.
      await this.consent.changed(manager, { ...customer, acceptsMarketing: false });
      return this.changed(manager, customer);
    });
  }

  /** Re-reads a changed customer, publishes `customer.updated` and renders it. */
  private async changed(manager: EntityManager, customer: Customer): Promise<AdminCustomerView> {
    const updated = await manager.findOneByOrFail(Customer, { id: customer.id });
    await this.events.updated({ manager, storeId: updated.storeId }, 'customer', updated);
    return adminCustomerView(this.serializer, updated);
  }
}
