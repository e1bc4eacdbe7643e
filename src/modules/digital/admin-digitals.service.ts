import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { BlobStore } from '../../platform/blob-store/index.js';
import type { StoreContext } from '../stores/index.js';
import { Variant } from '../catalog/index.js';
import { Digital } from './digital.entity.js';
import { putDigitalFile } from './digital-blobs.js';
import { type DigitalFile, digitalRowOf } from './digital-file.js';
import { DigitalSerializer, type DigitalView } from './digital.serializer.js';

/** Staff management of the files sold with variants; their bytes live in the blob store. */
@Injectable()
export class AdminDigitalsService {
  private readonly logger = new Logger('Digitals');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: DigitalSerializer,
    private readonly blobs: BlobStore,
  ) {}

  /** Attaches a file to a variant of the product; later purchases of the variant get a link to it. */
  async attach(
    store: StoreContext,
    productId: string,
    variantId: string,
    file: DigitalFile,
  ): Promise<DigitalView> {
    const variant = await this.variantOf(store, productId, variantId);
    const manager = this.dataSource.manager;
    const blobKey = await putDigitalFile(this.blobs, store.storeId, file);
    try {
      const digital = await manager.save(
        manager.create(Digital, digitalRowOf(store.storeId, variant.id, file, blobKey)),
      );
      return this.serializer.serialize(digital);
    } catch (error) {
      await this.deleteBlob(blobKey);
      throw error;
    }
  }

  /** The variant's files, newest first. */
  async list(
    store: StoreContext,
    productId: string,
    variantId: string,
    query: PaginationQuery,
  ): Promise<Page<DigitalView>> {
    const variant = await this.variantOf(store, productId, variantId);
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Digital, {
          where: { storeId: store.storeId, variantId: variant.id },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (digital) => this.serializer.serialize(digital),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<DigitalView> {
    const id = this.ids.decode(ID_PREFIX.digital, publicId);
    const digital = id
      ? await this.dataSource.manager.findOneBy(Digital, { id, storeId: store.storeId })
      : null;
    if (!digital) throw StoreError.notFound('digital');
    return this.serializer.serialize(digital);
  }

  /** Deletes the file. Links already issued stay and answer `attachment_missing`. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    const id = this.ids.decode(ID_PREFIX.digital, publicId);
    const [[deleted]]: [{ blob_key: string }[], number] = id
      ? await this.dataSource.query(
          `DELETE FROM digitals WHERE id = $1 AND store_id = $2 RETURNING blob_key`,
          [id, store.storeId],
        )
      : [[], 0];
    if (!deleted) throw StoreError.notFound('digital');
    await this.deleteBlob(deleted.blob_key);
  }

  /**
   * Removes a file no row names any more. The row is what counts: a blob that cannot be removed
   * now is only space, so it is logged rather than failing the request.
   */
  private async deleteBlob(key: string): Promise<void> {
    await this.blobs.delete(key).catch((error: unknown) => {
      this.logger.warn(`Could not delete the blob ${key}: ${String(error)}`);
    });
  }

  /** A variant of the store's product; anything else is 404. */
  private async variantOf(
    store: StoreContext,
    productPublicId: string,
    variantPublicId: string,
  ): Promise<Variant> {
    const productId = this.ids.decode(ID_PREFIX.product, productPublicId);
    const id = this.ids.decode(ID_PREFIX.variant, variantPublicId);
    const variant =
      productId && id
        ? await this.dataSource.manager.findOneBy(Variant, {
            id,
            productId,
            storeId: store.storeId,
          })
        : null;
    if (!variant) throw StoreError.notFound('variant');
    return variant;
  }
}
