import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { Store } from '../stores/index.js';
import type { CustomerTokenMailData } from './customer-token-mail.js';
import type { EmailedLinkRequestBody } from './dto/emailed-link-request.body.js';

/** What a request for a customer's token mail leaves for the worker, its link checked. */
export async function tokenMailData(
  manager: EntityManager,
  storeId: string,
  body: EmailedLinkRequestBody,
): Promise<CustomerTokenMailData> {
  const redirectUrl = await storeSiteRedirect(manager, storeId, body.redirect_url);
  return { storeId, email: body.email, redirectUrl };
}

/**
 * The page an e-mailed token link may open: null when none was asked for, else `redirectUrl`
 * when it is a page of the store's own site. Anywhere else, whoever asked for the mail of someone
 * else's account would receive the token through the link: 422 `validation_error`.
 */
async function storeSiteRedirect(
  manager: EntityManager,
  storeId: string,
  redirectUrl: string | undefined,
): Promise<string | null> {
  if (redirectUrl === undefined) return null;
  const site = (await manager.findOneBy(Store, { id: storeId }))?.url;
  const allowed = httpOrigin(site);
  if (!allowed || httpOrigin(redirectUrl) !== allowed) {
    throw new StoreError('validation_error', 'The request failed validation', {
      redirect_url: [
        allowed
          ? `redirect_url must be a page of the store's site (${allowed})`
          : 'redirect_url is not accepted: the store has no site URL',
      ],
    });
  }
  return redirectUrl;
}

function httpOrigin(value: string | null | undefined): string | null {
  try {
    const url = new URL(value ?? '');
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}
