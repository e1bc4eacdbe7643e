import type { ErrorCode } from '../../common/errors/error-codes.js';

/** What decides whether a link may be used right now. */
export interface DownloadFacts {
  orderState: string;
  paymentState: string | null;
  /** Whether the request's customer token names the order's customer; `undefined` without one. */
  callerIsBuyer: boolean | undefined;
  expired: boolean;
  attachmentPresent: boolean;
  downloadCount: number;
  downloadLimit: number;
}

export interface DownloadRefusal {
  code: Extract<
    ErrorCode,
    | 'download_unauthorized'
    | 'digital_link_expired'
    | 'attachment_missing'
    | 'download_limit_exceeded'
  >;
  message: string;
}

/** The file is gone: its digital was deleted, or its bytes are missing from the blob store. */
export const ATTACHMENT_MISSING: DownloadRefusal = {
  code: 'attachment_missing',
  message: 'The file of this download no longer exists',
};

const WITHDRAWN_STATES = new Set(['canceled', 'returned']);
const SETTLED_PAYMENT_STATES = new Set(['paid', 'credit_owed']);

/**
 * Why a link may not be used, or `undefined` when it may. In order: the order must be placed,
 * neither canceled nor returned, and paid; a customer token, if sent, must be the buyer's; then
 * the link must be unexpired, its file present and its downloads not used up.
 */
export function downloadRefusal(facts: DownloadFacts): DownloadRefusal | undefined {
  if (
    WITHDRAWN_STATES.has(facts.orderState) ||
    !SETTLED_PAYMENT_STATES.has(facts.paymentState ?? '')
  ) {
    return {
      code: 'download_unauthorized',
      message: 'The order is not paid, or was canceled or returned',
    };
  }
  if (facts.callerIsBuyer === false) {
    return {
      code: 'download_unauthorized',
      message: 'The signed-in customer did not buy this file',
    };
  }
  if (facts.expired) return { code: 'digital_link_expired', message: 'The download link expired' };
  if (!facts.attachmentPresent) return ATTACHMENT_MISSING;
  if (facts.downloadCount >= facts.downloadLimit) {
    return {
      code: 'download_limit_exceeded',
      message: `The file was already downloaded ${facts.downloadLimit} times, the most this link allows`,
    };
  }
  return undefined;
}
