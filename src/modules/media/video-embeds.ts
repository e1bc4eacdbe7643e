/** Where an external video can be played inside a page: its provider and player URL. */
export interface VideoEmbed {
  video_provider: 'youtube' | 'vimeo' | null;
  video_embed_url: string | null;
}

const NO_EMBED: VideoEmbed = { video_provider: null, video_embed_url: null };
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;

/**
 * The player of a YouTube or Vimeo video URL (watch, short, share or embed links), as Spree's
 * `video_provider` and `video_embed_url`; any other URL has none (shown as a link).
 */
export function videoEmbedOf(externalUrl: string | null): VideoEmbed {
  if (externalUrl === null || !URL.canParse(externalUrl)) return NO_EMBED;
  const url = new URL(externalUrl);
  const segments = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.has(url.hostname) || url.hostname === 'youtu.be') {
    const id =
      url.hostname === 'youtu.be'
        ? segments[0]
        : segments[0] === 'watch'
          ? url.searchParams.get('v')
          : ['shorts', 'embed', 'live'].includes(segments[0])
            ? segments[1]
            : undefined;
    return id && YOUTUBE_ID.test(id)
      ? { video_provider: 'youtube', video_embed_url: `https://www.youtube.com/embed/${id}` }
      : NO_EMBED;
  }
  if (url.hostname === 'vimeo.com' || url.hostname === 'www.vimeo.com') {
    return vimeo(segments[0]);
  }
  if (url.hostname === 'player.vimeo.com' && segments[0] === 'video') return vimeo(segments[1]);
  return NO_EMBED;
}

function vimeo(id: string | undefined): VideoEmbed {
  return id && VIMEO_ID.test(id)
    ? { video_provider: 'vimeo', video_embed_url: `https://player.vimeo.com/video/${id}` }
    : NO_EMBED;
}
