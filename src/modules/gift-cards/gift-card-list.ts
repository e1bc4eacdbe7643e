import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX, type IdPrefix } from '../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import {
  type FilterValues,
  readListFilters,
  type RawQuery,
} from '../../common/query/list-filters.js';
import {
  GIFT_CARD_FILTERS,
  GIFT_CARD_LIST_PARAMETERS,
  GIFT_CARD_STATUSES,
} from './dto/list-gift-cards.query.js';

/** The SQL condition on status `status` of cards aliased `g`. */
const STATUS_SQL: Record<(typeof GIFT_CARD_STATUSES)[number], string> = {
  disabled: 'g.disabled_at IS NOT NULL',
  redeemed: 'g.disabled_at IS NULL AND g.amount_used >= g.amount',
  expired:
    'g.disabled_at IS NULL AND g.amount_used < g.amount AND g.expires_at IS NOT NULL AND g.expires_at <= now()',
  active:
    'g.disabled_at IS NULL AND g.amount_used < g.amount AND (g.expires_at IS NULL OR g.expires_at > now())',
};

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The WHERE clause (on cards aliased `g` of store `$1`) and its parameters for the `q[...]`
 * filters of a list request; an unknown status or id is 400 `parameter_invalid`.
 */
export function giftCardListWhere(
  storeId: string,
  raw: RawQuery,
  ids: PublicIdCodec,
): { where: string; parameters: unknown[] } {
  const filters: FilterValues<typeof GIFT_CARD_FILTERS> = readListFilters(
    raw,
    GIFT_CARD_FILTERS,
    GIFT_CARD_LIST_PARAMETERS,
  );
  const parameters: unknown[] = [storeId];
  const conditions = ['g.store_id = $1'];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    parameters.push(value);
    conditions.push(sql(`$${parameters.length}`));
  };
  if (filters.search !== undefined) {
    add((p) => `(g.code ILIKE ${p} OR g.recipient_email ILIKE ${p})`, escapeLike(filters.search));
  }
  if (filters.code_cont !== undefined)
    add((p) => `g.code ILIKE ${p}`, escapeLike(filters.code_cont));
  if (filters.recipient_email_cont !== undefined) {
    add((p) => `g.recipient_email ILIKE ${p}`, escapeLike(filters.recipient_email_cont));
  }
  if (filters.status_eq !== undefined) {
    const status = filters.status_eq as (typeof GIFT_CARD_STATUSES)[number];
    if (!GIFT_CARD_STATUSES.includes(status)) {
      throw invalid('q[status_eq]', `must be one of ${GIFT_CARD_STATUSES.join(', ')}`);
    }
    conditions.push(STATUS_SQL[status]);
  }
  if (filters.user_id_eq !== undefined) {
    add(
      (p) => `g.customer_id = ${p}`,
      decoded(ids, ID_PREFIX.customer, filters.user_id_eq, 'q[user_id_eq]'),
    );
  }
  if (filters.gift_card_batch_id_eq !== undefined) {
    const id = decoded(
      ids,
      ID_PREFIX.giftCardBatch,
      filters.gift_card_batch_id_eq,
      'q[gift_card_batch_id_eq]',
    );
    add((p) => `g.batch_id = ${p}`, id);
  }
  return { where: conditions.join(' AND '), parameters };
}

function decoded(ids: PublicIdCodec, prefix: IdPrefix, publicId: string, name: string): string {
  const id = ids.decode(prefix, publicId);
  if (id === undefined) throw invalid(name, 'is not an id of this list');
  return id;
}

function invalid(name: string, message: string): StoreError {
  return new StoreError('parameter_invalid', `${name} ${message}`, { [name]: [message] });
}
