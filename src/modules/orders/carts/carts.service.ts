import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Not } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Customer } from '../../customers/index.js';
import { type CreateCartBody, isSupportedCurrency, type UpdateCartBody } from '../dto/cart.body.js';
import { Order } from '../entities/order.entity.js';
import { OrderLookup, PLACED_STATES } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { OrderRecalculator } from '../order-recalculator.js';
import { insertNewOrder } from '../new-order-row.js';
import { OrderSnapshots } from '../order-snapshot.js';
import { CartTokens } from '../cart-tokens.js';
import type { OrderView } from '../order.serializer.js';
import { type AddressChoice, CartAddresses } from './cart-addresses.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

/** Shopping carts of the Store API: create, read, update (advancing checkout), abandon, claim. */
@Injectable()
export class CartsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly addresses: CartAddresses,
    private readonly presenter: CartPresenter,
    private readonly snapshots: OrderSnapshots,
    private readonly tokens: CartTokens,
  ) {}

  async create(caller: CartCaller, body: CreateCartBody): Promise<OrderView> {
    const currency = body.currency?.toUpperCase() ?? caller.store.defaultCurrency;
    if (!isSupportedCurrency(currency, caller.store.supportedCurrencies)) {
      throw new StoreError('validation_error', 'The request failed validation', {
        currency: [`currency must be one of ${caller.store.supportedCurrencies.join(', ')}`],
      });
    }
    const { token, digest, sealed } = this.tokens.issue();
    return this.changes.create(
      async (manager) =>
        insertNewOrder(manager, {
          storeId: caller.store.storeId,
          tokenDigest: digest,
          tokenSealed: sealed,
          currency,
          email: body.email ?? (await this.customerEmail(manager, caller)) ?? null,
          customerId: caller.customerId,
          channel: 'storefront',
        }),
      (change) => this.presenter.present(change, { issuedToken: token }),
    );
  }

  /** The signed-in customer's open carts, newest first. */
  async list(caller: CartCaller, query: PaginationQuery): Promise<Page<OrderView>> {
    const customerId = requireCustomer(caller);
    const manager = this.dataSource.manager;
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(Order, {
          where: {
            storeId: caller.store.storeId,
            customerId,
            state: Not(In([...PLACED_STATES])),
          },
          order: { updatedAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (order) => order,
    );
    const data: OrderView[] = [];
    for (const order of page.data)
      data.push(await this.presenter.present({ manager, order }, caller));
    return { data, meta: page.meta };
  }

  async show(caller: CartCaller, publicId: string): Promise<OrderView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.cartOf(manager, caller, publicId);
    return this.presenter.present({ manager, order }, caller);
  }

  /** Sets email, addresses and instructions, then advances the checkout as far as it can go. */
  update(caller: CartCaller, publicId: string, body: UpdateCartBody): Promise<OrderView> {
    return this.changes.run(
      this.lookup.cart(caller, publicId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const changes: Partial<Order> = {};
        if (body.email !== undefined) changes.email = body.email.trim().toLowerCase();
        if (body.special_instructions !== undefined) {
          changes.specialInstructions = body.special_instructions;
        }
        Object.assign(changes, await this.addressChanges(manager, order, body));
        await this.addresses.updateOrder(manager, order, changes);
        await this.recalculator.recalculate(change);
        return this.presenter.present(change, caller);
      },
    );
  }

  /** Abandons a cart; its lines and shipments go with it. */
  async remove(caller: CartCaller, publicId: string): Promise<void> {
    await this.changes.run(this.lookup.cart(caller, publicId), undefined, async (change) => {
      const { manager, order } = change;
      change.markRemoved(await this.snapshots.load(manager, order));
      await manager.delete(Order, { id: order.id });
      await this.addresses.discard(
        manager,
        { ...order, billAddressId: null, shipAddressId: null },
        [order.billAddressId, order.shipAddressId],
      );
    });
  }

  /** Gives a guest cart (proved by its token) to the signed-in customer. */
  associate(caller: CartCaller, publicId: string): Promise<OrderView> {
    const customerId = requireCustomer(caller);
    const guest: CartCaller = { ...caller, customerId: null };
    return this.changes.run(this.lookup.cart(guest, publicId), undefined, async (change) => {
      const { manager, order } = change;
      if (order.customerId !== null && order.customerId !== customerId) {
        throw new StoreError('cart_not_found', 'The cart does not exist or is not yours');
      }
      order.customerId = customerId;
      order.email ??= (await this.customerEmail(manager, caller)) ?? null;
      await manager.update(Order, { id: order.id }, { customerId, email: order.email });
      await this.recalculator.recalculate(change);
      return this.presenter.present(change, caller);
    });
  }

  private async addressChanges(
    manager: EntityManager,
    order: Order,
    body: UpdateCartBody,
  ): Promise<Partial<Order>> {
    const billing = choice('billing_address', body.billing_address, body.billing_address_id);
    let shipping = choice('shipping_address', body.shipping_address, body.shipping_address_id);
    if (body.use_shipping === true && billing) shipping = undefined;
    const chosen = [billing, shipping].filter((entry): entry is AddressChoice => !!entry);
    if (chosen.length === 0 && body.use_shipping !== true) return {};
    const ids = await this.addresses.resolve(manager, order, chosen);
    const changes: Partial<Order> = {};
    if (billing) changes.billAddressId = ids[0];
    if (shipping) changes.shipAddressId = ids[billing ? 1 : 0];
    if (body.use_shipping === true) {
      const billAddressId = changes.billAddressId ?? order.billAddressId;
      if (billAddressId === null) {
        throw new StoreError('validation_error', 'The request failed validation', {
          use_shipping: ['use_shipping needs a billing address'],
        });
      }
      changes.shipAddressId = billAddressId;
    }
    return changes;
  }

  private async customerEmail(
    manager: EntityManager,
    caller: CartCaller,
  ): Promise<string | undefined> {
    if (caller.customerId === null) return undefined;
    const customer = await manager.findOneBy(Customer, {
      id: caller.customerId,
      storeId: caller.store.storeId,
    });
    return customer?.email;
  }
}

function choice(field: string, inline?: object, savedId?: string): AddressChoice | undefined {
  if (savedId !== undefined) return { field, savedId };
  if (inline !== undefined) return { field, inline };
  return undefined;
}

function requireCustomer(caller: CartCaller): string {
  if (caller.customerId === null) {
    throw new StoreError('authentication_required', 'A signed-in customer is required');
  }
  return caller.customerId;
}
