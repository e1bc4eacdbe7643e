import type { FastifyRequest } from 'fastify';
import { scanJsonStructure } from './json-structure-scan.js';

/** Fastify's JSON parser: prototype-poisoning checks and the errors for malformed JSON. */
export type JsonParser = (
  request: FastifyRequest,
  text: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/** What the content-type parser hands Fastify for a deferred body (Fastify assigns it). */
export const DEFERRED_BODY = Symbol('deferred JSON body');

/**
 * Makes `request.body` parse the JSON `bytes` when it is first read, not when they arrive: the
 * guards (credentials, rate limits, the cart a storefront request is about) never read the body,
 * so a request they refuse costs no more than reading its bytes. The first read checks the bytes
 * against `JSON_BODY_LIMITS`, parses them and keeps the outcome: every later read gets the same
 * body, or the same error. Assigning another body (an upload's description) replaces it.
 */
export function deferJsonParsing(
  request: FastifyRequest,
  bytes: Buffer,
  parseJson: JsonParser,
): void {
  let outcome: { body: unknown } | { error: unknown } | undefined;
  Object.defineProperty(request, 'body', {
    configurable: true,
    enumerable: true,
    get() {
      outcome ??= parseOnce(request, bytes, parseJson);
      if ('error' in outcome) throw outcome.error;
      return outcome.body;
    },
    set(body: unknown) {
      if (body === DEFERRED_BODY) return;
      Object.defineProperty(request, 'body', {
        configurable: true,
        enumerable: true,
        writable: true,
        value: body,
      });
    },
  });
}

function parseOnce(
  request: FastifyRequest,
  bytes: Buffer,
  parseJson: JsonParser,
): { body: unknown } | { error: unknown } {
  try {
    scanJsonStructure(bytes);
  } catch (error) {
    return { error };
  }
  let outcome: { body: unknown } | { error: unknown } = { body: undefined };
  // Fastify's parser answers through its callback, synchronously.
  parseJson(request, bytes as unknown as string, (error, body) => {
    outcome = error ? { error } : { body };
  });
  return outcome;
}
