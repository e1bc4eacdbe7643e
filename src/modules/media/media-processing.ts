import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { normalizeImage } from './images/image-normalizer.js';
import { ImageFetchError, ImageUrlFetcher } from './images/image-url-fetcher.js';
import { keysOf, MediaBlobs } from './media-blobs.js';
import { Media } from './media.entity.js';
import { ProductMediaChanges } from './thumbnail-keys.js';
import { makeRenditionSet } from './renditions/rendition-set.js';
import type { RenditionSet } from './renditions/rendition-sizes.js';

/**
 * The background work of media: fetching an image uploaded by URL, and making renditions. Both
 * write blobs first and then the row, only if it still names the same original; when it does not
 * (the media was deleted or replaced meanwhile) the blobs just written are removed again.
 */
@Injectable()
export class MediaProcessing {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly blobs: MediaBlobs,
    private readonly fetcher: ImageUrlFetcher,
    private readonly mediaChanges: ProductMediaChanges,
  ) {}

  /** Fetches, checks and stores the image of a URL upload, then makes its renditions. */
  async fetchUrl(mediaId: string): Promise<void> {
    const media = await this.dataSource.manager.findOneBy(Media, { id: mediaId });
    if (!media?.sourceUrl || media.originalKey !== null || media.status !== 'processing') return;
    let image;
    try {
      image = await normalizeImage(await this.fetcher.fetch(media.sourceUrl), 'url');
    } catch (error) {
      if (!(error instanceof ImageFetchError || error instanceof StoreError)) throw error;
      await this.fail(mediaId, refusalOf(error));
      return;
    }
    const key = await this.blobs.storeOriginal(media.storeId, image);
    const { affected } = await this.dataSource.manager.update(
      Media,
      { id: mediaId, originalKey: IsNull() },
      {
        originalKey: key,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        byteSize: image.bytes.length,
      },
    );
    if (!affected) {
      await this.blobs.removeQuietly([key]);
      return;
    }
    await this.makeRenditions(mediaId);
  }

  /** Makes every rendition of a media's original (again, after its focal point moved). */
  async makeRenditions(mediaId: string): Promise<void> {
    const media = await this.dataSource.manager.findOneBy(Media, { id: mediaId });
    if (!media?.originalKey) return;
    const original = await this.blobs.read(media.originalKey);
    if (!original) {
      await this.fail(mediaId, 'The original image is missing from the blob store');
      return;
    }
    const renditions = await makeRenditionSet(this.blobs, media.originalKey, original, {
      x: media.focalPointX,
      y: media.focalPointY,
    });
    const written = keysOf({ original_key: null, renditions });
    const replaced = await this.dataSource.transaction(async (manager) => {
      await lockProductOf(manager, mediaId);
      const [current] = (await manager.query(
        `SELECT renditions FROM media WHERE id = $1 AND original_key = $2 FOR UPDATE`,
        [mediaId, media.originalKey],
      )) as { renditions: RenditionSet }[];
      if (!current) return undefined;
      await manager.update(Media, { id: mediaId }, { renditions, status: 'ready', failure: null });
      await this.publishProduct(manager, media);
      return keysOf({ original_key: null, renditions: current.renditions });
    });
    const unused = replaced
      ? replaced.filter((key) => !written.includes(key))
      : written.filter((key) => key !== media.originalKey);
    await this.blobs.removeQuietly(unused);
  }

  /** The media failed for good: it says why, and storefronts stop showing it. */
  async fail(mediaId: string, failure: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lockProductOf(manager, mediaId);
      const [rows] = (await manager.query(
        `UPDATE media SET status = 'failed', failure = $2, updated_at = now() WHERE id = $1
         RETURNING store_id::text AS "storeId", product_id::text AS "productId"`,
        [mediaId, failure],
      )) as [Pick<Media, 'storeId' | 'productId'>[], number];
      if (rows[0]) await this.publishProduct(manager, rows[0]);
    });
  }

  /** Storefronts and webhooks see a product's media change once its renditions exist or fail. */
  private async publishProduct(
    manager: EntityManager,
    media: Pick<Media, 'storeId' | 'productId'>,
  ): Promise<void> {
    if (media.productId) await this.mediaChanges.changed(manager, media.storeId, media.productId);
  }
}

/**
 * Locks the product of a media before its row, the order the Admin API's changes take them in
 * (see MediaTargets): a job and a staff change of the same product then wait for each other
 * instead of deadlocking over the product's thumbnail and the media's positions.
 */
async function lockProductOf(manager: EntityManager, mediaId: string): Promise<void> {
  await manager.query(
    `SELECT 1 FROM products WHERE id = (SELECT product_id FROM media WHERE id = $1)
     FOR NO KEY UPDATE`,
    [mediaId],
  );
}

function refusalOf(error: ImageFetchError | StoreError): string {
  if (error instanceof ImageFetchError) return error.message;
  const reasons = Object.values(error.details ?? {}).flat();
  return reasons.length > 0 ? `The image was refused: ${reasons.join('; ')}` : error.message;
}
