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
import { AddressSerializer, type AddressView } from './address.serializer.js';
import { CustomerRecords } from './customer-records.js';
import type { AddressBody } from './dto/address.body.js';

/** Whose address book: the signed-in customer of one store. */
export interface AddressBookOwner {
  store: StoreContext;
  customerId: string;
}

/** A customer's saved addresses. Another customer's address is simply not found. */
@Injectable()
export class AddressBookService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly ids: PublicIdCodec,
    private readonly serializer: AddressSerializer,
  ) {}

  async list(owner: AddressBookOwner, query: PaginationQuery): Promise<Page<AddressView>> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Address, {
          where: this.ownedBy(owner),
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (row) => this.serializer.serialize(row),
    );
  }

  async show(owner: AddressBookOwner, publicId: string): Promise<AddressView> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    return this.serializer.serialize(await this.find(this.dataSource.manager, owner, publicId));
  }

  async create(owner: AddressBookOwner, body: AddressBody): Promise<AddressView> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const fields = await this.validated(body, 'create');
    return this.dataSource.transaction(async (manager) => {
      const address = await manager.save(
        manager.create(Address, { ...fields, ...this.ownedBy(owner) }),
      );
      return this.serializer.serialize(address);
    });
  }

  async update(owner: AddressBookOwner, publicId: string, body: AddressBody): Promise<AddressView> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    const fields = await this.validated(body, 'update');
    return this.dataSource.transaction(async (manager) => {
      const address = await this.find(manager, owner, publicId, true);
      if (Object.keys(fields).length > 0) {
        await manager.update(Address, { id: address.id }, fields);
        Object.assign(address, await manager.findOneByOrFail(Address, { id: address.id }));
      }
      return this.serializer.serialize(address);
    });
  }

  async remove(owner: AddressBookOwner, publicId: string): Promise<void> {
    await this.customers.signedIn(owner.store.storeId, owner.customerId);
    await this.dataSource.transaction(async (manager) => {
      const address = await this.find(manager, owner, publicId, true);
      await manager.delete(Address, { id: address.id });
    });
  }

  /** The body's fields, or one 422 naming every problem (`firstname`, `address1`, `city`, `country`). */
  private async validated(
    body: AddressBody,
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

function invalid(errors: FieldErrors): StoreError {
  return new StoreError('validation_error', 'The request failed validation', errors);
}
