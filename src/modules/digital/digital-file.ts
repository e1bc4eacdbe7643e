import { createHash } from 'node:crypto';
import { basename } from 'node:path/win32';

/** A file about to become a digital: its bytes and what describes them. */
export interface DigitalFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
  byteSize: number;
  /** SHA-256 of the bytes, hex. */
  checksum: string;
}

const FALLBACK_FILENAME = 'download';
const MAX_FILENAME_LENGTH = 255;
const MAX_MEDIA_TYPE_LENGTH = 255;
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * Describes uploaded bytes. The client's name and type are untrusted: the name loses any path
 * (browsers may send `C:\fakepath\…`) and control characters, the type falls back to
 * `application/octet-stream` unless it is a plain `type/subtype`, since both are sent back as
 * response headers on every download.
 */
export function digitalFileOf(upload: {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}): DigitalFile {
  const name = basename(upload.filename)
    .replace(CONTROL_CHARACTERS, '')
    .trim()
    .slice(0, MAX_FILENAME_LENGTH);
  return {
    filename: name === '' || name === '.' || name === '..' ? FALLBACK_FILENAME : name,
    contentType:
      upload.mimetype.length <= MAX_MEDIA_TYPE_LENGTH && MEDIA_TYPE.test(upload.mimetype)
        ? upload.mimetype.toLowerCase()
        : 'application/octet-stream',
    bytes: upload.bytes,
    byteSize: upload.bytes.length,
    checksum: createHash('sha256').update(upload.bytes).digest('hex'),
  };
}

/** The columns of the `digitals` row that attaches a file, kept under `blobKey`, to a variant. */
export function digitalRowOf(
  storeId: string,
  variantId: string,
  file: DigitalFile,
  blobKey: string,
) {
  const { filename, contentType, byteSize, checksum } = file;
  return { storeId, variantId, filename, contentType, byteSize, checksum, blobKey };
}
