import type { FastifyRequest } from 'fastify';
import { scanJsonStructure } from './json-structure-scan.js';

/** Fastify's JSON parser: prototype-poisoning checks and the errors for malformed JSON. */
export type JsonParser = (
  request: FastifyRequest,
  text: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/**
 * A JSON body as read off the wire, not parsed yet. Parsing waits until the guards have admitted
 * the caller (`JsonBodyInterceptor`), so that a request without valid credentials or over its
 * rate limit costs no more than reading its bytes.
 */
export class PendingJsonBody {
  constructor(
    private readonly bytes: Buffer,
    private readonly parseJson: JsonParser,
  ) {}

  /** The parsed body, held to `JSON_BODY_LIMITS`; throws what Fastify's parser throws. */
  parse(request: FastifyRequest): unknown {
    scanJsonStructure(this.bytes);
    let parsed: unknown;
    let failure: Error | null = null;
    // Fastify's parser answers through its callback synchronously.
    this.parseJson(request, this.bytes as unknown as string, (error, value) => {
      failure = error;
      parsed = value;
    });
    if (failure) throw failure;
    return parsed;
  }
}
