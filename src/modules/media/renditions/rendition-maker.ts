import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../images/accepted-formats.js';
import { RENDITION_SIZES, type RenditionName } from './rendition-sizes.js';

export interface RenditionBytes {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Where a cover crop is centred: the media's focal point, else the middle. */
export interface FocalPoint {
  x: number | null;
  y: number | null;
}

/** One WebP rendition of a normalized original (see `normalizeImage`). */
export async function makeRendition(
  original: Buffer,
  name: RenditionName,
  focal: FocalPoint,
): Promise<RenditionBytes> {
  const size = RENDITION_SIZES[name];
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
  if (size.fit === 'inside') {
    image.resize({
      width: size.width,
      height: size.height,
      fit: 'inside',
      withoutEnlargement: true,
    });
  } else {
    const { width = size.width, height = size.height } = await sharp(original, {
      limitInputPixels: MAX_INPUT_PIXELS,
    }).metadata();
    const scale = Math.max(size.width / width, size.height / height);
    const scaled = { width: Math.ceil(width * scale), height: Math.ceil(height * scale) };
    image.resize(scaled).extract({
      left: cropStart(scaled.width, size.width, focal.x),
      top: cropStart(scaled.height, size.height, focal.y),
      width: size.width,
      height: size.height,
    });
  }
  const { data, info } = await image.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Where a window of `window` pixels starts along `length`, centred on `focus` (0–1) if it can. */
function cropStart(length: number, window: number, focus: number | null): number {
  const centre = (focus ?? 0.5) * length;
  return Math.round(Math.min(Math.max(centre - window / 2, 0), length - window));
}
