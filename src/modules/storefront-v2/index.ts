export { STOREFRONT_V2_PREFIX } from './json-api/media-type.js';
export { StorefrontV2Module } from './storefront-v2.module.js';
