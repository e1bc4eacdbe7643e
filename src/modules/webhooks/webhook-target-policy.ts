import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import { Injectable } from '@nestjs/common';
import { StoreError } from '../../common/errors/store-error.js';
import { AppConfig } from '../../config/index.js';
import { isNonPublicAddress } from './non-public-addresses.js';

const lookupAll = promisify(dnsLookup);

/** A webhook host resolved to an address deliveries may not reach. */
export class NonPublicTargetError extends Error {
  override name = 'NonPublicTargetError';

  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
  }
}

/**
 * Where webhooks may go. Outside development (`WEBHOOKS_ALLOW_PRIVATE_NETWORKS` false) every
 * address a host resolves to must be public, checked when an endpoint is saved and again at send
 * time, where the connection is then pinned to the addresses that were checked.
 */
@Injectable()
export class WebhookTargetPolicy {
  constructor(private readonly config: AppConfig) {}

  get restricted(): boolean {
    return !this.config.allowPrivateWebhookTargets;
  }

  /** On save: a URL whose host is not public (or does not resolve) is a 422 on `url`. */
  async assertAcceptable(url: string): Promise<void> {
    if (!this.restricted) return;
    try {
      await this.publicAddresses(new URL(url).hostname);
    } catch (error) {
      const reason =
        error instanceof NonPublicTargetError
          ? 'url must not point to a private, loopback or link-local address'
          : 'url host could not be resolved';
      throw new StoreError('validation_error', 'The request failed validation', { url: [reason] });
    }
  }

  /**
   * At send time: a lookup that connects only to the host's checked public addresses, or
   * undefined when any address is allowed. Throws NonPublicTargetError or the DNS error.
   */
  async connectionLookup(hostname: string): Promise<LookupFunction | undefined> {
    if (!this.restricted) return undefined;
    return pinnedLookup(await this.publicAddresses(hostname));
  }

  private async publicAddresses(hostname: string): Promise<LookupAddress[]> {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(host);
    const addresses = family
      ? [{ address: host, family }]
      : await lookupAll(host, { all: true, verbatim: true });
    const refused = addresses.find((candidate) => isNonPublicAddress(candidate.address));
    if (refused) throw new NonPublicTargetError(host, refused.address);
    return addresses;
  }
}

/** Answers every lookup with `addresses` (of the family asked for, if any). */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = { IPv4: 4, IPv6: 6 }[String(options.family)] ?? options.family;
    const usable = addresses.filter((candidate) => !family || candidate.family === family);
    if (usable.length === 0) {
      callback(
        Object.assign(new Error('No address of the requested family'), { code: 'ENOTFOUND' }),
        '',
      );
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}
