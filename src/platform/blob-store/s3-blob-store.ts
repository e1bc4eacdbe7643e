import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Storage } from '../../config/index.js';
import { assertBlobKey } from './blob-key.js';
import { blobMetadataOf } from './blob-metadata.js';
import { type BlobMetadata, BlobStore, type StoredBlob } from './blob-store.port.js';

/** The object metadata entry (`x-amz-meta-sha256`) holding the bytes' SHA-256. */
const CHECKSUM_METADATA = 'sha256';

/**
 * Blobs as objects of an S3-compatible bucket (under the configured prefix), the metadata as the
 * object's: its Content-Type, Content-Length and `x-amz-meta-sha256`. A put replaces an object
 * whole, so a reader sees one version or the other.
 */
export class S3BlobStore extends BlobStore {
  private readonly client: S3Client;

  constructor(private readonly storage: S3Storage) {
    super();
    this.client = new S3Client({
      region: storage.region,
      forcePathStyle: storage.forcePathStyle,
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
      ...(storage.credentials ? { credentials: storage.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible servers do not all know the newer
      // checksum headers; the SHA-256 kept in the object's metadata is the blob's own.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<BlobMetadata> {
    const metadata = blobMetadataOf(bytes, contentType);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.storage.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: metadata.contentType,
        ContentLength: metadata.byteSize,
        Metadata: { [CHECKSUM_METADATA]: metadata.checksum },
      }),
    );
    return metadata;
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.storage.bucket, Key: this.objectKey(key) }))
      .catch((error: unknown) => {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      });
    if (!object) return undefined;
    return {
      contentType: object.ContentType ?? 'application/octet-stream',
      byteSize: object.ContentLength ?? 0,
      checksum: object.Metadata?.[CHECKSUM_METADATA] ?? '',
      // In Node.js the SDK answers the response itself, a Readable.
      body: object.Body as Readable,
    };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.storage.bucket, Key: this.objectKey(key) }),
    );
  }

  publicUrl(key: string): string | undefined {
    assertBlobKey(key);
    return this.storage.publicBaseUrl && `${this.storage.publicBaseUrl}/${key}`;
  }

  /** Closes the client's connections (Nest calls it when the application closes). */
  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return `${this.storage.prefix}${key}`;
  }
}
