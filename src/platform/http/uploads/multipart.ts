import multipart from '@fastify/multipart';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { StoreError } from '../../../common/errors/store-error.js';
import { toErrorResponse } from '../error-response.js';

const ACCEPTS_UPLOADS = 'acceptsUploads';

declare module 'fastify' {
  interface FastifyContextConfig {
    [ACCEPTS_UPLOADS]?: boolean;
  }
}

/** Marks a route that takes a `multipart/form-data` upload (see `readSingleFile`). */
export const AcceptsUploads = () => RouteConfig({ [ACCEPTS_UPLOADS]: true });

/**
 * Streams `multipart/form-data` to the routes marked `@AcceptsUploads()`, which read it after the
 * guards have admitted the caller; every other route keeps refusing it as an unsupported content
 * type. Multipart bodies bypass BODY_LIMIT_BYTES (JSON keeps it): each upload route passes its own
 * file size limit, and the form around the file is kept small here.
 */
export async function registerMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preValidation', (request, reply, done) => {
      if (!request.isMultipart() || request.routeOptions.config?.[ACCEPTS_UPLOADS] === true) {
        done();
        return;
      }
      const { status, body } = toErrorResponse(
        new StoreError('invalid_request', 'Unsupported content type'),
        request.id,
      );
      void reply.status(status).send(body);
    });
}
