import { join } from 'node:path';
import type { AppConfig } from '../../config/index.js';
import type { BlobStore } from './blob-store.port.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';

/**
 * The blob store the configuration names: the bucket of MEDIA_STORAGE_URL, or files under
 * `<DATA_DIR>/blobs` when it is unset. The service, the operator CLI and the seed each make
 * theirs here, so they always agree on where files are.
 */
export async function blobStoreFor(config: AppConfig): Promise<BlobStore> {
  const s3 = config.s3Storage;
  if (!s3) return new LocalDiskBlobStore(join(config.DATA_DIR, 'blobs'));
  // Loaded for a bucket only: the AWS SDK takes long to load, and every boot and CLI command
  // would pay for it.
  const { S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore(s3);
}
