/**
 * The shape every JSON body must keep, whatever route it is sent to, checked on its bytes before
 * it is parsed (`scanJsonStructure`). Routes declare tighter limits of their own (items per
 * request, addresses per checkout); these bound what any body can make the service parse and walk
 * before a route's rules are even looked at.
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
export const METADATA_FIELDS: ReadonlySet<string> = new Set([
  'metadata',
  'public_metadata',
  'private_metadata',
]);
