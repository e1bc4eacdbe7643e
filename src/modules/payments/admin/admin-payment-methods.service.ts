import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { findStoreRecord, sentFields, stillInUse } from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import type { StoreContext } from '../../stores/index.js';
import { PaymentMethod } from '../payment-method.entity.js';
import type { CreatePaymentMethodBody, UpdatePaymentMethodBody } from './payment-method.body.js';
import {
  PaymentMethodSerializer,
  type SerializedPaymentMethod,
} from './payment-method.serializer.js';

const MODEL = 'payment_method';

/** A store's payment methods; a change shows on every cart at once. */
@Injectable()
export class AdminPaymentMethodsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly ids: PublicIdCodec,
    private readonly serializer: PaymentMethodSerializer,
    private readonly events: ModelEvents,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<SerializedPaymentMethod>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(PaymentMethod, {
          where: { storeId: store.storeId },
          order: { position: 'ASC', id: 'ASC' },
          ...window,
        }),
      (method) => this.serializer.serialize(method),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedPaymentMethod> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  create(store: StoreContext, body: CreatePaymentMethodBody): Promise<SerializedPaymentMethod> {
    return this.changes.run(store.storeId, async (manager) => {
      const method = await manager.save(
        manager.create(PaymentMethod, { ...sentFields(body), storeId: store.storeId }),
      );
      await this.events.created({ manager, storeId: store.storeId }, MODEL, method);
      return this.serializer.serialize(method);
    });
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdatePaymentMethodBody,
  ): Promise<SerializedPaymentMethod> {
    return this.changes.run(store.storeId, async (manager) => {
      const method = await this.find(manager, store, publicId, true);
      const changes = sentFields(body);
      if (Object.keys(changes).length === 0) return this.serializer.serialize(method);
      await manager.update(PaymentMethod, { id: method.id }, changes);
      const updated = await manager.findOneByOrFail(PaymentMethod, { id: method.id });
      await this.events.updated({ manager, storeId: store.storeId }, MODEL, updated);
      return this.serializer.serialize(updated);
    });
  }

  /** A method payments were made with stays (deactivate it instead): 422 `resource_invalid`. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.changes.run(store.storeId, async (manager) => {
      const method = await this.find(manager, store, publicId, true);
      const [{ payments, payment_sessions }] = (await manager.query(
        `SELECT (SELECT count(*) FROM payments WHERE payment_method_id = $1)::int AS payments,
                (SELECT count(*) FROM payment_sessions WHERE payment_method_id = $1)::int
                  AS payment_sessions`,
        [method.id],
      )) as { payments: number; payment_sessions: number }[];
      if (payments + payment_sessions > 0)
        throw stillInUse('payment method', { payments, payment_sessions });
      await this.events.deleted({ manager, storeId: store.storeId }, MODEL, method);
      await manager.delete(PaymentMethod, { id: method.id });
    });
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, lock = false) {
    return findStoreRecord(
      manager,
      PaymentMethod,
      {
        ids: this.ids,
        prefix: ID_PREFIX.paymentMethod,
        storeId: store.storeId,
        publicId,
        what: 'payment method',
      },
      { lock },
    );
  }
}
