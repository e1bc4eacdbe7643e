import { renditionKeyFor } from '../media-keys.js';
import { type FocalPoint, makeRendition, type RenditionBytes } from './rendition-maker.js';
import { RENDITION_NAMES, type RenditionName, type RenditionSet } from './rendition-sizes.js';

/** Where renditions are put: the blob store, or the media module's view of it. */
interface BlobWriter {
  put(key: string, bytes: Buffer, contentType: string): Promise<unknown>;
}

/** Every rendition of an original, made but not stored. */
export type MadeRenditions = ReadonlyArray<readonly [RenditionName, RenditionBytes]>;

export async function makeRenditions(original: Buffer, focal: FocalPoint): Promise<MadeRenditions> {
  const made: Array<[RenditionName, RenditionBytes]> = [];
  for (const name of RENDITION_NAMES) made.push([name, await makeRendition(original, name, focal)]);
  return made;
}

/** Puts made renditions beside their original in the blob store; answers the set to record. */
export async function putRenditions(
  blobs: BlobWriter,
  originalKey: string,
  made: MadeRenditions,
): Promise<RenditionSet> {
  const renditions: RenditionSet = {};
  for (const [name, { bytes, width, height }] of made) {
    const key = renditionKeyFor(originalKey, bytes);
    await blobs.put(key, bytes, 'image/webp');
    renditions[name] = { key, width, height };
  }
  return renditions;
}

/** Makes every rendition of an original and puts each beside it in the blob store. */
export async function makeRenditionSet(
  blobs: BlobWriter,
  originalKey: string,
  original: Buffer,
  focal: FocalPoint,
): Promise<RenditionSet> {
  return putRenditions(blobs, originalKey, await makeRenditions(original, focal));
}
