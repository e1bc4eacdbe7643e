import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Customer } from './customer.entity.js';
import { fullName } from './full-name.js';

export interface CustomerView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  phone: string | null;
  accepts_marketing: boolean;
  accepts_email_marketing: boolean;
  /** The store keeps no newsletter list and no customer groups. */
  newsletter_subscriber: null;
  customer_groups: never[];
  /** When the customer confirmed the e-mail address; null while the store waits for it. */
  confirmed_at: string | null;
  anonymized_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The v3 representation of a customer's own record, for the Store and Admin APIs and event
 * payloads alike (the Store API adds the account's addresses and credit, `CustomerAccountView`).
 */
@Injectable()
export class CustomerSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(customer: Pick<Customer, 'id'>): string {
    return this.ids.encode(ID_PREFIX.customer, customer.id);
  }

  serialize(customer: Customer): CustomerView {
    return {
      id: this.publicId(customer),
      email: customer.email,
      first_name: customer.firstName,
      last_name: customer.lastName,
      full_name: fullName(customer.firstName, customer.lastName),
      phone: customer.phone,
      accepts_marketing: customer.acceptsMarketing,
      accepts_email_marketing: customer.acceptsMarketing,
      newsletter_subscriber: null,
      customer_groups: [],
      confirmed_at: customer.confirmedAt?.toISOString() ?? null,
      anonymized_at: customer.anonymizedAt?.toISOString() ?? null,
      created_at: customer.createdAt.toISOString(),
      updated_at: customer.updatedAt.toISOString(),
    };
  }
}
