import sharp from 'sharp';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/index.js';
import { Product } from '../modules/catalog/index.js';
import { addReadyProductImage } from '../modules/media/index.js';
import type { Store } from '../modules/stores/index.js';
import { blobStoreFor } from '../platform/blob-store/index.js';

const SIDE = 800;

/**
 * A picture for each demo product, drawn at seed time (nothing is downloaded): a colour field of
 * the product's own hue with a few soft shapes, so that a storefront shows distinct images.
 * Drawn once per process; each store still gets blobs of its own.
 */
const drawn = new Map<string, Promise<Buffer>>();

function pictureOf(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,78%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,58%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${300 + (seed % 3) * 100}" cy="340" r="${170 + (seed % 4) * 20}" fill="hsl(${hue},40%,96%)" fill-opacity="0.85"/>
    <rect x="${180 + (seed % 5) * 30}" y="520" width="440" height="110" rx="55" fill="hsl(${(hue + 180) % 360},45%,35%)" fill-opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Gives every product of the demo store its picture, renditions made, as its first media. */
export async function seedDemoImages(
  manager: EntityManager,
  store: Store,
  config: AppConfig,
): Promise<void> {
  const blobs = await blobStoreFor(config);
  const products = await manager.find(Product, {
    where: { storeId: store.id },
    order: { id: 'ASC' },
  });
  for (const [index, product] of products.entries()) {
    let picture = drawn.get(product.slug);
    if (!picture) drawn.set(product.slug, (picture = pictureOf(index + 1)));
    await addReadyProductImage(manager, blobs, {
      storeId: store.id,
      productId: product.id,
      bytes: await picture,
      alt: product.name,
    });
  }
}
