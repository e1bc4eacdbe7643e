import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { Store } from '../stores/index.js';
import type { Customer } from './customer.entity.js';
import { CustomerRecords } from './customer-records.js';

const FALLBACK_FROM = 'no-reply@localhost';

/** What a request for a customer's token mail leaves for the worker. */
export interface CustomerTokenMailData {
  storeId: string;
  email: string;
  /** A page of the store's own site, or null: then the mail carries the token itself. */
  redirectUrl: string | null;
}

/** Who a token mail goes to, from whom, and the token it carries. */
export interface IssuedCustomerToken {
  store: Store;
  customer: Customer;
  from: string;
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
    return { store, customer, from: store.mailFromAddress ?? FALLBACK_FROM, token };
  }
}

/** The lines of a mail that hand over a token: a link to `redirectUrl` carrying it, or itself. */
export function linkOrToken(
  redirectUrl: string | null,
  token: string,
  intro: { link: string; token: string },
): string[] {
  if (!redirectUrl) return [intro.token, `  ${token}`];
  const url = new URL(redirectUrl);
  url.searchParams.set('token', token);
  return [intro.link, `  ${url.toString()}`];
}
