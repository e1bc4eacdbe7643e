import { STOREFRONT_V2_PATH } from '../../auth/index.js';

/** The path prefix of the Storefront v2 API, whose answers are JSON:API documents. */
export const STOREFRONT_V2_PREFIX = `/${STOREFRONT_V2_PATH}`;
