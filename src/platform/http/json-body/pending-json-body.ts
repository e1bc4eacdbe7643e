import type { FastifyRequest } from 'fastify';
import { scanJsonStructure } from './json-structure-scan.js';

/** Fastify's JSON parser: prototype-poisoning checks and the errors for malformed JSON. */
export type JsonParser = (
  request: FastifyRequest,
  text: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/**
 * A JSON body as read off the wire, not parsed yet: `request.body` until something reads it
 * through `jsonBodyOf`, after the guards (credentials, rate limits, the cart a storefront request
 * is about), so that a request they refuse costs no more than reading its bytes. Its readers are
 * the validation pipe (`@Body()`), the idempotency interceptor and the JSON:API parameters.
 */
export class PendingJsonBody {
  private outcome?: { body: unknown } | { error: unknown };

  constructor(
    private readonly request: FastifyRequest,
    private readonly bytes: Buffer,
    private readonly parseJson: JsonParser,
  ) {}

  /**
   * The body, checked against `JSON_BODY_LIMITS` on its bytes and then parsed, the first time;
   * every later call answers the same body, or throws the same error.
   */
  parsed(): unknown {
    this.outcome ??= this.parse();
    if ('error' in this.outcome) throw this.outcome.error;
    return this.outcome.body;
  }

  private parse(): { body: unknown } | { error: unknown } {
    try {
      scanJsonStructure(this.bytes);
    } catch (error) {
      return { error };
    }
    let outcome: { body: unknown } | { error: unknown } = { body: undefined };
    // Fastify's parser answers through its callback, synchronously.
    this.parseJson(this.request, this.bytes as unknown as string, (error, body) => {
      outcome = error ? { error } : { body };
    });
    return outcome;
  }
}

/** A request's body, parsed if it is a pending JSON body. */
export function jsonBodyOf(body: unknown): unknown {
  return body instanceof PendingJsonBody ? body.parsed() : body;
}
