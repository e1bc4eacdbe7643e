import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { BlobStore } from '../../src/platform/blob-store/blob-store.port.js';
import type { TestResponse } from './http-client.js';
import type { TestApp } from './test-app.js';

/** Posts a multipart media upload (`file` plus text fields) with the shop's secret key. */
export async function uploadMedia(
  t: TestApp,
  secretKey: string,
  path: string,
  file: { bytes: Buffer; name?: string; type?: string },
  fields: Record<string, string> = {},
): Promise<TestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
    file.name ?? 'photo.jpg',
  );
  const response = await fetch(`${t.baseUrl}/api/v3/admin${path}`, {
    method: 'POST',
    headers: { 'x-store-api-key': secretKey },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
}

/**
 * A landscape JPEG stored sideways (EXIF orientation 6: shown turned a quarter clockwise) with a
 * GPS location: its left half red, so that upright its top half is red.
 */
export async function sidewaysJpegWithLocation(): Promise<Buffer> {
  const red = await sharp({
    create: { width: 800, height: 800, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 800, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'Probe Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function png(width: number, height: number, colour = '#00aa00'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A PNG of a few kilobytes that declares 30,000 × 30,000 pixels (2.7 GB decoded): a header and
 * the first rows of zeros, deflated.
 */
export function pngBomb(): Buffer {
  const width = 30_000;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((1 + width * 3) * 20), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A local HTTP server answering `files` by path; its base URL. */
export async function fileServer(
  files: Record<string, { bytes: Buffer; type: string }>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The app's blob store, with every key written to it from now on recorded in `written`. */
export function watchedBlobs(t: TestApp): { blobs: BlobStore; written: string[] } {
  const blobs = t.app.get(BlobStore);
  const written: string[] = [];
  const put = blobs.put.bind(blobs);
  blobs.put = (key, bytes, contentType) => {
    written.push(key);
    return put(key, bytes, contentType);
  };
  return { blobs, written };
}

/** Reads a media through the Admin API until its renditions are made (or it failed). */
export async function settledMedia(
  t: TestApp,
  secretKey: string,
  productId: string,
  mediaId: string,
): Promise<Record<string, any>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await t.http.get(`/api/v3/admin/products/${productId}/media`, {
      'x-store-api-key': secretKey,
    });
    const found = list.body.data.find((media: { id: string }) => media.id === mediaId);
    if (found?.status !== 'processing' || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
