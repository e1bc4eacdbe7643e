import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Readable } from 'node:stream';
import { BlobStore, type BlobMetadata } from '../../../platform/blob-store/blob-store.port.js';

/** A media file to answer with: small ones whole from memory, larger ones as a stream. */
export type MediaFile = BlobMetadata & ({ bytes: Buffer } | { body: Readable });

/** Files up to this size are kept in memory once read (renditions mostly are). */
const CACHED_FILE_MAX_BYTES = 256 * 1024;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * What is under a media key never changes (the key is made from the bytes), so a cached file is
 * never stale; the time limit only bounds how long a deleted file is still answered by this
 * process, far shorter than the year every cache in between may keep it anyway.
 */
const CACHE_TTL_MS = 5 * 60_000;

/**
 * Reads media files for serving, keeping small ones in memory: a storefront's page asks for the
 * same renditions over and over, and answering them from memory costs no file open or read.
 */
@Injectable()
export class MediaFileCache {
  private readonly files = new LRUCache<string, BlobMetadata & { bytes: Buffer }>({
    maxSize: CACHE_MAX_BYTES,
    sizeCalculation: (file) => file.bytes.length,
    ttl: CACHE_TTL_MS,
  });

  constructor(private readonly blobs: BlobStore) {}

  async read(key: string): Promise<MediaFile | undefined> {
    const cached = this.files.get(key);
    if (cached) return cached;
    const blob = await this.blobs.get(key);
    if (!blob) return undefined;
    const { body, ...metadata } = blob;
    if (metadata.byteSize > CACHED_FILE_MAX_BYTES) return blob;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const file = { ...metadata, bytes: Buffer.concat(chunks) };
    this.files.set(key, file);
    return file;
  }
}
