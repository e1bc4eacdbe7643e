export { Media } from './media.entity.js';
export { MediaVariant } from './media-variant.entity.js';
export { MediaModule } from './media.module.js';
export { RENDITION_NAMES, RENDITION_SIZES } from './renditions/rendition-sizes.js';
export type { RenditionName } from './renditions/rendition-sizes.js';
export { addReadyProductImage } from './media-import.js';
export type { ProductImage } from './media-import.js';
