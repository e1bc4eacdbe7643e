import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../../common/errors/store-error.js';

export interface UploadedFile {
  /** As the client named it (untrusted). */
  filename: string;
  /** The part's media type as the client declared it (untrusted). */
  mimetype: string;
  bytes: Buffer;
  /** The form's other (text) fields, by name (untrusted). */
  fields: Record<string, string>;
}

/**
 * The file part `field` of a `multipart/form-data` request, read into memory up to `maxBytes`
 * (refused as soon as the stream passes it), with the form's text fields. No such part: 422
 * `validation_error` on `field`; a larger file: 413 `request_too_large`; a body that is not
 * well-formed multipart: 400 `invalid_request`. The file's name loses any folders it names
 * unless `preservePath` asks to see them.
 */
export async function readSingleFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  { preservePath = false }: { preservePath?: boolean } = {},
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw missing(field);
  let found: Omit<UploadedFile, 'fields'> | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes }, preservePath })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // A file under another name still has to be read for the form to go on.
      const bytes = await part.toBuffer();
      if (part.fieldname === field) {
        found = { filename: part.filename, mimetype: part.mimetype, bytes };
      }
    }
  } catch (error) {
    throw uploadError(error, field, maxBytes);
  }
  if (!found) throw missing(field);
  return { ...found, fields };
}

function missing(field: string): StoreError {
  return new StoreError('validation_error', 'The request failed validation', {
    [field]: [`${field} is required: send it as a multipart/form-data file part`],
  });
}

/** What @fastify/multipart and busboy report, in the contract's terms. */
function uploadError(error: unknown, field: string, maxBytes: number): StoreError {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new StoreError(
        'request_too_large',
        `The file exceeds the upload limit of ${maxBytes} bytes`,
        { max_bytes: maxBytes },
      );
    case 'FST_FILES_LIMIT':
      return new StoreError('validation_error', 'The request failed validation', {
        [field]: ['send exactly one file'],
      });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new StoreError('request_too_large', 'The form has too many parts');
    default:
      return new StoreError('invalid_request', 'The multipart body could not be parsed');
  }
}
