// The media of the bench store: a product with none (the plain product GET, as it was before
// media existed), a product with three, and one rendition copied out as a plain file for
// @fastify/static to serve beside the service's /media.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';

export const MEDIA_PER_PRODUCT = 3;
const READY_TIMEOUT_MS = 60_000;

async function call(url, init = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A small picture of its own colour, as a shop would upload it. */
function picture(index) {
  return sharp({
    create: {
      width: 1000,
      height: 1000,
      channels: 3,
      background: { r: (index * 80) % 256, g: 120, b: 200 - index * 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Leaves `plainId` without media and gives `mediaId` MEDIA_PER_PRODUCT ready images (through the
 * Admin API; the renditions are made by the service's worker); copies the first image's medium
 * rendition into `staticRoot`. Answers the rendition's /media path and the copy's file name.
 */
export async function prepareMedia({ serviceUrl, secretKey, plainId, mediaId, staticRoot }) {
  const admin = { 'x-store-api-key': secretKey };
  const mediaOf = async (productId) =>
    (await call(`${serviceUrl}/api/v3/admin/products/${productId}/media`, { headers: admin })).data;
  for (const media of await mediaOf(plainId)) {
    await fetch(`${serviceUrl}/api/v3/admin/products/${plainId}/media/${media.id}`, {
      method: 'DELETE',
      headers: admin,
    });
  }
  for (let index = (await mediaOf(mediaId)).length; index < MEDIA_PER_PRODUCT; index += 1) {
    const form = new FormData();
    form.append('file', new Blob([await picture(index)], { type: 'image/jpeg' }), 'bench.jpg');
    form.append('alt', `Bench picture ${index + 1}`);
    await call(`${serviceUrl}/api/v3/admin/products/${mediaId}/media`, {
      method: 'POST',
      headers: admin,
      body: form,
    });
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let media = await mediaOf(mediaId);
  while (media.some((one) => one.status !== 'ready')) {
    if (Date.now() > deadline) throw new Error('The bench product’s media were not ready in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
    media = await mediaOf(mediaId);
  }
  const renditionPath = media[0].renditions.medium.url;
  const bytes = Buffer.from(await (await fetch(`${serviceUrl}${renditionPath}`)).arrayBuffer());
  await mkdir(staticRoot, { recursive: true });
  const fileName = basename(renditionPath);
  await writeFile(join(staticRoot, fileName), bytes);
  return { renditionPath, fileName };
}
