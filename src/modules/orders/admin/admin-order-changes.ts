import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import type { StoreContext } from '../../stores/index.js';
import { type AddressChoice, CartAddresses } from '../carts/cart-addresses.js';
import type { LockedBody } from '../dto/cart.body.js';
import { Order } from '../entities/order.entity.js';
import { OrderCompletion } from '../order-completion.js';
import { OrderLines } from '../order-lines.js';
import { isPlaced, OrderLookup } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { OrderView } from '../order.serializer.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { DraftOrderCodes } from './draft-order-codes.js';
import { draftTarget } from './draft-target.js';
import type { UpdateAdminOrderBody } from './dto/update-admin-order.body.js';
import { setItemQuantities } from './item-quantities.js';

/** What a placed order no longer takes: it was paid and stocked for these. */
const FIXED_ONCE_PLACED = ['items', 'bill_address', 'ship_address', 'coupon_code'] as const;

/**
 * Staff edits of an order (draft or cart) and completing a draft. Each is one optimistic-locking
 * mutation: a concurrent change, or a stale `state_lock_version`, answers 409.
 */
@Injectable()
export class AdminOrderChanges {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly addresses: CartAddresses,
    private readonly lines: OrderLines,
    private readonly completion: OrderCompletion,
    private readonly presenter: AdminOrderPresenter,
    private readonly codes: DraftOrderCodes,
  ) {}

  /**
   * Sets email, instructions, tags, addresses, item quantities and coupon code (`DraftOrderCodes`),
   * then re-prices the order. A concurrent change answers 409 `cart_already_updated` whatever the
   * order's state, as the contract says of this operation (others on a placed order answer
   * `order_already_updated`).
   */
  update(
    store: StoreContext,
    publicId: string,
    body: UpdateAdminOrderBody,
  ): Promise<AdminOrderView> {
    return this.changes
      .run(
        this.lookup.inStore(store.storeId, publicId),
        body.state_lock_version,
        async (change) => {
          const { manager, order } = change;
          const placed = isPlaced(order);
          if (placed) ensureEditableOncePlaced(order, body);
          const changes: Partial<Order> = {};
          if (body.email !== undefined) changes.email = body.email;
          if (body.special_instructions !== undefined) {
            changes.specialInstructions = body.special_instructions;
          }
          if (body.tags !== undefined) changes.tags = body.tags;
          Object.assign(changes, await this.addressChanges(manager, order, body));
          await this.addresses.updateOrder(manager, order, changes);
          await setItemQuantities(this.lines, manager, order, body.items ?? [], {
            zeroRemoves: true,
          });
          await this.codes.set(manager, order, body.coupon_code);
          if (!placed) await this.recalculator.recalculate(change);
          return this.presenter.present(change);
        },
      )
      .catch((error: unknown) => {
        if (error instanceof StoreError && error.code === 'order_already_updated') {
          throw new StoreError('cart_already_updated', error.message, error.details);
        }
        throw error;
      });
  }

  /**
   * Places a draft that has everything checkout needs (`cart_empty` / `cart_cannot_transition`
   * otherwise, as in the Store API); a complete order is returned as it is.
   */
  complete(store: StoreContext, publicId: string, body: LockedBody): Promise<OrderView> {
    const inStore = this.lookup.inStore(store.storeId, publicId);
    return this.completion.complete(
      {
        ...inStore,
        admit: (found) => {
          const order = inStore.admit(found);
          if (order.state === 'canceled' || order.state === 'returned') {
            throw new StoreError(
              'cart_invalid_state',
              `A ${order.state} order cannot be completed`,
            );
          }
          return order;
        },
      },
      body.state_lock_version,
      (context) => this.presenter.present(context),
    );
  }

  /** Takes a coupon code off a draft or cart and re-prices it; 404 when it does not carry it. */
  removeCode(store: StoreContext, publicId: string, code: string): Promise<AdminOrderView> {
    const target = draftTarget(this.lookup.inStore(store.storeId, publicId), 'coupon codes');
    return this.changes.run(target, undefined, async (change) => {
      await this.codes.remove(change.manager, change.order, code);
      await this.recalculator.recalculate(change);
      return this.presenter.present(change);
    });
  }

  private async addressChanges(
    manager: EntityManager,
    order: Order,
    body: UpdateAdminOrderBody,
  ): Promise<Partial<Order>> {
    const choices: AddressChoice[] = [];
    if (body.bill_address !== undefined)
      choices.push({ field: 'bill_address', inline: body.bill_address });
    if (body.ship_address !== undefined)
      choices.push({ field: 'ship_address', inline: body.ship_address });
    if (choices.length === 0) return {};
    const ids = await this.addresses.resolve(manager, order, choices);
    const idOf = (field: string) => ids[choices.findIndex((choice) => choice.field === field)];
    return {
      ...(body.bill_address === undefined ? {} : { billAddressId: idOf('bill_address') }),
      ...(body.ship_address === undefined ? {} : { shipAddressId: idOf('ship_address') }),
    };
  }
}

function ensureEditableOncePlaced(order: Order, body: UpdateAdminOrderBody): void {
  const refused = FIXED_ONCE_PLACED.filter((field) => body[field] !== undefined);
  if (refused.length > 0) {
    throw new StoreError(
      'cart_invalid_state',
      `A ${order.state} order no longer takes ${refused.join(', ')}; only email, special_instructions and tags`,
      { fields: refused },
    );
  }
}
