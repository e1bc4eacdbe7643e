import { Injectable } from '@nestjs/common';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { Address, OrderAddressCopies } from '../../customers/index.js';
import { type FieldErrors, readAddressInput } from '../../customers/index.js';
import type { AddressBody } from '../../customers/index.js';
import { Country } from '../../geography/index.js';
import { Order } from '../entities/order.entity.js';
import { holdOrderFields, ORDER_FIELD_COLUMNS } from '../order-recalculation-writes.js';

/** How a request names one of the order's addresses: inline, or a saved one by id. */
export interface AddressChoice {
  field: string;
  inline?: AddressBody;
  savedId?: string;
}

/**
 * Gives an order its own copies of its addresses, so that editing the address book later never
 * rewrites a placed order.
 */
@Injectable()
export class CartAddresses {
  private countries?: Promise<ReadonlySet<string>>;

  constructor(
    private readonly ids: PublicIdCodec,
    private readonly copies: OrderAddressCopies,
  ) {}

  /** Validates every choice first (one 422 naming all problems), then stores the copies. */
  async resolve(
    manager: EntityManager,
    order: Order,
    choices: AddressChoice[],
  ): Promise<(string | null)[]> {
    const errors: FieldErrors = {};
    const fields: Partial<Address>[] = [];
    for (const choice of choices) {
      fields.push(await this.fieldsOf(manager, order, choice, errors));
    }
    if (Object.keys(errors).length > 0) {
      throw new StoreError('validation_error', 'The address is invalid', errors);
    }
    return this.copies.save(manager, order.storeId, fields);
  }

  /**
   * Writes the order's own fields (email, instructions, address ids); the private address copies
   * it no longer points to go. With `recalculatedNext` (the change recalculates the order right
   * after) fields of `ORDER_FIELD_COLUMNS` ride on the recalculation's write instead, unless a
   * former copy must go (that needs the order row written first).
   */
  async updateOrder(
    manager: EntityManager,
    order: Order,
    changes: Partial<Order>,
    { recalculatedNext = false } = {},
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    const former = [order.billAddressId, order.shipAddressId];
    const fields = recalculatedNext ? heldColumns(manager, changes) : undefined;
    const next = { ...order, ...changes };
    const leftBehind = former.some(
      (id) => id !== null && id !== next.billAddressId && id !== next.shipAddressId,
    );
    if (fields && !leftBehind) {
      holdOrderFields(order, fields);
      Object.assign(order, changes);
      return;
    }
    // The jsonb `metadata` holds unknown values, which TypeORM's update type cannot express.
    await manager.update(Order, { id: order.id }, changes as QueryDeepPartialEntity<Order>);
    Object.assign(order, changes);
    await this.discard(manager, order, former);
  }

  /** Drops the order's former private copies that it no longer points to. */
  async discard(manager: EntityManager, order: Order, formerIds: (string | null)[]): Promise<void> {
    const unused = formerIds.filter(
      (id): id is string => id !== null && id !== order.billAddressId && id !== order.shipAddressId,
    );
    await this.copies.discardUnused(manager, unused);
  }

  private async fieldsOf(
    manager: EntityManager,
    order: Order,
    choice: AddressChoice,
    errors: FieldErrors,
  ): Promise<Partial<Address>> {
    if (choice.savedId !== undefined) return this.saved(manager, order, choice.savedId);
    const input = readAddressInput(choice.inline ?? {}, 'create');
    for (const [name, messages] of Object.entries(input.errors)) {
      errors[`${choice.field}.${name}`] = messages;
    }
    const iso = input.fields.countryIso;
    if (iso !== undefined && !(await this.knownCountries(manager)).has(iso)) {
      errors[`${choice.field}.country`] = [`country_iso ${iso} is not a known ISO 3166 code`];
    }
    return input.fields;
  }

  /** The ISO codes of the countries table: reference data only migrations write, read once. */
  private knownCountries(manager: EntityManager): Promise<ReadonlySet<string>> {
    this.countries ??= manager
      .find(Country, { select: { iso: true } })
      .then((rows) => new Set(rows.map((row) => row.iso)));
    this.countries.catch(() => (this.countries = undefined));
    return this.countries;
  }

  private async saved(manager: EntityManager, order: Order, publicId: string) {
    const id = this.ids.decode(ID_PREFIX.address, publicId);
    const address =
      id && order.customerId
        ? await manager.findOneBy(Address, {
            id,
            storeId: order.storeId,
            customerId: order.customerId,
          })
        : null;
    if (!address) throw StoreError.notFound('address');
    const { firstname, lastname, company, address1, address2, city, zipcode, phone } = address;
    return {
      firstname,
      lastname,
      company,
      address1,
      address2,
      city,
      zipcode,
      phone,
      stateName: address.stateName,
      countryIso: address.countryIso,
    };
  }
}

/** `changes` by column when every one is a column the recalculation may write; else undefined. */
function heldColumns(
  manager: EntityManager,
  changes: Partial<Order>,
): Record<string, unknown> | undefined {
  const metadata = manager.connection.getMetadata(Order);
  const allowed = new Set<string>(ORDER_FIELD_COLUMNS.map((column) => column.name));
  const fields: Record<string, unknown> = {};
  for (const [property, value] of Object.entries(changes)) {
    const column = metadata.findColumnWithPropertyName(property)?.databaseName;
    if (column === undefined || !allowed.has(column)) return undefined;
    fields[column] = value;
  }
  return fields;
}
