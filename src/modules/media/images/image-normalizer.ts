import sharp from 'sharp';
import { StoreError } from '../../../common/errors/store-error.js';
import {
  ACCEPTED_FORMATS,
  type AcceptedFormat,
  acceptedFormatOf,
  MAX_INPUT_PIXELS,
} from './accepted-formats.js';
import { hostileContentOf } from './hostile-bytes.js';

/** An accepted image made safe to keep and serve: upright, its metadata dropped. */
export interface NormalizedImage {
  bytes: Buffer;
  format: AcceptedFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Reads the image type from the bytes (never the name or declared type) and re-encodes the
 * image with its orientation applied and without its metadata (EXIF location included). The
 * whole image is decoded, so a truncated or damaged file fails here; its size is checked from the
 * header first, so a decompression bomb never reaches memory. Anything refused is a 422
 * `validation_error` on `field`.
 */
export async function normalizeImage(bytes: Buffer, field: string): Promise<NormalizedImage> {
  const refuse = (reason: string) =>
    new StoreError('validation_error', 'The request failed validation', { [field]: [reason] });
  if (bytes.length === 0) throw refuse('must not be empty');
  // sharp refuses some inputs while it is being set up, before any promise exists.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata())
    .catch((error: unknown) => {
      throw refuse(
        /pixel limit/i.test(String(error))
          ? `the image must have at most ${MAX_INPUT_PIXELS} pixels`
          : 'must be a JPEG, PNG, WebP, AVIF or GIF image',
      );
    });
  const format = acceptedFormatOf(metadata.format, metadata.compression);
  if (!format) throw refuse('must be a JPEG, PNG, WebP, AVIF or GIF image');
  const pages = metadata.pages ?? 1;
  if (
    (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0) * pages >
    MAX_INPUT_PIXELS
  ) {
    throw refuse(`the image must have at most ${MAX_INPUT_PIXELS} pixels`);
  }
  const hostile = hostileContentOf(bytes, format);
  if (hostile) throw refuse(hostile);
  const { data, info } = await sharp(bytes, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'warning',
    animated: pages > 1,
  })
    .rotate()
    .toFormat(format === 'avif' ? 'heif' : format, format === 'avif' ? { compression: 'av1' } : {})
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw refuse('the image is damaged or incomplete');
    });
  return {
    bytes: data,
    format,
    ...ACCEPTED_FORMATS[format],
    width: info.width,
    height: info.pageHeight ?? info.height,
  };
}
