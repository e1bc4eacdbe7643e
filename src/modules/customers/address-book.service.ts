import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import type { StoreContext } from '../stores/index.js';
import { Country } from '../geography/index.js';
import { Address } from './address.entity.js';
import { type AddressFields, type FieldErrors, readAddressInput } from './address-input.js';
import { type AddressDefaults, AddressSerializer, type AddressView } from './address.serializer.js';
import type { Customer } from './customer.entity.js';
import { CustomerRecords } from './customer-records.js';
import type { AddressBookEntryBody } from './dto/address-book-entry.body.js';

/** Whose address book: the signed-in customer of one store. */
export interface AddressBookOwner {
  store: StoreContext;
  customerId: string;
}

/** The customer's default addresses, by id. */
type DefaultIds = Pick<Customer, 'billAddressId' | 'shipAddressId'>;

/**
 * A customer's saved addresses, and which of them it bills and ships to by default. Another
 * customer's address is simply not found.
 */
@Injectable()
export class AddressBookService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly ids: PublicIdCodec,
    private readonly serializer: AddressSerializer,
  ) {}

  async list(owner: AddressBookOwner, query: PaginationQuery): Promise<Page<AddressView>> {
    const customer = await this.customers.signedIn(owner.store.storeId, owner.customerId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Address, {
          where: this.ownedBy(owner),
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (row) => this.render(row, customer),
    );
  }

  async show(owner: AddressBookOwner, publicId: string): Promise<AddressView> {
    const customer = await this.customers.signedIn(owner.store.storeId, owner.customerId);
    return this.render(await this.find(this.dataSource.manager, owner, publicId), customer);
  }

  async create(owner: AddressBookOwner, body: AddressBookEntryBody): Promise<AddressView> {
    const customer = await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const fields = await this.validated(body, 'create');
    return this.dataSource.transaction(async (manager) => {
      const address = await manager.save(
        manager.create(Address, { ...fields, ...this.ownedBy(owner) }),
      );
      const defaults = await this.applyDefaults(manager, owner, address.id, body, customer);
      return this.render(address, defaults);
    });
  }

  async update(
    owner: AddressBookOwner,
    publicId: string,
    body: AddressBookEntryBody,
  ): Promise<AddressView> {
    const customer = await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const fields = await this.validated(body, 'update');
    return this.dataSource.transaction(async (manager) => {
      const address = await this.find(manager, owner, publicId, true);
      if (Object.keys(fields).length > 0) {
        await manager.update(Address, { id: address.id }, fields);
        Object.assign(address, await manager.findOneByOrFail(Address, { id: address.id }));
      }
      const defaults = await this.applyDefaults(manager, owner, address.id, body, customer);
      return this.render(address, defaults);
    });
  }

  /** Removing a default address leaves the customer without that default (the key nulls). */
  async remove(owner: AddressBookOwner, publicId: string): Promise<void> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    await this.dataSource.transaction(async (manager) => {
      const address = await this.find(manager, owner, publicId, true);
      await manager.delete(Address, { id: address.id });
    });
  }

  private render(address: Address, defaults: DefaultIds): AddressView {
    return this.serializer.serialize(address, defaultsOf(address.id, defaults));
  }

  /**
   * Makes the address the customer's default billing / shipping address when the body says
   * true, and stops it being one when it says false; answers the defaults as they now are.
   */
  private async applyDefaults(
    manager: EntityManager,
    owner: AddressBookOwner,
    addressId: string,
    body: Pick<AddressBookEntryBody, 'is_default_billing' | 'is_default_shipping'>,
    customer: DefaultIds,
  ): Promise<DefaultIds> {
    const billing = body.is_default_billing ?? null;
    const shipping = body.is_default_shipping ?? null;
    if (billing === null && shipping === null) return customer;
    const [rows]: [{ billAddressId: string | null; shipAddressId: string | null }[], number] =
      await manager.query(
        `UPDATE customers SET
           bill_address_id = ${DEFAULT_CHOICE('bill_address_id', '$3')},
           ship_address_id = ${DEFAULT_CHOICE('ship_address_id', '$4')},
           updated_at = now()
         WHERE id = $1 AND store_id = $5
         RETURNING bill_address_id::text AS "billAddressId", ship_address_id::text AS "shipAddressId"`,
        [owner.customerId, addressId, billing, shipping, owner.store.storeId],
      );
    return rows[0] ?? customer;
  }

  /** The body's fields, or one 422 naming every problem (`firstname`, `address1`, `city`, `country`). */
  private async validated(
    body: AddressBookEntryBody,
    mode: 'create' | 'update',
  ): Promise<Partial<AddressFields>> {
    const { fields, errors } = readAddressInput(body, mode);
    if (fields.countryIso !== undefined && !(await this.isKnownCountry(fields.countryIso))) {
      errors.country = [`country_iso ${fields.countryIso} is not a known ISO 3166 country code`];
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return fields;
  }

  private async isKnownCountry(iso: string): Promise<boolean> {
    return /^[A-Z]{2}$/.test(iso) && this.dataSource.manager.exists(Country, { where: { iso } });
  }

  private async find(
    manager: EntityManager,
    owner: AddressBookOwner,
    publicId: string,
    lock = false,
  ): Promise<Address> {
    const id = this.ids.decode(ID_PREFIX.address, publicId);
    const address = id
      ? await manager.findOne(Address, {
          where: { id, ...this.ownedBy(owner) },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!address) throw StoreError.notFound('address');
    return address;
  }

  private ownedBy(owner: AddressBookOwner) {
    return { storeId: owner.store.storeId, customerId: owner.customerId };
  }
}

/** `true` points the default at the address ($2), `false` clears it if it is this one, null keeps it. */
const DEFAULT_CHOICE = (column: string, choice: string) =>
  `CASE WHEN ${choice}::boolean IS NULL THEN ${column}
        WHEN ${choice}::boolean THEN $2::bigint
        WHEN ${column} = $2::bigint THEN NULL
        ELSE ${column} END`;

function defaultsOf(addressId: string, defaults: DefaultIds): AddressDefaults {
  return {
    billing: defaults.billAddressId === addressId,
    shipping: defaults.shipAddressId === addressId,
  };
}

function invalid(errors: FieldErrors): StoreError {
  return new StoreError('validation_error', 'The request failed validation', errors);
}
