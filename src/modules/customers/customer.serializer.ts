import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Customer } from './customer.entity.js';

export interface CustomerView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  accepts_marketing: boolean;
  anonymized_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The v3 representation of a customer, for the Store and Admin APIs and event payloads alike. */
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
      phone: customer.phone,
      accepts_marketing: customer.acceptsMarketing,
      anonymized_at: customer.anonymizedAt?.toISOString() ?? null,
      created_at: customer.createdAt.toISOString(),
      updated_at: customer.updatedAt.toISOString(),
    };
  }
}
