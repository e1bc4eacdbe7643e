import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/index.js';
import { blobStoreFor } from '../platform/blob-store/index.js';
import { Product } from '../modules/catalog/index.js';
import { Variant } from '../modules/catalog/index.js';
import { Digital } from '../modules/digital/index.js';
import { digitalFileOf, digitalRowOf, putDigitalFile } from '../modules/digital/index.js';
import type { Store } from '../modules/stores/index.js';

/** The demo's digital download: the Tea Sampler comes with a brewing guide. */
const BREWING_GUIDE = {
  productSlug: 'tea-sampler',
  filename: 'tea-brewing-guide.txt',
  mimetype: 'text/plain',
  text: [
    'Tea Sampler: brewing guide',
    '',
    'Tea            Water     Leaves per cup   Steep',
    'Green          80 °C     2 g              2-3 min',
    'White          85 °C     3 g              4-5 min',
    'Oolong         90 °C     3 g              3-4 min',
    'Black          95 °C     2 g              3-5 min',
    'Rooibos        100 °C    3 g              5-7 min',
    '',
    'Rinse oolongs once before the first steep; most leaves give a second cup.',
    '',
  ].join('\n'),
};

/** Attaches the guide, its bytes put in the blob store the configuration names. */
export async function seedDemoDigitals(
  manager: EntityManager,
  store: Store,
  config: AppConfig,
): Promise<void> {
  const product = await manager.findOneByOrFail(Product, {
    storeId: store.id,
    slug: BREWING_GUIDE.productSlug,
  });
  const variant = await manager.findOneByOrFail(Variant, { productId: product.id });
  const file = digitalFileOf({
    filename: BREWING_GUIDE.filename,
    mimetype: BREWING_GUIDE.mimetype,
    bytes: Buffer.from(BREWING_GUIDE.text, 'utf8'),
  });
  const blobKey = await putDigitalFile(await blobStoreFor(config), store.id, file);
  await manager.insert(Digital, digitalRowOf(store.id, variant.id, file, blobKey));
}
