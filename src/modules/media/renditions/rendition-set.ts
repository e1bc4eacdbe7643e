import { renditionKeyFor } from '../media-keys.js';
import { type FocalPoint, makeRendition } from './rendition-maker.js';
import { RENDITION_NAMES, type RenditionSet } from './rendition-sizes.js';

/** Where renditions are put: the blob store, or the media module's view of it. */
interface BlobWriter {
  put(key: string, bytes: Buffer, contentType: string): Promise<unknown>;
}

/** Makes every rendition of an original and puts each beside it in the blob store. */
export async function makeRenditionSet(
  blobs: BlobWriter,
  originalKey: string,
  original: Buffer,
  focal: FocalPoint,
): Promise<RenditionSet> {
  const renditions: RenditionSet = {};
  for (const name of RENDITION_NAMES) {
    const made = await makeRendition(original, name, focal);
    const key = renditionKeyFor(originalKey, made.bytes);
    await blobs.put(key, made.bytes, 'image/webp');
    renditions[name] = { key, width: made.width, height: made.height };
  }
  return renditions;
}
