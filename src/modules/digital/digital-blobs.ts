import { randomBytes } from 'node:crypto';
import type { BlobStore } from '../../platform/blob-store/index.js';
import type { DigitalFile } from './digital-file.js';

/**
 * Puts a digital's bytes in the blob store and answers their key: `<store id>/digitals/<random>`,
 * 128 random bits, so that no one can guess a paid file's key even if the bucket serves files.
 */
export async function putDigitalFile(
  blobs: BlobStore,
  storeId: string,
  file: DigitalFile,
): Promise<string> {
  const key = `${storeId}/digitals/${randomBytes(16).toString('hex')}`;
  await blobs.put(key, file.bytes, file.contentType);
  return key;
}
