import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Money } from '../../common/money/money.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { isUniqueViolationOf } from '../../platform/database/database-errors.js';
import type { Principal } from '../auth/index.js';
import {
  type Order,
  OrderChanges,
  OrderLookup,
  PaymentSessionsService,
  PaymentSettlement,
} from '../orders/index.js';
import type { StoreContext } from '../stores/index.js';
import type { OrderEditActionBody, OrderEditBody } from './dto/order-edit.body.js';
import { EditApplication } from './edit-application.js';
import { previewOf } from './edit-preview.js';
import { EditPreviews } from './edit-previews.js';
import { EditRefunds } from './edit-refunds.js';
import { OrderEdit } from './entities/order-edit.entity.js';
import { OrderEditRecords } from './order-edit-records.js';
import { OrderEditSerializer, type OrderEditView } from './order-edit.serializer.js';

/** The partial unique index that keeps one open edit per order. */
const ONE_DRAFT = 'order_edits_one_draft_key';

/**
 * Edits of placed orders: drafts (each write answering the order as the edit would leave it),
 * confirmed in one change of the order, or canceled. A credit owed on confirmation is refunded
 * right after it (`EditRefunds`).
 */
@Injectable()
export class OrderEditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly previews: EditPreviews,
    private readonly application: EditApplication,
    private readonly settlement: PaymentSettlement,
    private readonly records: OrderEditRecords,
    private readonly serializer: OrderEditSerializer,
    private readonly refunds: EditRefunds,
    private readonly sessions: PaymentSessionsService,
  ) {}

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<OrderEditView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    return findPage(
      query,
      (window) =>
        manager.findAndCount(OrderEdit, {
          where: { orderId: order.id },
          order: { id: 'ASC' },
          ...window,
        }),
      (edit) => this.serializer.serialize(edit),
    );
  }

  async show(store: StoreContext, orderId: string, id: string): Promise<OrderEditView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    return this.serializer.serialize(await this.records.find(manager, order, id));
  }

  /** A new draft; 422 `resource_invalid` while the order has another one open. */
  async create(store: StoreContext, orderId: string, body: OrderEditBody): Promise<OrderEditView> {
    const target = this.lookup.inStore(store.storeId, orderId);
    const preview = await this.previews.preview(target, body.state_lock_version, body.items);
    return this.dataSource
      .transaction(async (manager) => {
        const order = await this.lookup.read(manager, target);
        const edit = await manager.save(
          manager.create(OrderEdit, {
            storeId: order.storeId,
            orderId: order.id,
            state: 'draft' as const,
            items: body.items.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
            preview,
          }),
        );
        return this.records.publish(manager, edit, 'created');
      })
      .catch((error: unknown) => {
        if (!isUniqueViolationOf(error, ONE_DRAFT)) throw error;
        throw new StoreError('resource_invalid', 'The order has an open edit already', {
          order_id: ['confirm or cancel the order’s open edit first'],
        });
      });
  }

  /** Replaces a draft's line changes, with the preview they make. */
  async update(
    store: StoreContext,
    orderId: string,
    id: string,
    body: OrderEditBody,
  ): Promise<OrderEditView> {
    const target = this.lookup.inStore(store.storeId, orderId);
    const order = await this.lookup.read(this.dataSource.manager, target);
    this.records.ensureDraft(await this.records.find(this.dataSource.manager, order, id));
    const preview = await this.previews.preview(target, body.state_lock_version, body.items);
    return this.dataSource.transaction(async (manager) => {
      const edit = await this.records.find(manager, order, id, true);
      this.records.ensureDraft(edit);
      edit.items = body.items.map(({ variant_id, quantity }) => ({ variant_id, quantity }));
      edit.preview = preview;
      await manager.save(edit);
      return this.records.publish(manager, edit, 'updated');
    });
  }

  /** Discards a draft; the order is left as it is. */
  cancel(store: StoreContext, orderId: string, id: string): Promise<OrderEditView> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
      const edit = await this.records.find(manager, order, id, true);
      this.records.ensureDraft(edit);
      edit.state = 'canceled';
      edit.canceledAt = new Date();
      await manager.save(edit);
      return this.records.publish(manager, edit, 'canceled');
    });
  }

  /**
   * Applies the draft in one change of the order (claimed at its next version: a change of the
   * order since `state_lock_version` was read, or a payment being charged, is 409): lines, recalculation, stock, and the
   * payment state the new total leaves (`balance_due`, `credit_owed` or `paid`), with
   * `order_edit.confirmed` and `order.updated`. A balance due gets a payment session the shopper
   * pays it through (`payment_session_id`); a credit owed is refunded once that change is
   * committed, never while the order is held.
   */
  async confirm(
    store: StoreContext,
    caller: Principal,
    orderId: string,
    id: string,
    body: OrderEditActionBody,
  ): Promise<OrderEditView> {
    const target = this.lookup.inStore(store.storeId, orderId);
    const confirmed = await this.changes.run(target, body.state_lock_version, async (change) => {
      const { manager, order } = change;
      const edit = await this.records.find(manager, order, id, true);
      this.records.ensureDraft(edit);
      await ensureNoPaymentInFlight(manager, order);
      await this.application.apply(change, edit.items);
      await this.settlement.settle(change);
      edit.preview = await previewOf(manager, this.ids, order);
      if (order.paymentState === 'balance_due') {
        edit.paymentSessionId = (await this.sessions.openForBalance(manager, order))?.id ?? null;
      }
      edit.state = 'confirmed';
      edit.confirmedAt = new Date();
      await manager.save(edit);
      const view = await this.records.publish(manager, edit, 'confirmed');
      const credit = Money.of(order.paymentTotal, order.currency).minus(order.total).round();
      return { edit, view, credit, currency: order.currency };
    });
    if (confirmed.credit.compare(Money.zero(confirmed.currency)) <= 0) return confirmed.view;
    return this.refunds.refund(store, caller, orderId, confirmed.edit, confirmed.credit);
  }
}

/**
 * 409 while a payment of the order is being charged (a shopper's session between its claim and
 * its settling): the edit would judge the balance without it, so it waits for it to settle.
 */
async function ensureNoPaymentInFlight(manager: EntityManager, order: Order): Promise<void> {
  const [charging]: unknown[] = await manager.query(
    `SELECT 1 FROM payments WHERE order_id = $1 AND state = 'processing' LIMIT 1`,
    [order.id],
  );
  if (charging) {
    throw new StoreError(
      'order_already_updated',
      'A payment of the order is being charged; fetch the order again and retry',
    );
  }
}
