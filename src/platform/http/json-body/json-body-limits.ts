import { StoreError } from '../../../common/errors/store-error.js';
import { isHoldableText, NOT_HOLDABLE } from '../well-formed-text.js';

/**
 * The shape every JSON body must keep, whatever route it is sent to: nesting, items, keys and
 * string lengths are checked on the raw bytes (`scanJsonStructure`), metadata and text once
 * parsed (`checkJsonBody`). Routes declare tighter
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
  /** Levels inside metadata: 0 outside it. */
  metadataDepth: number;
}

/**
 * Refuses a parsed body whose metadata breaks `JSON_BODY_LIMITS` or that holds text PostgreSQL
 * cannot store, naming the first field at fault. Nesting, items, keys and string lengths were
 * held to their caps before parsing (`scanJsonStructure`); this pass, over a body within them,
 * uses an explicit stack and costs time linear in the body's size.
 */
export function checkJsonBody(body: unknown): void {
  const pending: Pending[] = [{ value: body, path: '', metadataDepth: 0 }];
  while (pending.length > 0) {
    const { value, path, metadataDepth } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isHoldableText(value)) refuse(path, NOT_HOLDABLE);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (metadataDepth > JSON_BODY_LIMITS.metadataDepth)
      refuse(path, `may nest at most ${JSON_BODY_LIMITS.metadataDepth} levels inside metadata`);
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        pending.push({ value: value[index], ...nested(path, String(index), metadataDepth) });
      continue;
    }
    const keys = Object.keys(value);
    if (metadataDepth > 0) checkMetadataKeys(keys, path);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index];
      if (!isHoldableText(key)) refuse(path, NOT_HOLDABLE);
      const child = nested(path, key, metadataDepth);
      if (metadataDepth === 0 && METADATA_FIELDS.has(key)) child.metadataDepth = 1;
      pending.push({ value: (value as Record<string, unknown>)[key], ...child });
    }
  }
}

function nested(path: string, key: string, metadataDepth: number) {
  return {
    path: path ? `${path}.${key}` : key,
    metadataDepth: metadataDepth > 0 ? metadataDepth + 1 : 0,
  };
}

function checkMetadataKeys(keys: string[], path: string): void {
  if (keys.length > JSON_BODY_LIMITS.metadataKeys)
    refuse(path, `must have at most ${JSON_BODY_LIMITS.metadataKeys} keys`);
  const limit = JSON_BODY_LIMITS.metadataKeyLength;
  if (keys.some((key) => key.length > limit))
    refuse(path, `must have keys of at most ${limit} characters`);
}

function refuse(path: string, rule: string): never {
  const field = path || 'body';
  throw new StoreError('validation_error', 'The request failed validation', {
    [field]: [`${field} ${rule}`],
  });
}
