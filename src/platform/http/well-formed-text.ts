import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';
import { toErrorResponse } from './error-response.js';

export const NOT_HOLDABLE = 'must be well-formed Unicode text without NUL characters';

/** A lone surrogate: with the `u` flag, a well-formed pair reads as one astral code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text PostgreSQL, validators and JSON encoders can all hold: well-formed UTF-16, no NUL. */
function isHoldableText(text: string): boolean {
  return !LONE_SURROGATE.test(text) && !text.includes('\u0000');
}

/**
 * The dotted path of the first key or string in `value` that is not holdable text. Walked with
 * an explicit stack: a hostile body may nest thousands of levels deep.
 */
function firstMalformedField(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (!isHoldableText(item)) return path || 'body';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const entries = Object.entries(item);
    for (const [key] of entries) if (!isHoldableText(key)) return path || 'body';
    for (const [key, child] of entries.reverse())
      pending.push([child, path ? `${path}.${key}` : key]);
  }
  return undefined;
}

/** The request's first path or query parameter holding bad text. */
function malformedFieldOf(request: FastifyRequest): string | undefined {
  return firstMalformedField(request.params) ?? firstMalformedField(request.query);
}

/**
 * Refuses, before any guard, pipe, validator or query sees it, a request carrying a lone UTF-16
 * surrogate or a NUL in a path or query parameter: 422 `validation_error` naming the field.
 * Such text breaks URI decoding in validators and cannot be stored by PostgreSQL. JSON bodies
 * are held to the same rule when they are parsed, after the guards (`checkJsonBody`).
 */
export function refuseMalformedText(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    const field = malformedFieldOf(request);
    if (!field) return done();
    const error = new StoreError('validation_error', 'The request failed validation', {
      [field]: [`${field} ${NOT_HOLDABLE}`],
    });
    const { status, body } = toErrorResponse(error, request.id);
    void reply.status(status).send(body);
  });
}
