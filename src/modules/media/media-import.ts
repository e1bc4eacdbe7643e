import type { EntityManager } from 'typeorm';
import type { BlobStore } from '../../platform/blob-store/blob-store.port.js';
import { LRUCache } from 'lru-cache';
import { normalizeImage, type NormalizedImage } from './images/image-normalizer.js';
import { originalKeyFor, sha256Hex } from './media-keys.js';
import { renumberMedia } from './media-positions.js';
import { Media } from './media.entity.js';
import { type MadeRenditions, makeRenditions, putRenditions } from './renditions/rendition-set.js';
import { refreshThumbnailKeys } from './thumbnail-keys.js';

/** An image to add to a product outside the Admin API. */
export interface ProductImage {
  storeId: string;
  productId: string;
  bytes: Buffer;
  alt: string | null;
}

/**
 * Adds an image as the product's last media, ready at once: checked and normalized as an upload,
 * its renditions made in the caller's process rather than by a job. For seeds (the demo store,
 * benchmarks), which run without a worker and want pictures before their first request.
 */
export async function addReadyProductImage(
  manager: EntityManager,
  blobs: BlobStore,
  image: ProductImage,
): Promise<string> {
  const { normalized, renditions: made } = await prepared(image.bytes);
  const originalKey = originalKeyFor(image.storeId, normalized.bytes, normalized.extension);
  await blobs.put(originalKey, normalized.bytes, normalized.contentType);
  const renditions = await putRenditions(blobs, originalKey, made);
  const media = await manager.save(
    manager.create(Media, {
      storeId: image.storeId,
      productId: image.productId,
      position: 2_147_483_647,
      alt: image.alt,
      kind: 'image',
      status: 'ready',
      originalKey,
      contentType: normalized.contentType,
      width: normalized.width,
      height: normalized.height,
      byteSize: normalized.bytes.length,
      renditions,
    }),
  );
  await renumberMedia(manager, image.productId);
  await refreshThumbnailKeys(manager, image.productId);
  return media.id;
}

/**
 * Seeds add the same pictures to store after store (each store gets blobs of its own): the
 * normalized image and its renditions are made once per process for the same bytes.
 */
const preparedImages = new LRUCache<string, Promise<PreparedImage>>({ max: 64 });

interface PreparedImage {
  normalized: NormalizedImage;
  renditions: MadeRenditions;
}

function prepared(bytes: Buffer): Promise<PreparedImage> {
  const digest = sha256Hex(bytes);
  let image = preparedImages.get(digest);
  if (!image) {
    image = (async () => {
      const normalized = await normalizeImage(bytes, 'file');
      return {
        normalized,
        renditions: await makeRenditions(normalized.bytes, { x: null, y: null }),
      };
    })();
    image.catch(() => preparedImages.delete(digest));
    preparedImages.set(digest, image);
  }
  return image;
}
