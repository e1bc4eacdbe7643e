import type { EntityManager } from 'typeorm';
import { type Page, pageOf, pageOffset } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import type { Principal } from '../auth/index.js';
import { giftCardColumns } from './gift-card-columns.js';
import type { StoredGiftCard } from './gift-card-wallet.js';

/** One page of the cards (aliased `g`) matching `where`, newest first, each rendered by `view`. */
export async function giftCardPage<View>(
  manager: EntityManager,
  { where, parameters }: { where: string; parameters: unknown[] },
  query: PaginationQuery,
  view: (card: StoredGiftCard) => View,
): Promise<Page<View>> {
  const [{ count }]: { count: number }[] = await manager.query(
    `SELECT count(*)::int AS count FROM gift_cards g WHERE ${where}`,
    parameters,
  );
  const rows: StoredGiftCard[] = await manager.query(
    `SELECT ${giftCardColumns('g')} FROM gift_cards g WHERE ${where}
     ORDER BY g.created_at DESC, g.id DESC
     LIMIT ${query.limit} OFFSET ${pageOffset(query.page, query.limit)}`,
    parameters,
  );
  return pageOf(rows.map(view), count, query.page, query.limit);
}

/** Who made a card or batch through the Admin API, as its columns record it. */
export function creatorColumns(caller: Principal): {
  createdByStaffUserId: string | null;
  createdByApiKeyId: string | null;
} {
  return {
    createdByStaffUserId: caller.kind === 'staff' ? caller.staffUserId : null,
    createdByApiKeyId: caller.kind === 'api_key' ? caller.apiKeyId : null,
  };
}
