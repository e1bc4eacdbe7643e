/** The image types media accepts, by the format sharp reads from the bytes. */
export const ACCEPTED_FORMATS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  avif: { contentType: 'image/avif', extension: 'avif' },
} as const;

export type AcceptedFormat = keyof typeof ACCEPTED_FORMATS;

/** sharp names AVIF `heif` (its container) with `av1` compression; other HEIF is not accepted. */
export function acceptedFormatOf(
  format: string | undefined,
  compression: string | undefined,
): AcceptedFormat | undefined {
  if (format === 'heif') return compression === 'av1' ? 'avif' : undefined;
  return format !== undefined && format in ACCEPTED_FORMATS
    ? (format as AcceptedFormat)
    : undefined;
}

/** Images larger than this many pixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
