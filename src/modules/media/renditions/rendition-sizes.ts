/** The renditions of an image, named as the client's `Media` fields (`<name>_url`). */
export const RENDITION_NAMES = ['mini', 'small', 'medium', 'large', 'xlarge', 'og_image'] as const;
export type RenditionName = (typeof RENDITION_NAMES)[number];

/**
 * How each rendition is cut: squares fit inside (never enlarged, aspect kept) as Spree's
 * `resize_to_limit`; og_image covers 1200×630, the size link previews show.
 */
export const RENDITION_SIZES: Record<
  RenditionName,
  { width: number; height: number; fit: 'inside' | 'cover' }
> = {
  mini: { width: 48, height: 48, fit: 'inside' },
  small: { width: 100, height: 100, fit: 'inside' },
  medium: { width: 240, height: 240, fit: 'inside' },
  large: { width: 600, height: 600, fit: 'inside' },
  xlarge: { width: 1200, height: 1200, fit: 'inside' },
  og_image: { width: 1200, height: 630, fit: 'cover' },
};

/** A rendition as stored: its blob key and the size it came out at. */
export interface Rendition {
  key: string;
  width: number;
  height: number;
}

export type RenditionSet = Partial<Record<RenditionName, Rendition>>;
