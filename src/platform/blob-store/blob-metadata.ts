import { createHash } from 'node:crypto';
import type { BlobMetadata } from './blob-store.port.js';

/** Longest content type a store keeps (S3 metadata and the local file's header stay small). */
const MAX_CONTENT_TYPE_LENGTH = 255;

/** The metadata of `bytes` stored as `contentType`; refuses a type no store could keep. */
export function blobMetadataOf(bytes: Buffer, contentType: string): BlobMetadata {
  if (contentType.length === 0 || contentType.length > MAX_CONTENT_TYPE_LENGTH) {
    throw new RangeError(`A blob's content type has 1 to ${MAX_CONTENT_TYPE_LENGTH} characters`);
  }
  return {
    contentType,
    byteSize: bytes.length,
    checksum: createHash('sha256').update(bytes).digest('hex'),
  };
}
