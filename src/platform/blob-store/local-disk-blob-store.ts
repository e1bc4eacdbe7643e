import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertBlobKey } from './blob-key.js';
import { blobMetadataOf } from './blob-metadata.js';
import { type BlobMetadata, BlobStore, type StoredBlob } from './blob-store.port.js';

/**
 * Suffix of a blob's file. Keys never hold `~`, so a file (`a~blob`) can never be the folder of
 * a longer key (`a/b` lives in `a/`).
 */
const FILE_SUFFIX = '~blob';

/** Room for the header line: the metadata as JSON (the content type is at most 255 characters). */
const MAX_HEADER_BYTES = 4096;

/** Where files are written before they are renamed into place; keys never start with a dot. */
const TEMPORARY_FOLDER = '.tmp';

/** Attempts at renaming a file into a folder that a concurrent delete may have just removed. */
const RENAME_ATTEMPTS = 3;

/**
 * Blobs as files under one folder (`<DATA_DIR>/blobs`): the key is the file's path (plus
 * `~blob`). Each file starts with one line of JSON, its metadata, then the bytes. Metadata and
 * bytes are one file so that one rename replaces both: a file is written aside, flushed and
 * renamed into place, so a reader sees the old blob or the new one, never half of one or the
 * bytes of one with the metadata of another (concurrent puts of a key: the last rename wins).
 */
export class LocalDiskBlobStore extends BlobStore {
  private readonly root: string;

  constructor(folder: string) {
    super();
    this.root = resolve(folder);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<BlobMetadata> {
    const file = this.fileOf(key);
    const metadata = blobMetadataOf(bytes, contentType);
    const aside = join(this.root, TEMPORARY_FOLDER, randomUUID());
    await mkdir(dirname(aside), { recursive: true });
    const handle = await open(aside, 'wx');
    try {
      await handle.writev([Buffer.from(`${JSON.stringify(metadata)}\n`, 'utf8'), bytes]);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    try {
      await this.moveIntoPlace(aside, file);
    } catch (error) {
      await rm(aside, { force: true });
      throw error;
    }
    return metadata;
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const handle = await open(this.fileOf(key), 'r').catch(ifMissing(undefined));
    if (!handle) return undefined;
    try {
      const { metadata, headerBytes } = await readHeader(handle);
      // The stream owns the handle from here and closes it at its end (or when destroyed).
      return { ...metadata, body: handle.createReadStream({ start: headerBytes }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await unlink(file).catch(ifMissing(undefined));
    await this.pruneEmptyFolders(dirname(file));
  }

  publicUrl(): string | undefined {
    return undefined;
  }

  /** The file of a valid key, inside the root whatever the key (checked twice). */
  private fileOf(key: string): string {
    assertBlobKey(key);
    const file = join(this.root, `${key}${FILE_SUFFIX}`);
    if (!file.startsWith(this.root + sep)) throw new Error('A blob key left the store’s folder');
    return file;
  }

  private async moveIntoPlace(aside: string, file: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(dirname(file), { recursive: true });
      try {
        await rename(aside, file);
        return;
      } catch (error) {
        // A delete emptied and removed the folder between mkdir and rename.
        if (!isMissing(error) || attempt === RENAME_ATTEMPTS) throw error;
      }
    }
  }

  /** Removes the folders a delete left empty, up to the root (keys' folders come and go). */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + sep); current = dirname(current)) {
      const removed = await rmdir(current).then(
        () => true,
        () => false,
      );
      if (!removed) return;
    }
  }
}

async function readHeader(
  handle: FileHandle,
): Promise<{ metadata: BlobMetadata; headerBytes: number }> {
  const buffer = Buffer.alloc(MAX_HEADER_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, MAX_HEADER_BYTES, 0);
  const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
  if (end < 0) throw new Error('A blob file has no metadata line');
  const metadata = JSON.parse(buffer.subarray(0, end).toString('utf8')) as BlobMetadata;
  return { metadata, headerBytes: end + 1 };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** A rejection handler that answers `value` when the file is not there and rethrows otherwise. */
function ifMissing<T>(value: T): (error: unknown) => T {
  return (error) => {
    if (isMissing(error)) return value;
    throw error;
  };
}
