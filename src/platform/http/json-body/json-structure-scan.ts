import { StoreError } from '../../../common/errors/store-error.js';
import { NOT_HOLDABLE } from '../well-formed-text.js';
import { JSON_BODY_LIMITS, METADATA_FIELDS } from './json-body-limits.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const LETTER_U = 0x75;
const SHORTEST_METADATA_FIELD = Math.min(...[...METADATA_FIELDS].map((name) => name.length));

/** What the scan knows of each container it is inside, indexed by depth. */
interface Frames {
  isArray: boolean[];
  /** Commas seen at this level: items or keys so far, less one. */
  commas: number[];
  /** Whether the next string at this level is a key. */
  keyNext: boolean[];
  /** Where the last key of this object starts and ends in the body (its quotes excluded). */
  keyStart: number[];
  keyEnd: number[];
  /** Levels inside metadata: 0 outside it, 1 for the metadata object itself. */
  metadataDepth: number[];
}

/**
 * Holds the raw bytes of a JSON body to `JSON_BODY_LIMITS` before it is parsed: nesting, items
 * per array, keys per object, characters per string, the caps of metadata, and text PostgreSQL
 * can hold (no NUL, no lone UTF-16 surrogate: in JSON both can only be written as `\u` escapes).
 * A body over a cap is refused where the cap is first exceeded, having built no object, and the
 * answer names the field. One pass over the bytes; what is not valid JSON is left for the parser
 * to refuse.
 */
export function scanJsonStructure(bytes: Uint8Array): void {
  const frames: Frames = {
    isArray: [],
    commas: [],
    keyNext: [],
    keyStart: [],
    keyEnd: [],
    metadataDepth: [],
  };
  let depth = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      const start = at + 1;
      const isKey = depth > 0 && frames.keyNext[depth - 1];
      at = endOfString(bytes, start, frames, depth, isKey);
      if (isKey) {
        frames.keyNext[depth - 1] = false;
        frames.keyStart[depth - 1] = start;
        frames.keyEnd[depth - 1] = at;
      }
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (depth >= JSON_BODY_LIMITS.depth)
        throw new StoreError('invalid_request', 'The request is nested too deeply');
      const metadataDepth = metadataDepthOf(bytes, frames, depth);
      if (metadataDepth > JSON_BODY_LIMITS.metadataDepth) {
        const levels = JSON_BODY_LIMITS.metadataDepth;
        refuse(bytes, frames, depth, `may nest at most ${levels} levels inside metadata`);
      }
      frames.isArray[depth] = byte === OPEN_ARRAY;
      frames.commas[depth] = 0;
      frames.keyNext[depth] = byte === OPEN_OBJECT;
      frames.metadataDepth[depth] = metadataDepth;
      depth++;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (byte === COMMA && depth > 0) {
      countItem(bytes, frames, depth - 1);
    }
  }
}

/** Counts one more item (after a comma) of the container at `level` against its cap. */
function countItem(bytes: Uint8Array, frames: Frames, level: number): void {
  const count = ++frames.commas[level] + 1;
  if (frames.isArray[level]) {
    if (count > JSON_BODY_LIMITS.arrayItems)
      refuse(bytes, frames, level, `must have at most ${JSON_BODY_LIMITS.arrayItems} items`);
    return;
  }
  const limit =
    frames.metadataDepth[level] > 0 ? JSON_BODY_LIMITS.metadataKeys : JSON_BODY_LIMITS.objectKeys;
  if (count > limit) refuse(bytes, frames, level, `must have at most ${limit} keys`);
  frames.keyNext[level] = true;
}

/** The metadata level of a container opening at `depth`. */
function metadataDepthOf(bytes: Uint8Array, frames: Frames, depth: number): number {
  if (depth === 0) return 0;
  const parent = depth - 1;
  if (frames.metadataDepth[parent] > 0) return frames.metadataDepth[parent] + 1;
  const [start, end] = [frames.keyStart[parent], frames.keyEnd[parent]];
  if (frames.isArray[parent] || end - start < SHORTEST_METADATA_FIELD) return 0;
  return METADATA_FIELDS.has(keyText(bytes, start, end)) ? 1 : 0;
}

/**
 * The index of the quote that closes the string opening at `start`. Counts its characters as
 * JavaScript does (UTF-16 units: an escape is one, a four-byte UTF-8 sequence two) and reads its
 * `\u` escapes, refusing a NUL or a lone surrogate.
 */
function endOfString(
  bytes: Uint8Array,
  start: number,
  frames: Frames,
  depth: number,
  isKey: boolean,
): number {
  const inMetadata = isKey && frames.metadataDepth[depth - 1] > 0;
  const limit = inMetadata ? JSON_BODY_LIMITS.metadataKeyLength : JSON_BODY_LIMITS.stringLength;
  // A key's faults are its object's: the key is not a field yet.
  const field = isKey ? depth - 1 : depth;
  let length = 0;
  let at = start;
  for (; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) break;
    if (byte === BACKSLASH) {
      if (bytes[at + 1] === LETTER_U) {
        const unit = hexAt(bytes, at + 2);
        at += 5;
        if (unit === 0) refuse(bytes, frames, field, NOT_HOLDABLE);
        if (unit >= 0xdc00 && unit <= 0xdfff) refuse(bytes, frames, field, NOT_HOLDABLE);
        if (unit >= 0xd800 && unit <= 0xdbff) {
          const low = bytes[at + 1] === BACKSLASH && bytes[at + 2] === LETTER_U;
          const next = low ? hexAt(bytes, at + 3) : -1;
          if (next < 0xdc00 || next > 0xdfff) refuse(bytes, frames, field, NOT_HOLDABLE);
          at += 6;
          length++;
        }
      } else {
        at++;
      }
      length++;
    } else if ((byte & 0xc0) !== 0x80) {
      length += byte >= 0xf0 ? 2 : 1;
    }
    if (length > limit) {
      const rule = isKey ? 'must have keys of at most' : 'must be at most';
      refuse(bytes, frames, field, `${rule} ${limit} characters`);
    }
  }
  return at;
}

/** The four hex digits at `at` as a number; -1 when they are not four hex digits. */
function hexAt(bytes: Uint8Array, at: number): number {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const byte = bytes[i] | 0x20; // lower case
    const digit =
      byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1;
    if (digit < 0 || i >= bytes.length) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** Refuses the field whose container is at `level` (or, at `depth`, the value being read). */
function refuse(bytes: Uint8Array, frames: Frames, level: number, rule: string): never {
  const names: string[] = [];
  for (let parent = 0; parent < level; parent++) {
    names.push(
      frames.isArray[parent]
        ? String(frames.commas[parent])
        : keyText(bytes, frames.keyStart[parent], frames.keyEnd[parent]),
    );
  }
  const field = names.join('.') || 'body';
  throw new StoreError('validation_error', 'The request failed validation', {
    [field]: [`${field} ${rule}`],
  });
}

/** A key as the parser will read it (escapes decoded). */
function keyText(bytes: Uint8Array, start: number, end: number): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
