import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** The media types whose bodies are JSON. */
export const JSON_MEDIA_TYPES = ['application/json', 'application/vnd.api+json'];

/**
 * Parses JSON bodies with Fastify's own parser (prototype-poisoning checks and the errors for
 * malformed JSON unchanged) within the body limit, except that an empty body, or none, is `{}`:
 * clients send `Content-Type: application/json` on writes that take no input (creating a cart,
 * completing an order, deleting). Other content types are parsed (or refused) as before.
 */
export function registerJsonBodies(app: NestFastifyApplication, bodyLimit: number): void {
  const parseJson = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser<Server>(JSON_MEDIA_TYPES, { bodyLimit }, (request, body: Buffer, done) => {
    if (body.length === 0) {
      done(null, {});
      return;
    }
    parseJson(request, body as unknown as string, done);
  });
}
