import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import type { TemplatedMail } from '../../platform/mail/templated-mail.js';
import { Store } from '../stores/index.js';
import type { Customer } from './customer.entity.js';
import { CustomerRecords } from './customer-records.js';

/** What a request for a customer's token mail leaves for the worker. */
export interface CustomerTokenMailData {
  storeId: string;
  email: string;
  /** A page of the store's own site, or null: then the mail carries the token itself. */
  redirectUrl: string | null;
}

/** Who a token mail goes to, and the token it carries. */
export interface IssuedCustomerToken {
  store: Store;
  customer: Customer;
  token: string;
}

/**
 * What the customer mails carrying a one-time token (password reset, account confirmation) have
 * in common: the worker finds the customer of the address and the store, and issues the token;
 * nobody is written to for an address that is no customer's, or one `wanted` turns down.
 */
@Injectable()
export class CustomerTokenMail {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
  ) {}

  async issue(
    data: CustomerTokenMailData,
    tokens: EmailedTokens,
    wanted: (customer: Customer) => boolean = () => true,
  ): Promise<IssuedCustomerToken | null> {
    const customer = await this.customers.byEmail(data.storeId, data.email);
    if (!customer || customer.anonymizedAt || !wanted(customer)) return null;
    const store = await this.dataSource.manager.findOneBy(Store, { id: data.storeId });
    if (!store) return null;
    const token = await this.dataSource.transaction((manager) => tokens.issue(manager, customer));
    return { store, customer, token };
  }
}

/** The link a token mail carries: `redirectUrl` with the token, or null (the mail shows the token). */
export function tokenLink(
  redirectUrl: string | null,
  params: Record<string, string>,
): string | null {
  if (!redirectUrl) return null;
  const url = new URL(redirectUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The mail of a customer's token: its template's values (see the emails module's TOKEN values). */
export function customerTokenMail(
  mail: string,
  { store, customer, token }: IssuedCustomerToken,
  redirectUrl: string | null,
  expiresIn: string,
): TemplatedMail {
  return {
    storeId: store.id,
    mail,
    to: customer.email,
    values: {
      email: customer.email,
      link: tokenLink(redirectUrl, { token }),
      token,
      expires_in: expiresIn,
    },
    customerId: customer.id,
  };
}
