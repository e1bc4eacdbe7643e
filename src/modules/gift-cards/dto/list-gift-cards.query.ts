import type { FilterSpec } from '../../../common/query/list-filters.js';

export const GIFT_CARD_STATUSES = ['active', 'redeemed', 'expired', 'disabled'] as const;

/** The `q[...]` filters of the Admin API's gift card list. */
export const GIFT_CARD_FILTERS = {
  /** Part of the code or of the recipient's e-mail, in any case. */
  search: 'text',
  code_cont: 'text',
  recipient_email_cont: 'text',
  status_eq: 'text',
  user_id_eq: 'text',
  gift_card_batch_id_eq: 'text',
} as const satisfies FilterSpec;

/** The parameters of the list besides its filters. */
export const GIFT_CARD_LIST_PARAMETERS = ['page', 'limit'] as const;
