import { StoreError } from '../../common/errors/store-error.js';

/** Features of the storefront clients that this store does not have, as its messages name them. */
export const NOT_OFFERED = {
  cmsPages: 'CMS pages',
  menus: 'Menus',
  posts: 'Posts',
  vendors: 'Vendors',
  stripeSessions: 'Stripe checkout sessions',
} as const;

export type NotOfferedFeature = keyof typeof NOT_OFFERED;

const sentence = (feature: NotOfferedFeature) =>
  `${NOT_OFFERED[feature]} are not offered by this store`;

/** A read of something the store never has: 404 `record_not_found`, saying so. */
export function nothingToFind(feature: NotOfferedFeature): StoreError {
  return new StoreError('record_not_found', sentence(feature));
}

/** A submission for a feature the store does not offer: 422 `validation_error`, saying so. */
export function nothingToAccept(feature: NotOfferedFeature, instead: string): StoreError {
  return new StoreError('validation_error', `${sentence(feature)}; ${instead}`, {
    base: [sentence(feature)],
  });
}
