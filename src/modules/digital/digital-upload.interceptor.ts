import {
  type CallHandler,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { AppConfig } from '../../config/index.js';
import { readSingleFile } from '../../platform/http/uploads/single-file-upload.js';
import { type DigitalFile, digitalFileOf } from './digital-file.js';

const uploads = new WeakMap<FastifyRequest, DigitalFile>();

/**
 * Reads the `file` part of a digital upload (up to DIGITAL_UPLOAD_MAX_BYTES) once the guards have
 * admitted the caller. It must run before the idempotency interceptor: the request body it
 * leaves behind (the file's name, type, size and checksum) is what `Idempotency-Key` compares.
 */
@Injectable()
export class DigitalUploadInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const file = digitalFileOf(
      await readSingleFile(request, 'file', this.config.DIGITAL_UPLOAD_MAX_BYTES),
    );
    uploads.set(request, file);
    request.body = {
      file: {
        filename: file.filename,
        content_type: file.contentType,
        byte_size: file.byteSize,
        checksum: file.checksum,
      },
    };
    return next.handle();
  }
}

/** The file DigitalUploadInterceptor read. */
export const UploadedDigitalFile = createParamDecorator(
  (_: unknown, context: ExecutionContext): DigitalFile => {
    const file = uploads.get(context.switchToHttp().getRequest<FastifyRequest>());
    if (!file) throw new Error('UploadedDigitalFile used without DigitalUploadInterceptor');
    return file;
  },
);
