import { join } from 'node:path';
import type { AppConfig } from '../../config/index.js';
import type { BlobStore } from './blob-store.port.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/**
 * The blob store the configuration names: the bucket of MEDIA_STORAGE_URL, or files under
 * `<DATA_DIR>/blobs` when it is unset. The service, the operator CLI and the seed each make
 * theirs here, so they always agree on where files are.
 */
export function blobStoreFor(config: AppConfig): BlobStore {
  const s3 = config.s3Storage;
  return s3 ? new S3BlobStore(s3) : new LocalDiskBlobStore(join(config.DATA_DIR, 'blobs'));
}
