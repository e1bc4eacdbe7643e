import { videoEmbedOf } from '../../src/modules/media/video-embeds.js';

describe('videoEmbedOf', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('plays YouTube links (%s) in its player', (url, embed) => {
    expect(videoEmbedOf(url)).toEqual({ video_provider: 'youtube', video_embed_url: embed });
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('plays Vimeo links (%s) in its player', (url, embed) => {
    expect(videoEmbedOf(url)).toEqual({ video_provider: 'vimeo', video_embed_url: embed });
  });

  it.each([
    null,
    'not a url',
    'https://video.example.com/hoodie.mp4',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://vimeo.com/channels/staffpicks',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
  ])('has no player for %s', (url) => {
    expect(videoEmbedOf(url)).toEqual({ video_provider: null, video_embed_url: null });
  });
});
