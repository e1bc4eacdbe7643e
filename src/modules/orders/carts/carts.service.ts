import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Not } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { StoreChannels } from '../../channels/index.js';
import { Customer } from '../../customers/index.js';
import { localesOf } from '../../stores/index.js';
import { mergeMetadata, metadataFits } from '../domain/metadata.js';
import { type CreateCartBody, isSupportedCurrency, type UpdateCartBody } from '../dto/cart.body.js';
import { Order } from '../entities/order.entity.js';
import { OrderLookup, PLACED_STATES } from '../order-lookup.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderLines } from '../order-lines.js';
import { OrderRecalculator } from '../order-recalculator.js';
import { insertNewOrder } from '../new-order-row.js';
import { markNewAndEmpty, OrderSnapshots } from '../order-snapshot.js';
import { CartTokens } from '../cart-tokens.js';
import type { OrderView } from '../order.serializer.js';
import { type AddressChoice, CartAddresses } from './cart-addresses.js';
import type { CartCaller } from './cart-caller.js';
import { CartCurrency } from './cart-currency.js';
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
    private readonly lines: OrderLines,
    private readonly currencies: CartCurrency,
    private readonly channels: StoreChannels,
  ) {}

  /**
   * A new cart, with its locale, metadata and first lines when the request gives them, in the
   * body's currency, else the request's (`X-Store-Currency`), recording the sales channel the
   * request names (`X-Store-Channel`, else the store's default) and the locale it names when the
   * body gives none.
   */
  async create(
    caller: CartCaller,
    body: CreateCartBody,
    requested: { currency?: string; channel?: string; locale?: string } = {},
  ): Promise<OrderView> {
    const currency = storeCurrency(
      caller,
      body.currency ?? requested.currency ?? caller.store.defaultCurrency,
    );
    const channel = await this.channels.resolve(caller.store.storeId, requested.channel);
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
          channelId: channel?.id ?? null,
          locale: requested.locale ?? null,
        }),
      async (change) => {
        if (!body.items || body.items.length === 0) markNewAndEmpty(change.order);
        await this.fill(change, body);
        return this.presenter.present(change, { issuedToken: token });
      },
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

  /**
   * Sets email, instructions, locale, metadata, currency (re-pricing the lines), addresses and
   * lines, then advances the checkout as far as it can go. `alsoWithin` makes further edits in
   * the same change (one transaction), after the cart has been recalculated for these.
   */
  update(
    caller: CartCaller,
    publicId: string,
    body: UpdateCartBody,
    alsoWithin?: (change: OrderChange) => Promise<void>,
  ): Promise<OrderView> {
    const instructions = customerNote(body);
    return this.changes.run(
      this.lookup.cart(caller, publicId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const changes: Partial<Order> = {};
        if (body.email !== undefined) changes.email = body.email.trim().toLowerCase();
        if (instructions !== undefined) changes.specialInstructions = instructions;
        if (body.locale !== undefined) {
          changes.locale = await this.storeLocale(manager, order, body.locale);
        }
        if (body.metadata !== undefined) {
          changes.metadata = fittingMetadata(mergeMetadata(order.metadata ?? {}, body.metadata));
        }
        if (body.currency !== undefined) {
          const currency = storeCurrency(caller, body.currency);
          if (currency !== order.currency) {
            await this.currencies.move(manager, order, currency);
            changes.currency = currency;
          }
        }
        Object.assign(changes, await this.addressChanges(manager, order, body));
        await this.addresses.updateOrder(manager, order, changes, { recalculatedNext: true });
        if (body.items) await this.lines.apply(manager, order, body.items, 'set');
        await this.recalculator.recalculate(change, { renderedNext: !alsoWithin });
        if (alsoWithin) {
          await alsoWithin(change);
          await this.recalculator.recalculate(change, { renderedNext: true });
        }
        return this.presenter.present(change, caller);
      },
    );
  }

  /** Abandons a cart; its lines and shipments go with it. */
  async remove(caller: CartCaller, publicId: string): Promise<void> {
    await this.changes.run(this.lookup.cart(caller, publicId), undefined, async (change) => {
      const { manager, order } = change;
      await ensureNothingCharged(manager, order);
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
      await this.recalculator.recalculate(change, { renderedNext: true });
      return this.presenter.present(change, caller);
    });
  }

  /** The lines, locale and metadata a new cart starts with. */
  private async fill(change: OrderChange, body: CreateCartBody): Promise<void> {
    const { manager, order } = change;
    const changes: Partial<Order> = {};
    if (body.locale !== undefined) {
      changes.locale = await this.storeLocale(manager, order, body.locale);
    }
    if (body.metadata !== undefined) changes.metadata = mergeMetadata({}, body.metadata);
    await this.addresses.updateOrder(manager, order, changes);
    if (body.items && body.items.length > 0) {
      await this.lines.apply(manager, order, body.items, 'add');
      // `create` renders the cart right after filling it.
      await this.recalculator.recalculate(change, { renderedNext: true });
    }
  }

  /**
   * The order's new address ids. With `use_shipping` the cart bills to where it ships: the
   * shipping address of the request (or, when it gives only a billing address, that one)
   * becomes both, else the cart's own shipping (or billing) address does.
   */
  private async addressChanges(
    manager: EntityManager,
    order: Order,
    body: UpdateCartBody,
  ): Promise<Partial<Order>> {
    const billing = choice('billing_address', body.billing_address, body.billing_address_id);
    const shipping = choice('shipping_address', body.shipping_address, body.shipping_address_id);
    if (body.use_shipping === true) {
      if (billing && shipping) {
        throw invalid(
          'use_shipping',
          'use_shipping bills to the shipping address: send one of the two addresses',
        );
      }
      const given = shipping ?? billing;
      const [id] = given
        ? await this.addresses.resolve(manager, order, [given])
        : [order.shipAddressId ?? order.billAddressId];
      if (id === null) throw invalid('use_shipping', 'use_shipping needs a shipping address');
      return { billAddressId: id, shipAddressId: id };
    }
    const chosen = [billing, shipping].filter((entry): entry is AddressChoice => !!entry);
    if (chosen.length === 0) return {};
    const ids = await this.addresses.resolve(manager, order, chosen);
    const changes: Partial<Order> = {};
    if (billing) changes.billAddressId = ids[0];
    if (shipping) changes.shipAddressId = ids[billing ? 1 : 0];
    return changes;
  }

  /** The store's spelling of a locale it has (`localesOf`); otherwise 422. */
  private async storeLocale(manager: EntityManager, order: Order, locale: string): Promise<string> {
    const [store]: { defaultLocale: string; supportedLocales: string[] }[] = await manager.query(
      `SELECT default_locale AS "defaultLocale", supported_locales AS "supportedLocales"
       FROM stores WHERE id = $1`,
      [order.storeId],
    );
    const known = store ? localesOf(store) : [];
    const match = known.find((code) => code.toLowerCase() === locale.toLowerCase());
    if (!match) throw invalid('locale', `locale must be one of ${known.join(', ')}`);
    return match;
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

/** One of the store's supported currencies, upper-cased; otherwise 422. */
function storeCurrency(caller: CartCaller, requested: string): string {
  const currency = requested.toUpperCase();
  if (!isSupportedCurrency(currency, caller.store.supportedCurrencies)) {
    throw invalid(
      'currency',
      `currency must be one of ${caller.store.supportedCurrencies.join(', ')}`,
    );
  }
  return currency;
}

/** `customer_note` and `special_instructions` name one field; sent both, they must agree. */
function customerNote(body: UpdateCartBody): string | null | undefined {
  const { customer_note: note, special_instructions: instructions } = body;
  if (note !== undefined && instructions !== undefined && note !== instructions) {
    throw invalid(
      'customer_note',
      'customer_note and special_instructions are the same field: send one',
    );
  }
  return note !== undefined ? note : instructions;
}

function fittingMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  if (!metadataFits(metadata)) {
    throw invalid('metadata', 'the merged metadata would be larger than the limit');
  }
  return metadata;
}

/** A cart that was paid something is placed or kept, not abandoned. */
async function ensureNothingCharged(manager: EntityManager, order: Order): Promise<void> {
  const [charged]: unknown[] = await manager.query(
    `SELECT 1 FROM payments WHERE order_id = $1 AND state IN ('pending', 'processing', 'completed')
     LIMIT 1`,
    [order.id],
  );
  if (charged) {
    throw new StoreError(
      'cart_invalid_state',
      'The cart has charged payments: complete it instead',
    );
  }
}

function invalid(field: string, message: string): StoreError {
  return new StoreError('validation_error', 'The request failed validation', {
    [field]: [message],
  });
}

function requireCustomer(caller: CartCaller): string {
  if (caller.customerId === null) {
    throw new StoreError('authentication_required', 'A signed-in customer is required');
  }
  return caller.customerId;
}
