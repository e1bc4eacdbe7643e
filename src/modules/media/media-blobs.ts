import { Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '../../platform/blob-store/blob-store.port.js';
import type { NormalizedImage } from './images/image-normalizer.js';
import { originalKeyFor } from './media-keys.js';
import type { RenditionSet } from './renditions/rendition-sizes.js';

/** The blobs of media: originals, renditions, and their removal once no row names them. */
@Injectable()
export class MediaBlobs {
  private readonly logger = new Logger('MediaBlobs');

  constructor(private readonly blobs: BlobStore) {}

  /** Stores a normalized original in a folder of its own; answers its key. */
  async storeOriginal(storeId: string, image: NormalizedImage): Promise<string> {
    const key = originalKeyFor(storeId, image.bytes, image.extension);
    await this.blobs.put(key, image.bytes, image.contentType);
    return key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.blobs.put(key, bytes, contentType);
  }

  /** The bytes under `key`; undefined when there is no such blob. */
  async read(key: string): Promise<Buffer | undefined> {
    const blob = await this.blobs.get(key);
    if (!blob) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of blob.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Removes blobs no row names any more (after the transaction that let go of them). A failure is
   * logged, not thrown: the change it follows has happened.
   */
  async removeQuietly(keys: Iterable<string>): Promise<void> {
    for (const key of new Set(keys)) {
      await this.blobs.delete(key).catch((error: unknown) => {
        this.logger.warn(`Could not delete media blob ${key}: ${String(error)}`);
      });
    }
  }
}

/** Every blob key a media names: its original and renditions. */
export function keysOf(media: { original_key: string | null; renditions: RenditionSet }): string[] {
  const keys = Object.values(media.renditions).map((rendition) => rendition.key);
  return media.original_key === null ? keys : [media.original_key, ...keys];
}
