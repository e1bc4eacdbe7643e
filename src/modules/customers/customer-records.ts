import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Customer } from './customer.entity.js';

/** Finding customers, always within one store. */
@Injectable()
export class CustomerRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
  ) {}

  /** A customer of the store by public id (locked for update when asked); otherwise 404. */
  async byPublicId(
    storeId: string,
    publicId: string,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<Customer> {
    const id = this.ids.decode(ID_PREFIX.customer, publicId);
    const customer = id
      ? await (options.manager ?? this.dataSource.manager).findOne(Customer, {
          where: { id, storeId },
          ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!customer) throw StoreError.notFound('customer');
    return customer;
  }

  /**
   * The customer a valid access token names. One deleted or anonymised since the token was issued
   * has no account any more: the token is as good as revoked.
   */
  async signedIn(storeId: string, customerId: string): Promise<Customer> {
    const customer = await this.active(storeId, customerId);
    if (!customer)
      throw new StoreError('invalid_token', 'The access token names no active customer');
    return customer;
  }

  /** The customer by internal id when it exists and is not anonymised. */
  async active(storeId: string, customerId: string): Promise<Customer | null> {
    const customer = await this.dataSource.manager.findOne(Customer, {
      where: { id: customerId, storeId },
    });
    return customer && !customer.anonymizedAt ? customer : null;
  }

  /** Lookup for sign-in; `email` is already normalised. */
  async byEmail(storeId: string, email: string): Promise<Customer | null> {
    // TypeORM drops an undefined condition: never let a missing email match "any customer".
    if (typeof email !== 'string') return null;
    return this.dataSource.manager.findOne(Customer, { where: { storeId, email } });
  }
}
