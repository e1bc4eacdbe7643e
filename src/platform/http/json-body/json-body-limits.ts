import { StoreError } from '../../../common/errors/store-error.js';
import { isHoldableText, NOT_HOLDABLE } from '../well-formed-text.js';

/**
 * The shape every JSON body must keep, whatever route it is sent to. Routes declare tighter
 * limits of their own (items per request, addresses per checkout); these bound what any body can
 * make the service walk before a route's rules are even looked at.
 */
export const JSON_BODY_LIMITS = {
  /** Levels of nesting of the whole body. */
  depth: 32,
  /** Items of any one array. */
  arrayItems: 1_000,
  /** Keys of any one object. */
  objectKeys: 1_000,
  /** Characters of any one string or key. */
  stringLength: 10_000,
  /** Keys of any one object inside metadata. */
  metadataKeys: 50,
  /** Levels of nesting inside metadata (the metadata object itself is the first). */
  metadataDepth: 5,
  /** Characters of a metadata key. */
  metadataKeyLength: 100,
} as const;

/** The fields that hold free-form metadata. */
const METADATA_FIELDS = new Set(['metadata', 'public_metadata', 'private_metadata']);

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  /** Levels inside metadata: 0 outside it. */
  metadataDepth: number;
}

/**
 * Refuses a parsed body that breaks `JSON_BODY_LIMITS` or holds text PostgreSQL cannot store,
 * naming the first field at fault. One pass over the body with an explicit stack: its cost is
 * linear in the body's size, and a container over its limit is refused without visiting its
 * items.
 */
export function checkJsonBody(body: unknown): void {
  const pending: Pending[] = [{ value: body, path: '', depth: 0, metadataDepth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth, metadataDepth } = pending.pop()!;
    if (typeof value === 'string') {
      checkText(value, path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= JSON_BODY_LIMITS.depth)
      throw new StoreError('invalid_request', 'The request is nested too deeply');
    if (metadataDepth > JSON_BODY_LIMITS.metadataDepth)
      refuse(path, `may nest at most ${JSON_BODY_LIMITS.metadataDepth} levels inside metadata`);
    if (Array.isArray(value)) {
      if (value.length > JSON_BODY_LIMITS.arrayItems)
        refuse(path, `must have at most ${JSON_BODY_LIMITS.arrayItems} items`);
      for (let index = value.length - 1; index >= 0; index--) {
        const child = nested(path, String(index), depth, metadataDepth);
        pending.push({ value: value[index], ...child });
      }
      continue;
    }
    const keys = Object.keys(value);
    const keyLimit =
      metadataDepth > 0 ? JSON_BODY_LIMITS.metadataKeys : JSON_BODY_LIMITS.objectKeys;
    if (keys.length > keyLimit) refuse(path, `must have at most ${keyLimit} keys`);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index];
      checkKey(key, path, metadataDepth);
      const child = nested(path, key, depth, metadataDepth);
      if (metadataDepth === 0 && METADATA_FIELDS.has(key)) child.metadataDepth = 1;
      pending.push({ value: (value as Record<string, unknown>)[key], ...child });
    }
  }
}

function nested(path: string, key: string, depth: number, metadataDepth: number) {
  return {
    path: path ? `${path}.${key}` : key,
    depth: depth + 1,
    metadataDepth: metadataDepth > 0 ? metadataDepth + 1 : 0,
  };
}

function checkText(text: string, path: string): void {
  if (text.length > JSON_BODY_LIMITS.stringLength)
    refuse(path, `must be at most ${JSON_BODY_LIMITS.stringLength} characters`);
  if (!isHoldableText(text)) refuse(path, NOT_HOLDABLE);
}

function checkKey(key: string, path: string, metadataDepth: number): void {
  const limit =
    metadataDepth > 0 ? JSON_BODY_LIMITS.metadataKeyLength : JSON_BODY_LIMITS.stringLength;
  if (key.length > limit) refuse(path, `must have keys of at most ${limit} characters`);
  if (!isHoldableText(key)) refuse(path, NOT_HOLDABLE);
}

function refuse(path: string, rule: string): never {
  const field = path || 'body';
  throw new StoreError('validation_error', 'The request failed validation', {
    [field]: [`${field} ${rule}`],
  });
}
