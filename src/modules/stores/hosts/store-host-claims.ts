import type { EntityManager } from 'typeorm';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { isUniqueViolationOf } from '../../../platform/database/database-errors.js';
import { hostOfUrl } from './host-names.js';

/** The primary key of `store_hosts`: one store per host. */
const HOST_KEY = 'store_hosts_pkey';

type HostField = 'url' | 'domains';

/** What a store answers to: the host of its URL and its domains (already lower-cased). */
export interface StoreAddresses {
  url: string | null;
  domains: string[];
}

const takenError = (field: HostField, hosts: string[]) =>
  fieldInvalid(
    field,
    field === 'url'
      ? `its host ${hosts.join(', ')} already belongs to another store`
      : `${hosts.join(', ')} already belongs to another store`,
  );

/**
 * Makes `store_hosts` hold exactly the hosts of the store's URL and domains, inside the caller's
 * transaction (which holds the store's row lock). A host another store holds is refused as 422
 * naming the field it came from: checked first for the message, and by the primary key when
 * another store claims the same host at the same moment.
 */
export async function claimStoreHosts(
  manager: EntityManager,
  storeId: string,
  addresses: StoreAddresses,
): Promise<void> {
  const urlHost = hostOfUrl(addresses.url);
  const claims: [HostField, string[]][] = [
    ['url', urlHost ? [urlHost] : []],
    ['domains', addresses.domains.filter((domain) => domain !== urlHost)],
  ];
  const wanted = claims.flatMap(([, hosts]) => hosts);
  const taken = new Set(
    (
      (await manager.query(
        `SELECT host FROM store_hosts WHERE host = ANY($1::text[]) AND store_id <> $2::bigint ORDER BY host`,
        [wanted, storeId],
      )) as { host: string }[]
    ).map((row) => row.host),
  );
  for (const [field, hosts] of claims) {
    const refused = hosts.filter((host) => taken.has(host));
    if (refused.length > 0) throw takenError(field, refused);
  }
  await manager.query(
    `DELETE FROM store_hosts WHERE store_id = $1::bigint AND host <> ALL($2::text[])`,
    [storeId, wanted],
  );
  for (const [field, hosts] of claims) await insertClaims(manager, storeId, field, hosts);
}

async function insertClaims(
  manager: EntityManager,
  storeId: string,
  field: HostField,
  hosts: string[],
): Promise<void> {
  if (hosts.length === 0) return;
  try {
    await manager.query(
      `INSERT INTO store_hosts (host, store_id)
       SELECT wanted.host, $1::bigint FROM unnest($2::text[]) AS wanted(host)
       WHERE NOT EXISTS (
         SELECT 1 FROM store_hosts held WHERE held.host = wanted.host AND held.store_id = $1::bigint)`,
      [storeId, hosts],
    );
  } catch (error) {
    if (!isUniqueViolationOf(error, HOST_KEY)) throw error;
    throw takenError(field, [conflictingHost(error) ?? hosts.join(', ')]);
  }
}

/** The host a unique violation names (`Key (host)=(shop.example.com) already exists.`). */
function conflictingHost(error: unknown): string | undefined {
  const detail = (error as { driverError?: { detail?: unknown } }).driverError?.detail;
  return typeof detail === 'string'
    ? /^Key \(host\)=\((.*)\) already/.exec(detail)?.[1]
    : undefined;
}
