import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { pageOf, type Page } from '../../../common/pagination/page.js';
import type { StoreContext } from '../../stores/index.js';
import type { CreateMediaBody, MediaPositionsBody, UpdateMediaBody } from '../dto/media.body.js';
import { normalizeImage, type NormalizedImage } from '../images/image-normalizer.js';
import { ImageUrlFetcher } from '../images/image-url-fetcher.js';
import { keysOf, MediaBlobs } from '../media-blobs.js';
import { MediaJobs } from '../media-jobs.js';
import { renumberMedia } from '../media-positions.js';
import { readMedia, type MediaRow } from '../media-rows.js';
import { Media } from '../media.entity.js';
import { type AdminMediaView, MediaSerializer } from '../media.serializer.js';
import { ProductMediaChanges } from '../thumbnail-keys.js';
import { type MediaOwner, MediaTargets } from './media-targets.js';

/** Where a route is: the product's public id and, under a variant, the variant's. */
export interface MediaRoute {
  productId: string;
  variantId?: string;
}

/** What a new media is made from: an uploaded file, an image URL or a video URL. */
type MediaSource =
  | { kind: 'upload'; image: NormalizedImage }
  | { kind: 'url'; url: string }
  | { kind: 'video'; url: string };

/** Staff management of product and variant media (Admin API). */
@Injectable()
export class AdminMediaService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly targets: MediaTargets,
    private readonly serializer: MediaSerializer,
    private readonly blobs: MediaBlobs,
    private readonly jobs: MediaJobs,
    private readonly fetcher: ImageUrlFetcher,
    private readonly mediaChanges: ProductMediaChanges,
  ) {}

  async list(store: StoreContext, route: MediaRoute): Promise<Page<AdminMediaView>> {
    const owner = await this.owner(this.dataSource.manager, store, route);
    const rows = await readMedia(this.dataSource.manager, store.storeId, [owner.productId], {
      variantId: owner.variantId,
    });
    const data = rows.map((row) => this.serializer.adminView(row));
    return pageOf(data, data.length, 1, Math.max(data.length, 1));
  }

  /**
   * A new media. An uploaded image is checked and stored before anything is written (a refused
   * file leaves nothing behind); an image URL is checked against the SSRF guard and fetched by a
   * job; renditions are made by a job.
   */
  async create(
    store: StoreContext,
    route: MediaRoute,
    body: CreateMediaBody,
    upload: Buffer | undefined,
  ): Promise<AdminMediaView> {
    const source = await this.sourceOf(body, upload);
    const originalKey =
      source.kind === 'upload' ? await this.blobs.storeOriginal(store.storeId, source.image) : null;
    let mediaId: string;
    try {
      mediaId = await this.dataSource.transaction(async (manager) => {
        const owner = await this.owner(manager, store, route);
        const variantIds = body.variant_ids
          ? await this.targets.variantIds(manager, owner.productId, body.variant_ids)
          : [];
        if (owner.variantId && !variantIds.includes(owner.variantId)) {
          variantIds.push(owner.variantId);
        }
        const media = await manager.save(
          manager.create(Media, {
            storeId: store.storeId,
            productId: owner.productId,
            position: 2_147_483_647,
            alt: body.alt ?? null,
            focalPointX: body.focal_point_x ?? null,
            focalPointY: body.focal_point_y ?? null,
            renditions: {},
            ...columnsOf(source, originalKey),
          }),
        );
        await this.attach(manager, media.id, variantIds);
        await renumberMedia(manager, owner.productId, [
          { mediaId: media.id, position: body.position ?? Number.MAX_SAFE_INTEGER },
        ]);
        await this.mediaChanges.changed(manager, store.storeId, owner.productId);
        return media.id;
      });
    } catch (error) {
      if (originalKey) await this.blobs.removeQuietly([originalKey]);
      throw error;
    }
    if (source.kind === 'upload') await this.jobs.makeRenditions(mediaId);
    if (source.kind === 'url') await this.jobs.fetchUrl(mediaId);
    return this.view(store, mediaId);
  }

  /** Changes alt text, position, focal point or variants; a new focal point re-crops og_image. */
  async update(
    store: StoreContext,
    route: MediaRoute,
    publicId: string,
    body: UpdateMediaBody,
  ): Promise<AdminMediaView> {
    const { mediaId, recrop } = await this.dataSource.transaction(async (manager) => {
      const owner = await this.owner(manager, store, route);
      const id = await this.targets.mediaId(manager, owner, publicId);
      const [before] = await readMedia(manager, store.storeId, [owner.productId], { mediaId: id });
      const changes: Partial<Pick<Media, 'alt' | 'focalPointX' | 'focalPointY'>> = {};
      if (body.alt !== undefined) changes.alt = body.alt;
      if (body.focal_point_x !== undefined) changes.focalPointX = body.focal_point_x;
      if (body.focal_point_y !== undefined) changes.focalPointY = body.focal_point_y;
      if (Object.keys(changes).length > 0) await manager.update(Media, { id }, changes);
      if (body.variant_ids !== undefined) {
        const variantIds = await this.targets.variantIds(
          manager,
          owner.productId,
          body.variant_ids,
        );
        await manager.query(`DELETE FROM media_variants WHERE media_id = $1`, [id]);
        await this.attach(manager, id, variantIds);
      }
      if (body.position !== undefined) {
        await renumberMedia(manager, owner.productId, [{ mediaId: id, position: body.position }]);
      }
      const focalMoved =
        (changes.focalPointX !== undefined && changes.focalPointX !== before.focal_point_x) ||
        (changes.focalPointY !== undefined && changes.focalPointY !== before.focal_point_y);
      await this.mediaChanges.changed(manager, store.storeId, owner.productId);
      return { mediaId: id, recrop: focalMoved && before.original_key !== null };
    });
    if (recrop) await this.jobs.makeRenditions(mediaId);
    return this.view(store, mediaId);
  }

  /** Deletes a media, then its blobs (once no row names them). */
  async remove(store: StoreContext, route: MediaRoute, publicId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const owner = await this.owner(manager, store, route);
      const id = await this.targets.mediaId(manager, owner, publicId);
      // A DELETE answers its rows and their count.
      const [rows] = (await manager.query(
        `DELETE FROM media WHERE id = $1 RETURNING original_key, renditions`,
        [id],
      )) as [Pick<MediaRow, 'original_key' | 'renditions'>[], number];
      await renumberMedia(manager, owner.productId);
      await this.mediaChanges.changed(manager, store.storeId, owner.productId);
      return rows[0];
    });
    await this.blobs.removeQuietly(keysOf(removed));
  }

  /** Moves several of a product's media at once; answers all of its media in their new order. */
  async reorder(
    store: StoreContext,
    productPublicId: string,
    body: MediaPositionsBody,
  ): Promise<Page<AdminMediaView>> {
    await this.dataSource.transaction(async (manager) => {
      const owner = await this.owner(manager, store, { productId: productPublicId });
      const moves = [];
      for (const { id, position } of body.positions) {
        moves.push({ mediaId: await this.targets.mediaId(manager, owner, id), position });
      }
      moves.sort((a, b) => a.position - b.position);
      await renumberMedia(manager, owner.productId, moves);
      await this.mediaChanges.changed(manager, store.storeId, owner.productId);
    });
    return this.list(store, { productId: productPublicId });
  }

  private owner(
    manager: EntityManager,
    store: StoreContext,
    route: MediaRoute,
  ): Promise<MediaOwner> {
    return this.targets.owner(manager, store.storeId, route.productId, route.variantId);
  }

  private async sourceOf(body: CreateMediaBody, upload: Buffer | undefined): Promise<MediaSource> {
    const sent = [upload, body.url, body.video_url].filter((source) => source !== undefined);
    if (sent.length !== 1) {
      throw new StoreError('validation_error', 'The request failed validation', {
        file: ['send one of: a multipart `file`, `url` (an image) or `video_url`'],
      });
    }
    if (upload) return { kind: 'upload', image: await normalizeImage(upload, 'file') };
    if (body.url !== undefined) {
      await this.fetcher.assertAcceptable(body.url);
      return { kind: 'url', url: body.url };
    }
    return { kind: 'video', url: body.video_url! };
  }

  private async attach(
    manager: EntityManager,
    mediaId: string,
    variantIds: string[],
  ): Promise<void> {
    if (variantIds.length === 0) return;
    await manager.query(
      `INSERT INTO media_variants (media_id, variant_id) SELECT $1, unnest($2::bigint[])`,
      [mediaId, variantIds],
    );
  }

  private async view(store: StoreContext, mediaId: string): Promise<AdminMediaView> {
    const [row] = (await this.dataSource.query(
      `SELECT product_id::text AS product_id FROM media WHERE id = $1`,
      [mediaId],
    )) as { product_id: string }[];
    if (!row) throw StoreError.notFound('media');
    const [media] = await readMedia(this.dataSource.manager, store.storeId, [row.product_id], {
      mediaId,
    });
    return this.serializer.adminView(media);
  }
}

/** The columns a new media takes from its source. */
function columnsOf(source: MediaSource, originalKey: string | null): Partial<Media> {
  switch (source.kind) {
    case 'upload':
      return {
        kind: 'image',
        status: 'processing',
        originalKey,
        contentType: source.image.contentType,
        width: source.image.width,
        height: source.image.height,
        byteSize: source.image.bytes.length,
      };
    case 'url':
      return { kind: 'image', status: 'processing', sourceUrl: source.url };
    case 'video':
      return { kind: 'video', status: 'ready', externalVideoUrl: source.url };
  }
}
