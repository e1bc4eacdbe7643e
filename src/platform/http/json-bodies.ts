import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type JsonParser, PendingJsonBody } from './json-body/pending-json-body.js';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** The media types whose bodies are JSON. */
export const JSON_MEDIA_TYPES = ['application/json', JSON_API_MEDIA_TYPE];

/**
 * Reads JSON bodies within the body limit and leaves them to be parsed, with Fastify's own
 * parser (prototype-poisoning checks and the errors for malformed JSON unchanged), when the body
 * is first read, after the guards (`PendingJsonBody`). An empty body, or none, is `{}`: clients
 * send `Content-Type: application/json` on writes that take no input (creating a cart, completing
 * an order, deleting). Other content types are parsed (or refused) as before.
 */
export function registerJsonBodies(app: NestFastifyApplication, bodyLimit: number): void {
  const parseJson = app
    .getHttpAdapter()
    .getInstance()
    .getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  app.useBodyParser<Server>(JSON_MEDIA_TYPES, { bodyLimit }, (request, body: Buffer, done) => {
    done(null, body.length === 0 ? {} : new PendingJsonBody(request, body, parseJson));
  });
}

/**
 * Labels every JSON answer under `prefix` (successes, the error envelope, a 404 of the router)
 * as `application/vnd.api+json`, the media type of a JSON:API API.
 */
export function answerJsonApiUnder(fastify: FastifyInstance, prefix: string): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      request.url.startsWith(prefix) &&
      typeof type === 'string' &&
      type.startsWith('application/json')
    ) {
      reply.header('content-type', `${JSON_API_MEDIA_TYPE}; charset=utf-8`);
    }
    done(null, payload);
  });
}
