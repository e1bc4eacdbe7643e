import { Injectable } from '@nestjs/common';
import { BlobStore } from '../../platform/blob-store/blob-store.port.js';

/** Where the service serves media blobs itself (see MediaFilesController). */
export const MEDIA_PATH = '/media';

/** The URL a media blob is fetched from: the bucket's public URL when there is one. */
@Injectable()
export class MediaUrls {
  constructor(private readonly blobs: BlobStore) {}

  of(key: string): string {
    return this.blobs.publicUrl(key) ?? `${MEDIA_PATH}/${key}`;
  }
}
