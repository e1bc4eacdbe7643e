#!/usr/bin/env node
// `node scripts/email-screenshot.js [--html <file>] [--out <png>]`: the picture of the default
// order confirmation in docs/emails.md. It asks a running service for the preview of the
// `order_confirmation` template with its sample values (POST …/email_templates/order_confirmation/
// preview, with the demo store's secret key from DATA_DIR/demo-credentials.json, or SECRET_KEY;
// the service at BASE_URL, default http://localhost:3000), or reads the HTML from `--html`, and
// renders it in Chromium (CHROMIUM_PATH, default /usr/bin/chromium) at a mail client's width.
// Images the mail names are drawn locally (flat tiles), so the picture needs no network.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WIDTH = 640;
const TILE_COLOURS = ['#d9c7a7', '#9fb7c9', '#c9a0a0', '#a8c49a'];

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

async function previewHtml() {
  const file = option('html');
  if (file) return readFileSync(file, 'utf8');
  const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
  const secretKey =
    process.env.SECRET_KEY ??
    JSON.parse(
      readFileSync(
        join(process.env.DATA_DIR ?? join(ROOT, '.data'), 'demo-credentials.json'),
        'utf8',
      ),
    ).secret_key;
  const response = await fetch(
    `${baseUrl}/api/v3/admin/email_templates/order_confirmation/preview`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-store-api-key': secretKey },
      body: '{}',
    },
  );
  if (!response.ok)
    throw new Error(`The preview answered ${response.status}: ${await response.text()}`);
  return (await response.json()).html;
}

/** A flat square PNG standing in for a product picture. */
function tile(index) {
  const background = TILE_COLOURS[index % TILE_COLOURS.length];
  return sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer();
}

const html = await previewHtml();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: 800 } });
  let images = 0;
  await page.route(/^https?:/, async (route) =>
    route.request().resourceType() === 'image'
      ? route.fulfill({ contentType: 'image/png', body: await tile(images++) })
      : route.abort(),
  );
  await page.setContent(html, { waitUntil: 'load' });
  const shot = await page.screenshot({ fullPage: true });
  const out = option('out', join(ROOT, 'docs/images/order-confirmation.png'));
  // A palette PNG: a flat mail picture loses nothing visible and weighs a fraction.
  writeFileSync(out, await sharp(shot).png({ palette: true, compressionLevel: 9 }).toBuffer());
  process.stdout.write(`wrote ${out}\n`);
} finally {
  await browser.close();
}
