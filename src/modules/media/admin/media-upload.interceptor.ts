import {
  type CallHandler,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { AppConfig } from '../../../config/index.js';
import { readSingleFile } from '../../../platform/http/uploads/single-file-upload.js';
import { StoreError } from '../../../common/errors/store-error.js';
import { isPlainFileName } from '../dto/path-like.js';
import { sha256Hex } from '../media-keys.js';

const uploads = new WeakMap<FastifyRequest, Buffer>();
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const NUMERIC_FIELDS = new Set(['position', 'focal_point_x', 'focal_point_y']);

/**
 * Reads a multipart media upload (the `file` part, up to MEDIA_UPLOAD_MAX_BYTES, refused while
 * it streams past that) once the guards have admitted the caller; JSON bodies pass untouched.
 * The form's fields become the body the route validates, numbers as numbers and `variant_ids`
 * comma-separated, with the file's facts so that `Idempotency-Key` (the next interceptor)
 * covers the file.
 */
@Injectable()
export class MediaUploadInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.isMultipart()) return next.handle();
    const upload = await readSingleFile(request, 'file', this.config.MEDIA_UPLOAD_MAX_BYTES, {
      preservePath: true,
    });
    // The name is never used (keys are made from the bytes); a path for a name is refused all
    // the same, as a sign of a client gone wrong or worse.
    if (!isPlainFileName(upload.filename)) {
      throw new StoreError('validation_error', 'The request failed validation', {
        file: ['the file name must be a plain name, not a path'],
      });
    }
    uploads.set(request, upload.bytes);
    request.body = {
      ...formBody(upload.fields),
      file: { byte_size: upload.bytes.length, checksum: sha256Hex(upload.bytes) },
    };
    return next.handle();
  }
}

function formBody(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'variant_ids') {
      body[name] = value === '' ? [] : value.split(',').map((id) => id.trim());
    } else if (NUMERIC_FIELDS.has(name) && NUMBER.test(value)) {
      body[name] = Number(value);
    } else {
      body[name] = value;
    }
  }
  return body;
}

/** The bytes of the file MediaUploadInterceptor read; undefined for a JSON body. */
export const UploadedMediaBytes = createParamDecorator(
  (_: unknown, context: ExecutionContext): Buffer | undefined =>
    uploads.get(context.switchToHttp().getRequest<FastifyRequest>()),
);
