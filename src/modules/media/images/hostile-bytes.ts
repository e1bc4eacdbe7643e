import type { AcceptedFormat } from './accepted-formats.js';

/** Bytes browsers sniff for markup (they read the first 512; a margin for other readers). */
const SNIFFED_PREFIX_BYTES = 1024;
const MARKUP = /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)/i;

/** How each format ends; bytes after that are another file's hidden in the image's. */
const TRAILERS: Partial<Record<AcceptedFormat, Buffer>> = {
  jpeg: Buffer.from([0xff, 0xd9]),
  png: Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  gif: Buffer.from([0x3b]),
};

/**
 * Why bytes that decode as an image are still refused: markup where a browser or another
 * reader would find it, or data after the image's end (a polyglot such as an image followed by
 * an HTML page or an archive). Undefined when there is nothing of the kind.
 */
export function hostileContentOf(bytes: Buffer, format: AcceptedFormat): string | undefined {
  if (MARKUP.test(bytes.subarray(0, SNIFFED_PREFIX_BYTES).toString('latin1'))) {
    return 'the file holds markup';
  }
  const trailer = TRAILERS[format];
  if (trailer && !endsWith(withoutPadding(bytes), trailer)) {
    return 'the file holds data after the end of its image';
  }
  return undefined;
}

/** Some encoders pad files with zero bytes; those are not a second file. */
function withoutPadding(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return bytes.subarray(0, end);
}

function endsWith(bytes: Buffer, suffix: Buffer): boolean {
  return (
    bytes.length >= suffix.length && bytes.subarray(bytes.length - suffix.length).equals(suffix)
  );
}
