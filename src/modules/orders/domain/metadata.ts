/** The most JSON a record's metadata may take, in bytes. */
export const METADATA_MAX_BYTES = 16 * 1024;

/** Whether a value is a JSON object small enough to keep as metadata. */
export function metadataFits(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Buffer.byteLength(JSON.stringify(value)) <= METADATA_MAX_BYTES;
}

/**
 * Applies a metadata update the way Spree does: every key sent is set, and a key sent as `null`
 * is removed; keys not sent stay.
 */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
