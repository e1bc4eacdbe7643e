import { StoreError } from '../../common/errors/store-error.js';

/** Features of the storefront client that this store does not have, as its messages name them. */
export const NOT_OFFERED = {} as const;

export type NotOfferedFeature = keyof typeof NOT_OFFERED;

const sentence = (feature: NotOfferedFeature) =>
  `${NOT_OFFERED[feature]} are not offered by this store`;

/** A read (or removal) of something the store never has: 404 `record_not_found`. */
export function nothingToFind(feature: NotOfferedFeature): StoreError {
  return new StoreError('record_not_found', sentence(feature));
}

/** Input for a feature the store does not offer: 422 `validation_error`, on the request as a whole. */
export function nothingToAccept(feature: NotOfferedFeature): StoreError {
  return new StoreError('validation_error', sentence(feature), { base: [sentence(feature)] });
}
