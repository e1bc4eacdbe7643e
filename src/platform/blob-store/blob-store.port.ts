import type { Readable } from 'node:stream';

/** What is kept beside a blob's bytes. */
export interface BlobMetadata {
  contentType: string;
  byteSize: number;
  /** SHA-256 of the bytes, hex. */
  checksum: string;
}

/** A stored blob, read back as a stream. */
export interface StoredBlob extends BlobMetadata {
  body: Readable;
}

/**
 * Where files live (digital products' files, product media and their renditions): the local disk
 * under `DATA_DIR` by default, or an S3-compatible bucket. Keys are made by the service
 * (`<store id>/<kind>/<random or content hash>`), never from a name a caller gave; a key holds
 * `a-z0-9`, `-`, `_`, `.` and `/` only.
 */
export abstract class BlobStore {
  /** Stores the bytes under `key`, replacing what was there; answers their metadata. */
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<BlobMetadata>;

  /** The blob under `key`, or undefined when there is none. */
  abstract get(key: string): Promise<StoredBlob | undefined>;

  /** Removes the blob under `key`; nothing when there is none. */
  abstract delete(key: string): Promise<void>;

  /**
   * The public URL the blob is served from when the store is a bucket with a public base URL
   * (`MEDIA_PUBLIC_BASE_URL`); undefined when the service serves it itself.
   */
  abstract publicUrl(key: string): string | undefined;
}
