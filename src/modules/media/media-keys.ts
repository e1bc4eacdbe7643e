import { createHash, randomUUID } from 'node:crypto';

/**
 * Blob keys of media: `<store id>/media/<upload folder>/<SHA-256 of the bytes>.<extension>`.
 * The folder (random, one per upload) keeps each media's blobs its own, so deleting one never
 * takes another's; the hash makes the key change whenever the bytes do, so what is served under
 * a key never changes. Nothing a caller sent (a name, an alt text) is part of a key.
 */
export const MEDIA_KEY = /^[0-9]+\/media\/[0-9a-f]{32}\/[0-9a-f]{64}\.(?:jpg|png|webp|gif|avif)$/;

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function originalKeyFor(storeId: string, bytes: Buffer, extension: string): string {
  return `${storeId}/media/${randomUUID().replaceAll('-', '')}/${sha256Hex(bytes)}.${extension}`;
}

/** A rendition's key, in the folder of its original. */
export function renditionKeyFor(originalKey: string, bytes: Buffer): string {
  return `${originalKey.slice(0, originalKey.lastIndexOf('/'))}/${sha256Hex(bytes)}.webp`;
}

/** The content type a servable key's bytes were stored with, from its extension. */
export const CONTENT_TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};
