import { MediaSchema, ProductSchema } from '@spree/sdk/zod';
import type { Server } from 'node:http';
import sharp from 'sharp';
import type { BlobStore } from '../../src/platform/blob-store/blob-store.port.js';
import { expectError } from '../helpers/error-envelope.js';
import {
  fileServer,
  png,
  pngBomb,
  settledMedia,
  sidewaysJpegWithLocation,
  uploadMedia,
  watchedBlobs,
} from '../helpers/media-fixtures.js';
import { CartClient, demoVariants, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { StoredEvents } from '../helpers/admin-fixtures.js';
import { Ids, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import {
  type S3CompatibleServer,
  startS3CompatibleServer,
} from '../helpers/s3-compatible-server.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import type { SdkShop } from '../helpers/spree-sdk-fixtures.js';
import {
  createStorefrontV2Client,
  jsonApiRecorder,
  succeeded,
  type V2Shop,
} from '../helpers/storefront-v2-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const MEDIA_KEY = /^\/media\/[0-9]+\/media\/[0-9a-f]{32}\/[0-9a-f]{64}\.(jpg|png|webp|gif|avif)$/;

/**
 * A demo shop on a service whose files are on the local disk or in an S3-compatible bucket, with
 * both official clients; after each test every answer they saw must have passed their checks.
 */
function shopWithBlobStore(onS3: boolean): V2Shop {
  const ctx = {} as V2Shop;
  let s3: S3CompatibleServer | undefined;
  beforeAll(async () => {
    s3 = onS3 ? await startS3CompatibleServer('media') : undefined;
    ctx.t = await startCustomersTestApp(s3 ? { MEDIA_STORAGE_URL: s3.storageUrl, ...s3.env } : {});
    ctx.shop = await ctx.t.seedStore();
    ctx.recorder = schemaRecorder();
    ctx.client = createSpreeSdkClient(ctx.t.baseUrl, {
      publishableKey: ctx.shop.publishable_key,
      onResponse: ctx.recorder.onResponse,
    });
    ctx.v2Recorder = jsonApiRecorder();
    ctx.v2 = createStorefrontV2Client(ctx.t.baseUrl, {
      publishableKey: ctx.shop.publishable_key,
      onResponse: ctx.v2Recorder.onResponse,
    });
    ctx.tees = await demoVariants(ctx.t, ctx.shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await ctx.t.close();
    await s3?.stop();
  });
  afterEach(() => {
    expect(ctx.recorder.problems.splice(0)).toEqual([]);
    expect(ctx.v2Recorder.problems.splice(0)).toEqual([]);
  });
  return ctx satisfies SdkShop;
}

const BLOB_STORES = [['on the local disk', false] as const, ['in an S3 bucket', true] as const];

// Product and variant media through the Admin API, their renditions, how they are served, and
// how both storefront APIs show them, each answer parsed by the official clients; the same with
// the files on the local disk and in an S3-compatible bucket.
describe.each(BLOB_STORES)('Product media (files %s)', (_, onS3) => {
  const ctx = shopWithBlobStore(onS3);
  let blobs: BlobStore;
  let written: string[];
  let files: { url: string; server: Server };
  const admin = () => ({ 'x-store-api-key': ctx.shop.secret_key });
  const store = () => ({ 'x-store-api-key': ctx.shop.publishable_key });

  beforeAll(async () => {
    ({ blobs, written } = watchedBlobs(ctx.t));
    files = await fileServer({
      '/pixel.png': { bytes: await png(640, 480), type: 'image/png' },
      '/page.png': { bytes: Buffer.from('<!doctype html><p>hi</p>'), type: 'image/png' },
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => new Promise((resolve) => files.server.close(resolve)));

  const patch = (path: string, json: unknown, headers: Record<string, string>) =>
    ctx.t.http.request('PATCH', path, { json, headers });
  const remove = (path: string, headers: Record<string, string>) =>
    ctx.t.http.request('DELETE', path, { headers });

  async function productId(slug: string): Promise<string> {
    const response = await ctx.t.http.get(`/api/v3/store/products/${slug}`, store());
    return response.body.id;
  }

  async function bytesAt(url: string): Promise<{ response: Response; bytes: Buffer }> {
    const response = await fetch(`${ctx.t.baseUrl}${url}`);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async function mediaRows(product: string): Promise<number> {
    const list = await ctx.t.http.get(`/api/v3/admin/products/${product}/media`, admin());
    return list.body.data.length;
  }

  it('strips EXIF, turns a sideways JPEG upright and makes every rendition in WebP', async () => {
    const sideways = await sidewaysJpegWithLocation();
    expect(await sharp(sideways).metadata()).toMatchObject({ orientation: 6, width: 1600 });
    expect(sideways.includes(Buffer.from('Probe Camera'))).toBe(true);
    const product = await productId('classic-cotton-t-shirt');
    const upload = await uploadMedia(
      ctx.t,
      ctx.shop.secret_key,
      `/products/${product}/media`,
      { bytes: sideways, name: 'IMG_0042.JPG' },
      { alt: 'The tee, front/back', position: '1' },
    );
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({
      media_type: 'image',
      alt: 'The tee, front/back',
      position: 1,
      content_type: 'image/jpeg',
      width: 800,
      height: 1600,
    });
    // Until the renditions exist, every URL is the original's.
    if (upload.body.status === 'processing') {
      expect(upload.body.small_url).toBe(upload.body.original_url);
    }
    expect(upload.body.original_url).toMatch(MEDIA_KEY);

    const media = await settledMedia(ctx.t, ctx.shop.secret_key, product, upload.body.id);
    expect(media.status).toBe('ready');
    const expected = {
      mini: [24, 48],
      small: [50, 100],
      medium: [120, 240],
      large: [300, 600],
      xlarge: [600, 1200],
      og_image: [1200, 630],
    };
    for (const [name, [width, height]] of Object.entries(expected)) {
      const url = media[`${name}_url`];
      expect(url).toMatch(MEDIA_KEY);
      const { response, bytes } = await bytesAt(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(bytes).metadata();
      expect({
        name,
        format: metadata.format,
        width: metadata.width,
        height: metadata.height,
      }).toEqual({
        name,
        format: 'webp',
        width,
        height,
      });
      expect(metadata.exif).toBeUndefined();
    }
    // The original is kept without its metadata, upright: red (the stored left half) on top.
    const { bytes: original } = await bytesAt(media.original_url);
    const metadata = await sharp(original).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(original.includes(Buffer.from('Probe Camera'))).toBe(false);
    const { data } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
    const bottom = (1600 - 1) * 800 * 3;
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    expect(data[bottom]).toBeLessThan(60);
    expect(data[bottom + 2]).toBeGreaterThan(200);
    // Neither the alt text nor the file name reached a key.
    expect(written.some((key) => key.includes('etc') || key.includes('..'))).toBe(false);
  });

  it('serves a rendition with a strong ETag, immutable caching and nosniff; 304 when it matches', async () => {
    const product = await productId('classic-cotton-t-shirt');
    const list = await ctx.t.http.get(`/api/v3/admin/products/${product}/media`, admin());
    const url = list.body.data[0].medium_url as string;
    const { response, bytes } = await bytesAt(url);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);

    const again = await fetch(`${ctx.t.baseUrl}${url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const other = await fetch(`${ctx.t.baseUrl}${url}`, { headers: { 'if-none-match': '"x"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    // Only media keys are served: nothing else of the blob store, no path tricks.
    for (const path of ['/media/1/digital/abc', '/media/..%2F..%2Fetc%2Fpasswd', '/media/x']) {
      expect((await fetch(`${ctx.t.baseUrl}${path}`)).status).toBe(404);
    }
  });

  it('shows the first image as thumbnail_url and media with expand=media, parsed by the client', async () => {
    const product = await productId('classic-cotton-t-shirt');
    const shown = await ctx.client.products.get('classic-cotton-t-shirt', {
      expand: ['media', 'variants', 'primary_media'],
    });
    ProductSchema.parse(shown);
    expect(shown.id).toBe(product);
    expect(shown.media).toHaveLength(1);
    for (const media of shown.media!) MediaSchema.parse(media);
    expect(shown.thumbnail_url).toBe(shown.media![0].medium_url);
    expect(shown.primary_media?.id).toBe(shown.media![0].id);
    // Without expand, media are left out, but the thumbnail is there; a list shows it too.
    const plain = await ctx.t.http.get(`/api/v3/store/products/${product}`, store());
    expect(plain.body.media).toBeUndefined();
    expect(plain.body.thumbnail_url).toBe(shown.thumbnail_url);
    // The Admin API's product shows the same media.
    const staffView = await ctx.t.http.get(`/api/v3/admin/products/${product}`, admin());
    expect(staffView.body.thumbnail_url).toBe(shown.thumbnail_url);
    expect(staffView.body.media).toEqual(shown.media);
    const page = await ctx.client.products.list({ limit: 100 });
    expect(page.data.find((item) => item.id === product)?.thumbnail_url).toBe(shown.thumbnail_url);
  });

  it('fetches a PNG by URL in the background', async () => {
    const product = await productId('ceramic-coffee-mug');
    const created = await ctx.t.http.post(
      `/api/v3/admin/products/${product}/media`,
      { url: `${files.url}/pixel.png`, alt: 'A mug' },
      admin(),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'processing', original_url: null });
    const media = await settledMedia(ctx.t, ctx.shop.secret_key, product, created.body.id);
    expect(media).toMatchObject({
      status: 'ready',
      content_type: 'image/png',
      width: 640,
      height: 480,
      source_url: `${files.url}/pixel.png`,
    });
    const { bytes } = await bytesAt(media.large_url);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 600, height: 450 });

    // What the URL answers is checked as an upload is: markup is refused, the media fails.
    const page = await ctx.t.http.post(
      `/api/v3/admin/products/${product}/media`,
      { url: `${files.url}/page.png` },
      admin(),
    );
    const failed = await settledMedia(ctx.t, ctx.shop.secret_key, product, page.body.id);
    expect(failed).toMatchObject({ status: 'failed', original_url: null });
    expect(failed.failure).toMatch(/refused/);
    const shown = await ctx.client.products.get('ceramic-coffee-mug', { expand: ['media'] });
    expect(shown.media!.map((item) => item.id)).toEqual([created.body.id]);
  });

  it('refuses a URL to a private address when private networks are not allowed', async () => {
    const strict: TestApp = await startTestApp({
      env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'false' },
    });
    try {
      const shop = await strict.seedStore();
      const found = await strict.http.get('/api/v3/store/products/ceramic-coffee-mug', {
        'x-store-api-key': shop.publishable_key,
      });
      for (const url of [`${files.url}/pixel.png`, 'http://10.0.0.1/a.png', 'http://[::1]/a.png']) {
        const refused = await strict.http.post(
          `/api/v3/admin/products/${found.body.id}/media`,
          { url },
          { 'x-store-api-key': shop.secret_key },
        );
        expect(expectError(refused, 422, 'validation_error')).toHaveProperty('url');
      }
      const list = await strict.http.get(`/api/v3/admin/products/${found.body.id}/media`, {
        'x-store-api-key': shop.secret_key,
      });
      expect(list.body.data).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('refuses hostile files with 422, storing nothing', async () => {
    const product = await productId('merino-beanie');
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const hostile = [
      {
        name: 'svg renamed .jpg',
        bytes: svg,
        file: 'photo.jpg',
        type: 'image/jpeg',
        reason: /JPEG, PNG/,
      },
      {
        name: 'HTML sent as image/png',
        bytes: Buffer.from('<html><body><script>alert(1)</script></body></html>'),
        file: 'a.png',
        type: 'image/png',
        reason: /JPEG, PNG/,
      },
      {
        name: '30000 × 30000 PNG bomb',
        bytes: pngBomb(),
        file: 'bomb.png',
        type: 'image/png',
        reason: /pixels/,
      },
      {
        name: 'truncated JPEG',
        bytes: jpeg.subarray(0, jpeg.length - 300),
        file: 'cut.jpg',
        reason: /damaged|after the end/,
      },
      {
        name: 'JPEG with an HTML page after it (polyglot)',
        bytes: Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]),
        file: 'poly.jpg',
        reason: /markup|after the end/,
      },
      {
        name: 'an empty file',
        bytes: Buffer.alloc(0),
        file: 'empty.png',
        type: 'image/png',
        reason: /empty/,
      },
      {
        name: 'plain text',
        bytes: Buffer.from('hello'),
        file: 'a.gif',
        type: 'image/gif',
        reason: /JPEG, PNG/,
      },
    ];
    expect(pngBomb().length).toBeLessThan(10_000);
    const before = written.length;
    for (const file of hostile) {
      const response = await uploadMedia(ctx.t, ctx.shop.secret_key, `/products/${product}/media`, {
        bytes: file.bytes,
        name: file.file,
        type: file.type,
      });
      expect({ file: file.name, status: response.status }).toEqual({
        file: file.name,
        status: 422,
      });
      const details = expectError(response, 422, 'validation_error') as { file: string[] };
      expect({ file: file.name, reason: details.file[0] }).toEqual({
        file: file.name,
        reason: expect.stringMatching(file.reason),
      });
    }
    const pathLike = [
      { name: '../../etc/passwd.png', alt: 'A plain alt', field: 'file' },
      { name: 'C:\\Windows\\x.png', alt: 'A plain alt', field: 'file' },
      { name: 'pixel.png', alt: '../../../etc/passwd', field: 'alt' },
      { name: 'pixel.png', alt: 'nul\u0000byte', field: 'alt' },
    ];
    for (const { name, alt, field } of pathLike) {
      const response = await uploadMedia(
        ctx.t,
        ctx.shop.secret_key,
        `/products/${product}/media`,
        { bytes: await png(16, 16), name, type: 'image/png' },
        { alt },
      );
      const details = expectError(response, 422, 'validation_error');
      expect({ name, alt, refused: Object.keys(details ?? {}) }).toEqual({
        name,
        alt,
        refused: [field],
      });
    }
    const pathAlt = await ctx.t.http.post(
      `/api/v3/admin/products/${product}/media`,
      { video_url: 'https://video.example.com/a.mp4', alt: '/etc/shadow' },
      admin(),
    );
    expect(expectError(pathAlt, 422, 'validation_error')).toHaveProperty('alt');
    expect(written.length).toBe(before);
    expect(await mediaRows(product)).toBe(0);
  });

  it('refuses a file over MEDIA_UPLOAD_MAX_BYTES with 413 and a body that names no source with 422', async () => {
    const product = await productId('merino-beanie');
    const big = Buffer.alloc(ctx.t.config.MEDIA_UPLOAD_MAX_BYTES + 1, 1);
    const tooLarge = await uploadMedia(ctx.t, ctx.shop.secret_key, `/products/${product}/media`, {
      bytes: big,
    });
    expectError(tooLarge, 413, 'request_too_large');
    const nothing = await ctx.t.http.post(
      `/api/v3/admin/products/${product}/media`,
      { alt: 'x' },
      admin(),
    );
    expectError(nothing, 422, 'validation_error');
    expect(await mediaRows(product)).toBe(0);
  });

  it('reorders media one at a time and all at once; videos are media too', async () => {
    const product = await productId('heavyweight-hoodie');
    const ids: string[] = [];
    for (const colour of ['#ff0000', '#00ff00', '#0000ff']) {
      const response = await uploadMedia(ctx.t, ctx.shop.secret_key, `/products/${product}/media`, {
        bytes: await png(32, 32, colour),
        type: 'image/png',
        name: 'a.png',
      });
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    const video = await ctx.t.http.post(
      `/api/v3/admin/products/${product}/media`,
      { video_url: 'https://video.example.com/hoodie.mp4', position: 1 },
      admin(),
    );
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({
      media_type: 'video',
      status: 'ready',
      position: 1,
      external_video_url: 'https://video.example.com/hoodie.mp4',
      video_provider: null,
      video_embed_url: null,
      original_url: null,
      viewable_type: 'Spree::Product',
      viewable_id: product,
    });
    const youtube = await ctx.t.http.post(
      `/api/v3/admin/products/${product}/media`,
      { video_url: 'https://youtu.be/dQw4w9WgXcQ?t=42' },
      admin(),
    );
    expect(youtube.body).toMatchObject({
      video_provider: 'youtube',
      video_embed_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      video_url: null,
      poster_url: null,
    });
    const gone = await remove(
      `/api/v3/admin/products/${product}/media/${youtube.body.id}`,
      admin(),
    );
    expect(gone.status).toBe(204);
    const order = async () =>
      (await ctx.t.http.get(`/api/v3/admin/products/${product}/media`, admin())).body.data.map(
        (media: { id: string; position: number }) => [media.id, media.position],
      );
    expect(await order()).toEqual([
      [video.body.id, 1],
      [ids[0], 2],
      [ids[1], 3],
      [ids[2], 4],
    ]);

    const moved = await patch(
      `/api/v3/admin/products/${product}/media/${ids[2]}`,
      { position: 1, alt: 'Blue', focal_point_x: 0.25, focal_point_y: 0.75 },
      admin(),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      position: 1,
      alt: 'Blue',
      focal_point_x: 0.25,
      focal_point_y: 0.75,
    });

    const all = await patch(
      `/api/v3/admin/products/${product}/media/positions`,
      {
        positions: [
          { id: ids[0], position: 1 },
          { id: video.body.id, position: 4 },
        ],
      },
      admin(),
    );
    expect(all.status).toBe(200);
    expect(await order()).toEqual([
      [ids[0], 1],
      [ids[2], 2],
      [ids[1], 3],
      [video.body.id, 4],
    ]);
    const other = await patch(
      `/api/v3/admin/products/${product}/media/positions`,
      { positions: [{ id: 'media_nope', position: 1 }] },
      admin(),
    );
    expect(other.status).toBe(404);
    const bad = await patch(
      `/api/v3/admin/products/${product}/media/${ids[0]}`,
      { focal_point_x: 2 },
      admin(),
    );
    expectError(bad, 422, 'validation_error');
  });

  it('attaches media to variants; the variant shows them, v3 and v2 alike', async () => {
    const [tee, otherTee] = ctx.tees;
    const product = tee.productId;
    const upload = await uploadMedia(
      ctx.t,
      ctx.shop.secret_key,
      `/products/${product}/variants/${tee.id}/media`,
      { bytes: await png(300, 200, '#123456'), type: 'image/png', name: 'tee.png' },
      { alt: 'Tee' },
    );
    expect(upload.status).toBe(201);
    expect(upload.body.variant_ids).toEqual([tee.id]);
    await settledMedia(ctx.t, ctx.shop.secret_key, product, upload.body.id);
    const ofVariant = await ctx.t.http.get(
      `/api/v3/admin/products/${product}/variants/${tee.id}/media`,
      admin(),
    );
    expect(ofVariant.body.data.map((media: { id: string }) => media.id)).toEqual([upload.body.id]);
    const ofOther = await ctx.t.http.get(
      `/api/v3/admin/products/${product}/variants/${otherTee.id}/media`,
      admin(),
    );
    expect(ofOther.body.data).toEqual([]);
    // Attaching the product's first image to the other variant too, by PATCH.
    const [first] = (await ctx.t.http.get(`/api/v3/admin/products/${product}/media`, admin())).body
      .data;
    const attached = await patch(
      `/api/v3/admin/products/${product}/media/${first.id}`,
      { variant_ids: [otherTee.id] },
      admin(),
    );
    expect(attached.body.variant_ids).toEqual([otherTee.id]);
    const foreign = await patch(
      `/api/v3/admin/products/${product}/media/${first.id}`,
      { variant_ids: ['variant_nope'] },
      admin(),
    );
    expect(expectError(foreign, 422, 'validation_error')).toHaveProperty('variant_ids');

    const shown = await ctx.client.products.get('classic-cotton-t-shirt', {
      expand: ['media', 'variants'],
    });
    const variant = shown.variants!.find((candidate) => candidate.id === tee.id)!;
    expect(variant.media_count).toBe(1);
    const ownMedia = shown.media!.find((media) => media.id === upload.body.id)!;
    expect(variant.thumbnail_url).toBe(ownMedia.medium_url);
    expect(shown.variants!.find((candidate) => candidate.id === otherTee.id)!.media_count).toBe(1);

    // v2: `images` of the product and of each variant, with their styles.
    const document = await succeeded(
      ctx.v2.products.show({
        id: 'classic-cotton-t-shirt',
        include: 'images,variants.images',
      } as never),
    );
    const images = (document as any).included.filter(
      (node: { type: string }) => node.type === 'image',
    );
    expect(images.map((node: { id: string }) => node.id).sort()).toEqual(
      shown.media!.map((media) => media.id).sort(),
    );
    const teeImage = images.find((node: { id: string }) => node.id === upload.body.id);
    expect(teeImage.attributes).toMatchObject({ alt: 'Tee', original_url: ownMedia.original_url });
    expect(teeImage.attributes.styles).toContainEqual({
      url: ownMedia.small_url,
      size: '100x100>',
      width: 100,
      height: 100,
    });
    const teeNode = (document as any).included.find(
      (node: { type: string; id: string }) => node.type === 'variant' && node.id === tee.id,
    );
    expect(teeNode.relationships.images.data).toEqual([{ type: 'image', id: upload.body.id }]);

    // A cart's lines show the variant's own first image, else the product's.
    const third = ctx.tees.find((candidate) => ![tee.id, otherTee.id].includes(candidate.id))!;
    const cart = new CartClient(ctx.t, ctx.shop);
    await cart.create();
    for (const { id } of [tee, otherTee, third])
      expect((await cart.addItem(id, 1)).status).toBe(201);
    const lines = (await cart.get()).body.line_items;
    const thumbnailOf = (id: string) =>
      lines.find((line: { variant_id: string }) => line.variant_id === id).thumbnail_url;
    const firstShown = shown.media!.find((media) => media.id === first.id)!;
    expect(thumbnailOf(tee.id)).toBe(ownMedia.medium_url);
    expect(thumbnailOf(otherTee.id)).toBe(firstShown.medium_url);
    expect(thumbnailOf(third.id)).toBe(shown.thumbnail_url);
    expect(shown.thumbnail_url).toMatch(/\.webp$/);
  });

  it('deletes a media with every file it had', async () => {
    const product = await productId('ceramic-coffee-mug');
    const [media] = (await ctx.t.http.get(`/api/v3/admin/products/${product}/media`, admin())).body
      .data;
    const keys = [
      media.original_url,
      ...Object.values(media.renditions).map((r: any) => r.url),
    ].map((url: string) => url.replace(/^\/media\//, ''));
    expect(keys.length).toBe(7);
    for (const key of keys) {
      const blob = await blobs.get(key);
      expect(blob).toBeDefined();
      blob!.body.destroy();
    }
    const deleted = await remove(`/api/v3/admin/products/${product}/media/${media.id}`, admin());
    expect(deleted.status).toBe(204);
    for (const key of keys) expect(await blobs.get(key)).toBeUndefined();
    const again = await remove(`/api/v3/admin/products/${product}/media/${media.id}`, admin());
    expect(again.status).toBe(404);
    expect((await fetch(`${ctx.t.baseUrl}${media.original_url}`)).status).toBe(404);
  });

  it('publishes product.updated with the media for every change, renditions included', async () => {
    const events = new StoredEvents(ctx.t, new Ids(ctx.t).store(ctx.shop));
    const product = await productId('canvas-tote-bag');
    const seen = async () => (await events.named('product.updated', product)).map((e) => e.payload);
    const before = (await seen()).length;
    const created = await uploadMedia(ctx.t, ctx.shop.secret_key, `/products/${product}/media`, {
      bytes: await png(64, 48),
      type: 'image/png',
      name: 'tote.png',
    });
    expect(created.status).toBe(201);
    const ready = await settledMedia(ctx.t, ctx.shop.secret_key, product, created.body.id);
    expect(ready.status).toBe('ready');
    const updated = await patch(
      `/api/v3/admin/products/${product}/media/${created.body.id}`,
      { alt: 'The tote, front' },
      admin(),
    );
    expect(updated.status).toBe(200);
    const payloads = (await seen()).slice(before);
    // The upload, its renditions and the new alt text: three changes, three events.
    expect(payloads).toHaveLength(3);
    const mediaOf = (payload: any) => payload.media.find((m: any) => m.id === created.body.id);
    // Until its renditions exist a media's URLs point at the original.
    expect(mediaOf(payloads[0]).mini_url).toBe(mediaOf(payloads[0]).original_url);
    expect(mediaOf(payloads[1]).mini_url).toMatch(/\.webp$/);
    expect(mediaOf(payloads[1]).alt).toBeNull();
    expect(mediaOf(payloads[2])).toMatchObject({
      alt: 'The tote, front',
      mini_url: mediaOf(payloads[1]).mini_url,
    });
    const deleted = await remove(
      `/api/v3/admin/products/${product}/media/${created.body.id}`,
      admin(),
    );
    expect(deleted.status).toBe(204);
    const last = (await seen()).at(-1)!;
    expect(mediaOf(last)).toBeUndefined();
  });

  it('keeps media to staff with the products scopes', async () => {
    const product = await productId('ceramic-coffee-mug');
    const anonymous = await ctx.t.http.get(`/api/v3/admin/products/${product}/media`);
    expect(anonymous.status).toBe(401);
    const storeKey = await ctx.t.http.get(`/api/v3/admin/products/${product}/media`, store());
    expect(storeKey.status).toBe(401);
  });
});

// With a bucket that has a public base URL the service serves no file: media URLs point there.
describe('Product media (a bucket with a public base URL)', () => {
  let s3: S3CompatibleServer;
  let t: TestApp;
  const base = 'https://cdn.example.com/shop-media';

  beforeAll(async () => {
    s3 = await startS3CompatibleServer('public-media');
    t = await startCustomersTestApp({
      MEDIA_STORAGE_URL: s3.storageUrl,
      MEDIA_PUBLIC_BASE_URL: base,
      ...s3.env,
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('answers URLs of the bucket and redirects there', async () => {
    const shop = await t.seedStore();
    const found = await t.http.get('/api/v3/store/products/ceramic-coffee-mug', {
      'x-store-api-key': shop.publishable_key,
    });
    const upload = await uploadMedia(t, shop.secret_key, `/products/${found.body.id}/media`, {
      bytes: await png(120, 80),
      type: 'image/png',
    });
    expect(upload.status).toBe(201);
    const media = await settledMedia(t, shop.secret_key, found.body.id, upload.body.id);
    for (const name of ['original', 'mini', 'small', 'medium', 'large', 'xlarge', 'og_image']) {
      expect(media[`${name}_url`]).toMatch(new RegExp(`^${base}/[0-9]+/media/[0-9a-f]{32}/`));
    }
    const key = (media.small_url as string).slice(base.length + 1);
    const answer = await fetch(`${t.baseUrl}/media/${key}`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(media.small_url);
  });
});
