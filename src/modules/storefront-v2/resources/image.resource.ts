import type { MediaView } from '../../catalog/index.js';
import { RENDITION_NAMES, RENDITION_SIZES } from '../../media/index.js';
import type { ResourceNode } from '../json-api/resource.js';

/**
 * An image media as v2's `image`: `styles` lists each rendition as Spree lists its styles (the
 * URL, and the box it is fitted to as `size`, `width` and `height`), smallest first.
 */
export function imageResource(media: MediaView): ResourceNode {
  return {
    type: 'image',
    id: media.id,
    attributes: {
      position: media.position,
      alt: media.alt,
      original_url: media.original_url,
      transformed_url: null,
      styles: RENDITION_NAMES.map((name) => {
        const { width, height, fit } = RENDITION_SIZES[name];
        return {
          url: media[`${name}_url`],
          size: `${width}x${height}${fit === 'inside' ? '>' : '^'}`,
          width,
          height,
        };
      }),
    },
  };
}

/** The image resources of media (videos are not v2 images) with the variants each is shown with. */
export function imageResources(
  media: readonly MediaView[] | undefined,
): { node: ResourceNode; variantIds: readonly string[] }[] {
  return (media ?? [])
    .filter((item) => item.media_type === 'image')
    .map((item) => ({ node: imageResource(item), variantIds: item.variant_ids }));
}
