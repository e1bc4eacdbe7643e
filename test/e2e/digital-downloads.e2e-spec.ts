import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { BlobStore } from '../../src/platform/blob-store/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  expectOnlyPublicIds,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  issueSecretKey,
  startCustomersTestApp,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import {
  type S3CompatibleServer,
  startS3CompatibleServer,
} from '../helpers/s3-compatible-server.js';
import { DIGITAL_ADMIN_ROUTES, adminEndpoints } from '../helpers/staff-admin-endpoints.js';
import type { TestApp } from '../helpers/test-app.js';

const UPLOAD_MAX_BYTES = 4096;
const DOWNLOAD_LIMIT = 2;
const TTL_DAYS = 3;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Download extends TestResponse {
  bytes: Buffer;
}

interface StoredLink {
  id: string;
  digital_id: string | null;
  line_item_id: string;
  download_count: number;
  download_limit: number;
  expires_at: Date;
  token_digest: string;
  /** The whole row as text, to search it for what must never be stored. */
  row: string;
}

/** Every case runs with the files on the local disk and in an S3-compatible bucket. */
const BLOB_STORES = [['on the local disk', false] as const, ['in an S3 bucket', true] as const];

describe.each(BLOB_STORES)('Digital downloads (files %s)', (_, onS3) => {
  let s3: S3CompatibleServer | undefined;
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let admin: AdminCaller;
  let records: CheckoutRecords;
  let mug: DemoVariant;
  /** The cart token of each guest order `buy` placed, by order id. */
  const cartTokens = new Map<string, string>();

  beforeAll(async () => {
    s3 = onS3 ? await startS3CompatibleServer('digitals') : undefined;
    t = await startCustomersTestApp({
      DIGITAL_UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      DIGITAL_LINK_DOWNLOAD_LIMIT: String(DOWNLOAD_LIMIT),
      DIGITAL_LINK_TTL_DAYS: String(TTL_DAYS),
      ...(s3 ? { MEDIA_STORAGE_URL: s3.storageUrl, ...s3.env } : {}),
    });
    shop = await t.seedStore();
    otherShop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    records = new CheckoutRecords(t);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  /** POSTs a multipart form (a `file` part unless told otherwise) to a variant's digitals. */
  async function upload(
    variant: Pick<DemoVariant, 'id' | 'productId'>,
    file: { bytes: Buffer; name?: string; type?: string; field?: string } | null,
    headers: Record<string, string> = { 'x-store-api-key': shop.secret_key },
  ): Promise<TestResponse> {
    const form = new FormData();
    form.append('note', 'fields other than the file are ignored');
    if (file) {
      form.append(
        file.field ?? 'file',
        new Blob([file.bytes], { type: file.type ?? 'application/pdf' }),
        file.name ?? 'guide.pdf',
      );
    }
    const response = await fetch(
      `${t.baseUrl}/api/v3/admin/products/${variant.productId}/variants/${variant.id}/digitals`,
      { method: 'POST', headers, body: form },
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: parse(text) };
  }

  async function download(
    url: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<Download> {
    const response = await fetch(`${t.baseUrl}${url}`, { method, headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    return { status: response.status, headers: response.headers, bytes, text, body: parse(text) };
  }

  async function attach(
    variant: DemoVariant,
    bytes: Buffer = randomBytes(1500),
    name = 'guide.pdf',
  ): Promise<Record<string, any>> {
    const response = await upload(variant, { bytes, name });
    expect(response.status).toBe(201);
    return response.body;
  }

  /** An order of one unit of `variant`, paid by card unless told otherwise. */
  async function buy(
    variant: DemoVariant,
    options: { pay?: 'check'; token?: string } = {},
  ): Promise<Record<string, any>> {
    const cart = new CartClient(t, shop, options.token);
    const order = await placeOrder(cart, {
      lines: [{ variantId: variant.id, quantity: 1 }],
      pay: options.pay,
    });
    cartTokens.set(order.id, cart.token);
    return order;
  }

  /** The buyer's view of a guest order, through its cart token. */
  function shopperView(order: Record<string, any>): Promise<TestResponse> {
    return t.http.get(`/api/v3/store/orders/${order.id}`, {
      'x-store-api-key': shop.publishable_key,
      'x-store-token': cartTokens.get(order.id)!,
    });
  }

  async function blobKeyOf(digitalId: string): Promise<string> {
    const [row] = await t.dataSource.query(`SELECT blob_key FROM digitals WHERE id = $1`, [
      records.key(ID_PREFIX.digital, digitalId),
    ]);
    return row.blob_key;
  }

  async function storedLinks(orderId: string): Promise<StoredLink[]> {
    return t.dataSource.query(
      `SELECT id::text AS id, digital_id::text AS digital_id, line_item_id::text AS line_item_id,
              download_count, download_limit, expires_at, token_digest, l::text AS row
       FROM digital_links l WHERE order_id = $1 ORDER BY l.id`,
      [records.orderKey(orderId)],
    );
  }

  const tokenOf = (link: { download_url: string }) => link.download_url.split('/').pop()!;

  describe('Admin API: attaching files to variants', () => {
    it('declares each digital route with the products scope, as the scope walk sees them', () => {
      const routes = Object.fromEntries(
        adminEndpoints(t.app)
          .filter((endpoint) => endpoint.path.includes('digitals'))
          .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.scope]),
      );
      expect(routes).toEqual(DIGITAL_ADMIN_ROUTES);
    });

    it('stores an upload: 201 with its dig_ id, size and checksum; the exact bytes are kept', async () => {
      const bytes = randomBytes(3000);
      const response = await upload(mug, { bytes, name: 'C:\\fakepath\\Mug care.pdf' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^dig_/),
        variant_id: mug.id,
        filename: 'Mug care.pdf',
        content_type: 'application/pdf',
        byte_size: 3000,
        checksum: sha256(bytes),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const [row] = await t.dataSource.query(
        `SELECT variant_id::text AS variant_id, filename, content_type, byte_size, checksum,
                blob_key
         FROM digitals WHERE id = $1`,
        [records.key(ID_PREFIX.digital, response.body.id)],
      );
      expect(row).toEqual({
        variant_id: records.key(ID_PREFIX.variant, mug.id),
        filename: 'Mug care.pdf',
        content_type: 'application/pdf',
        byte_size: 3000,
        checksum: sha256(bytes),
        blob_key: expect.stringMatching(
          new RegExp(`^${records.key(ID_PREFIX.store, shop.store_id)}/digitals/[0-9a-f]{32}$`),
        ),
      });
      const blob = await t.app.get(BlobStore).get(row.blob_key);
      expect(blob).toMatchObject({
        contentType: 'application/pdf',
        byteSize: 3000,
        checksum: sha256(bytes),
      });
      expect(await buffer(blob!.body)).toEqual(bytes);

      const shown = await admin.call('GET', `/digitals/${response.body.id}`);
      expect({ status: shown.status, body: shown.body }).toEqual({
        status: 200,
        body: response.body,
      });
      const listed = await admin.call(
        'GET',
        `/products/${mug.productId}/variants/${mug.id}/digitals`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data[0]).toEqual(response.body);
    });

    it('refuses a file over DIGITAL_UPLOAD_MAX_BYTES: 413 request_too_large, nothing stored', async () => {
      const before = await digitalsOf(mug);
      const response = await upload(mug, { bytes: randomBytes(UPLOAD_MAX_BYTES + 1) });
      const details = expectError(response, 413, 'request_too_large');
      expect(details).toEqual({ max_bytes: UPLOAD_MAX_BYTES });
      expect(await digitalsOf(mug)).toBe(before);
      // Exactly at the limit is fine.
      expect((await upload(mug, { bytes: randomBytes(UPLOAD_MAX_BYTES) })).status).toBe(201);
    });

    it('asks for the file part: 422 validation_error on `file`, nothing stored', async () => {
      const before = await digitalsOf(mug);
      for (const response of [
        await upload(mug, null),
        await upload(mug, { bytes: randomBytes(10), field: 'attachment' }),
        await admin.call('POST', `/products/${mug.productId}/variants/${mug.id}/digitals`, {
          json: { file: 'not a file' },
        }),
      ]) {
        const details = expectError(response, 422, 'validation_error');
        expect(Object.keys(details!)).toEqual(['file']);
      }
      expect(await digitalsOf(mug)).toBe(before);
    });

    it('answers 404 record_not_found for another store’s variant or a variant of another product', async () => {
      const [theirMug] = await demoVariants(t, otherShop, 'ceramic-coffee-mug');
      const [tee] = await demoVariants(t, shop);
      const bytes = randomBytes(10);
      expectError(await upload(theirMug, { bytes }), 404, 'record_not_found');
      expectError(
        await upload({ id: mug.id, productId: tee.productId }, { bytes }),
        404,
        'record_not_found',
      );
      expectError(
        await upload(
          { id: records.unknownId(ID_PREFIX.variant), productId: mug.productId },
          {
            bytes,
          },
        ),
        404,
        'record_not_found',
      );
      expect(await digitalsOf(theirMug)).toBe(0);

      const mine = await attach(mug);
      const theirs = new AdminCaller(t, otherShop);
      expectError(await theirs.call('GET', `/digitals/${mine.id}`), 404, 'record_not_found');
      expectError(await theirs.call('DELETE', `/digitals/${mine.id}`), 404, 'record_not_found');
      expect((await admin.call('GET', `/digitals/${mine.id}`)).status).toBe(200);
    });

    it('needs write_products: 403 access_denied naming it, without reading the file', async () => {
      const before = await digitalsOf(mug);
      const readOnly = await issueSecretKey(t, shop, ['read_products']);
      const details = expectError(
        await upload(mug, { bytes: randomBytes(10) }, { 'x-store-api-key': readOnly }),
        403,
        'access_denied',
      );
      expect(details).toEqual({ required_scope: 'write_products' });
      expectError(
        await upload(mug, { bytes: randomBytes(10) }, {}),
        401,
        'authentication_required',
      );
      expect(await digitalsOf(mug)).toBe(before);
    });

    it('honours Idempotency-Key over the file itself', async () => {
      const key = `upload-${randomBytes(6).toString('hex')}`;
      const headers = { 'x-store-api-key': shop.secret_key, 'idempotency-key': key };
      const bytes = randomBytes(200);
      const first = await upload(mug, { bytes }, headers);
      const again = await upload(mug, { bytes }, headers);
      expect(first.status).toBe(201);
      expect({ status: again.status, body: again.body }).toEqual({
        status: 201,
        body: first.body,
      });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expectError(
        await upload(mug, { bytes: randomBytes(200) }, headers),
        422,
        'idempotency_key_reused',
      );
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM digitals WHERE checksum = $1',
        [sha256(bytes)],
      );
      expect(count).toBe(1);
    });

    it('answers malformed multipart bodies with 4xx in the error envelope, never 5xx', async () => {
      const before = await digitalsOf(mug);
      const path = `/api/v3/admin/products/${mug.productId}/variants/${mug.id}/digitals`;
      const part = (name: string, extra = '') =>
        `--b\r\nContent-Disposition: form-data; name="${name}"; filename="a.txt"${extra}\r\n` +
        'Content-Type: text/plain\r\n\r\nhello\r\n';
      const bodies: [string, string, number, string][] = [
        ['multipart/form-data', part('file'), 400, 'invalid_request'],
        ['multipart/form-data; boundary=b', part('file'), 400, 'invalid_request'],
        ['multipart/form-data; boundary=b', '--b\r\n\r\n', 400, 'invalid_request'],
        ['multipart/form-data; boundary=b', '', 422, 'validation_error'],
        [
          'multipart/form-data; boundary=b',
          `${part('__proto__')}--b--\r\n`,
          400,
          'invalid_request',
        ],
        [
          'multipart/form-data; boundary=b',
          `${part('file')}${part('file')}--b--\r\n`,
          422,
          'validation_error',
        ],
      ];
      for (const [type, raw, status, code] of bodies) {
        const response = await t.http.request('POST', path, {
          headers: { 'x-store-api-key': shop.secret_key, 'content-type': type },
          raw,
        });
        expect({ raw, status: response.status }).toEqual({ raw, status });
        expectError(response, status, code);
      }
      expect(await digitalsOf(mug)).toBe(before);
    });

    it('keeps multipart to upload routes: elsewhere it is 400 invalid_request', async () => {
      const form = new FormData();
      form.append('email', 'a@b.co');
      const response = await fetch(`${t.baseUrl}/api/v3/admin/customers`, {
        method: 'POST',
        headers: { 'x-store-api-key': shop.secret_key },
        body: form,
      });
      const text = await response.text();
      expectError(
        { status: response.status, headers: response.headers, text, body: parse(text) },
        400,
        'invalid_request',
      );
    });

    it('gives the demo’s Tea Sampler its brewing guide', async () => {
      const [tea] = await demoVariants(t, shop, 'tea-sampler');
      const listed = await admin.call(
        'GET',
        `/products/${tea.productId}/variants/${tea.id}/digitals`,
      );
      expect(listed.body).toEqual({
        data: [
          expect.objectContaining({
            filename: 'tea-brewing-guide.txt',
            content_type: 'text/plain',
          }),
        ],
        meta: {
          page: 1,
          limit: 25,
          count: 1,
          pages: 1,
          from: 1,
          to: 1,
          in: 1,
          previous: null,
          next: null,
        },
      });
      const order = await buy(tea);
      const fetched = await download(order.digital_links[0].download_url);
      expect(fetched.status).toBe(200);
      expect(fetched.text).toContain('brewing guide');
    });

    async function digitalsOf(variant: DemoVariant): Promise<number> {
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM digitals WHERE variant_id = $1',
        [records.key(ID_PREFIX.variant, variant.id)],
      );
      return count;
    }
  });

  describe('buying a digital variant', () => {
    let lamp: DemoVariant;
    let guide: Buffer;
    let digital: Record<string, any>;

    beforeAll(async () => {
      [lamp] = await demoVariants(t, shop, 'desk-lamp');
      guide = randomBytes(2048);
      digital = await attach(lamp, guide, 'Lamp manual – ünïcode (v2).pdf');
    });

    it('puts the download links on the placed order, storing only the token digest', async () => {
      const issuedAt = Date.now();
      const order = await buy(lamp);
      const lineItem = order.line_items[0];
      expect(order.digital_links).toEqual([
        {
          id: expect.stringMatching(/^dl_/),
          line_item_id: lineItem.id,
          digital_id: digital.id,
          filename: digital.filename,
          content_type: 'application/pdf',
          byte_size: 2048,
          download_url: expect.stringMatching(/^\/api\/v3\/store\/digitals\/[A-Za-z0-9_-]{43}$/),
          download_count: 0,
          download_limit: DOWNLOAD_LIMIT,
          expires_at: expect.any(String),
        },
      ]);
      const [link] = order.digital_links;
      const lifetimeMs = Date.parse(link.expires_at) - issuedAt;
      expect(Math.abs(lifetimeMs - TTL_DAYS * 86_400_000)).toBeLessThan(120_000);

      const stored = await storedLinks(order.id);
      expect(stored).toEqual([
        expect.objectContaining({
          id: records.key(ID_PREFIX.digitalLink, link.id),
          digital_id: records.key(ID_PREFIX.digital, digital.id),
          line_item_id: records.key(ID_PREFIX.lineItem, lineItem.id),
          download_count: 0,
          download_limit: DOWNLOAD_LIMIT,
          token_digest: sha256(Buffer.from(tokenOf(link))),
        }),
      ]);
      expect(stored[0].expires_at.toISOString()).toBe(link.expires_at);
      expect(stored[0].row).not.toContain(tokenOf(link));

      // The same links, with the same URLs, whenever the buyer looks at the order again.
      const shown = await shopperView(order);
      expect(shown.status).toBe(200);
      expect(shown.body.digital_links).toEqual(order.digital_links);
    });

    it('publishes digital_link.created with the dl_ id and neither token nor URL', async () => {
      const order = await buy(lamp);
      const [link] = order.digital_links;
      const events: { payload: Record<string, any> }[] = await t.dataSource.query(
        `SELECT payload FROM events WHERE name = 'digital_link.created' AND payload->>'id' = $1`,
        [link.id],
      );
      expect(events).toHaveLength(1);
      const payload = events[0]!.payload;
      expect(payload).toEqual({
        id: link.id,
        order_id: order.id,
        line_item_id: link.line_item_id,
        digital_id: digital.id,
        download_count: 0,
        download_limit: DOWNLOAD_LIMIT,
        expires_at: link.expires_at,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expectOnlyPublicIds(payload);
      const [{ rows }] = await t.dataSource.query(
        `SELECT string_agg(payload::text, ' ') AS rows FROM events WHERE store_id = $1`,
        [records.key(ID_PREFIX.store, shop.store_id)],
      );
      expect(rows).not.toContain(tokenOf(link));
      expect(rows).not.toContain('download_url');
    });

    it('shows no links in the admin view of the order', async () => {
      const order = await buy(lamp);
      const adminView = await admin.call('GET', `/orders/${order.id}`);
      expect(adminView.status).toBe(200);
      expect(adminView.body).not.toHaveProperty('digital_links');
      expect(adminView.text).not.toContain(tokenOf(order.digital_links[0]));
    });

    it('downloads the exact bytes with the file’s headers, counting each download', async () => {
      const order = await buy(lamp);
      const [link] = order.digital_links;
      const fetched = await download(link.download_url);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(guide)).toBe(true);
      expect({
        type: fetched.headers.get('content-type'),
        length: fetched.headers.get('content-length'),
        cache: fetched.headers.get('cache-control'),
        etag: fetched.headers.get('etag'),
        sniff: fetched.headers.get('x-content-type-options'),
        disposition: fetched.headers.get('content-disposition'),
      }).toEqual({
        type: 'application/pdf',
        length: '2048',
        cache: 'private, no-store',
        etag: `"${sha256(guide)}"`,
        sniff: 'nosniff',
        disposition: expect.stringMatching(
          /^attachment; filename="Lamp manual \? .+code \(v2\)\.pdf"; filename\*=UTF-8''(.+)$/,
        ),
      });
      const encoded = /filename\*=UTF-8''(.+)$/.exec(fetched.headers.get('content-disposition')!)!;
      expect(decodeURIComponent(encoded[1]!)).toBe(digital.filename);
      expect((await storedLinks(order.id))[0].download_count).toBe(1);
      const counted: { payload: Record<string, unknown> }[] = await t.dataSource.query(
        `SELECT payload FROM events WHERE name = 'digital_link.updated' AND payload->>'id' = $1`,
        [link.id],
      );
      expect(counted.map((event) => event.payload)).toEqual([
        expect.objectContaining({ id: link.id, order_id: order.id, download_count: 1 }),
      ]);

      // HEAD checks the link and describes the file without counting a download.
      const head = await download(link.download_url, {}, 'HEAD');
      expect({ status: head.status, length: head.headers.get('content-length') }).toEqual({
        status: 200,
        length: '2048',
      });
      expect((await storedLinks(order.id))[0].download_count).toBe(1);
    });

    it('stops at the download limit: 403 download_limit_exceeded, the count stays at the limit', async () => {
      const order = await buy(lamp);
      const [link] = order.digital_links;
      for (let i = 0; i < DOWNLOAD_LIMIT; i += 1) {
        expect((await download(link.download_url)).status).toBe(200);
      }
      expectError(await download(link.download_url), 403, 'download_limit_exceeded');
      expectError(await download(link.download_url, {}, 'GET'), 403, 'download_limit_exceeded');
      expect((await storedLinks(order.id))[0].download_count).toBe(DOWNLOAD_LIMIT);
      const again = await shopperView(order);
      expect(again.body.digital_links[0].download_count).toBe(DOWNLOAD_LIMIT);
    });

    it('never exceeds the limit under concurrent downloads', async () => {
      const order = await buy(lamp);
      const [link] = order.digital_links;
      const results = await Promise.all(
        Array.from({ length: 8 }, () => download(link.download_url)),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(statuses).toEqual([
        ...Array<number>(DOWNLOAD_LIMIT).fill(200),
        ...Array<number>(8 - DOWNLOAD_LIMIT).fill(403),
      ]);
      for (const refused of results.filter((result) => result.status === 403)) {
        expectError(refused, 403, 'download_limit_exceeded');
      }
      for (const served of results.filter((result) => result.status === 200)) {
        expect(served.bytes.equals(guide)).toBe(true);
      }
      expect((await storedLinks(order.id))[0].download_count).toBe(DOWNLOAD_LIMIT);
    });

    it('refuses an expired link: 403 digital_link_expired, nothing counted', async () => {
      const order = await buy(lamp);
      const [link] = order.digital_links;
      await t.dataSource.query(
        `UPDATE digital_links SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [records.key(ID_PREFIX.digitalLink, link.id)],
      );
      expectError(await download(link.download_url), 403, 'digital_link_expired');
      expect((await download(link.download_url, {}, 'HEAD')).status).toBe(403);
      expect((await storedLinks(order.id))[0].download_count).toBe(0);
    });

    it('refuses a link whose file was deleted: 403 attachment_missing; the link row stays', async () => {
      const [candle] = await demoVariants(t, shop, 'scented-candle');
      const doomed = await attach(candle);
      const blobKey = await blobKeyOf(doomed.id);
      const order = await buy(candle);
      const [link] = order.digital_links;
      const deleted = await admin.call('DELETE', `/digitals/${doomed.id}`);
      expect(await t.app.get(BlobStore).get(blobKey)).toBeUndefined();
      expect({ status: deleted.status, text: deleted.text }).toEqual({ status: 204, text: '' });
      expectError(await admin.call('GET', `/digitals/${doomed.id}`), 404, 'record_not_found');
      expectError(await admin.call('DELETE', `/digitals/${doomed.id}`), 404, 'record_not_found');

      expectError(await download(link.download_url), 403, 'attachment_missing');
      const stored = await storedLinks(order.id);
      expect(stored).toEqual([
        expect.objectContaining({ id: records.key(ID_PREFIX.digitalLink, link.id) }),
      ]);
      expect({ digital_id: stored[0].digital_id, count: stored[0].download_count }).toEqual({
        digital_id: null,
        count: 0,
      });
      expect((await shopperView(order)).body.digital_links).toEqual([]);
    });

    it('refuses a link whose bytes are missing from the blob store: 403 attachment_missing, nothing counted', async () => {
      const [candle] = await demoVariants(t, shop, 'scented-candle');
      const lost = await attach(candle);
      const order = await buy(candle);
      const [link] = order.digital_links;
      await t.app.get(BlobStore).delete(await blobKeyOf(lost.id));
      expectError(await download(link.download_url), 403, 'attachment_missing');
      const head = await download(link.download_url, {}, 'HEAD');
      expect(head.status).toBe(403);
      expect((await storedLinks(order.id))[0].download_count).toBe(0);
      await admin.call('DELETE', `/digitals/${lost.id}`);
    });

    it('refuses downloads of an order paid by check (balance due): 403 download_unauthorized', async () => {
      const order = await buy(lamp, { pay: 'check' });
      expect(order.payment_state).toBe('balance_due');
      const [link] = order.digital_links;
      expectError(await download(link.download_url), 403, 'download_unauthorized');
      expect((await storedLinks(order.id))[0].download_count).toBe(0);
    });

    it('refuses downloads once the order is canceled: 403 download_unauthorized', async () => {
      const order = await buy(lamp);
      const [link] = order.digital_links;
      expect((await download(link.download_url)).status).toBe(200);
      const canceled = await admin.call('PATCH', `/orders/${order.id}/cancel`, { json: {} });
      expect({ status: canceled.status, state: canceled.body.state }).toEqual({
        status: 200,
        state: 'canceled',
      });
      expectError(await download(link.download_url), 403, 'download_unauthorized');
      expect((await storedLinks(order.id))[0].download_count).toBe(1);
    });

    it('refuses a signed-in customer who is not the buyer: 403 download_unauthorized', async () => {
      const store = new StoreCaller(t, shop);
      const buyer = await store.register();
      const stranger = await store.register();
      const order = await buy(lamp, { token: buyer.token });
      const [link] = order.digital_links;
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

      expectError(
        await download(link.download_url, bearer(stranger.token)),
        403,
        'download_unauthorized',
      );
      expectError(await download(link.download_url, bearer('not-a-jwt')), 401, 'invalid_token');
      expect((await storedLinks(order.id))[0].download_count).toBe(0);
      const own = await download(link.download_url, bearer(buyer.token));
      expect(own.status).toBe(200);
      expect((await storedLinks(order.id))[0].download_count).toBe(1);

      // The buyer's order history carries the same links.
      const history = await store.call('GET', '/customers/me/orders', { token: buyer.token });
      expect(history.body.data[0].digital_links).toEqual([{ ...link, download_count: 1 }]);
      const one = await store.call('GET', `/customers/me/orders/${order.id}`, {
        token: buyer.token,
      });
      expect(one.body.digital_links).toEqual([{ ...link, download_count: 1 }]);
    });

    it('answers 404 record_not_found for an unknown or malformed token', async () => {
      const unknown = randomBytes(32).toString('base64url');
      expectError(await download(`/api/v3/store/digitals/${unknown}`), 404, 'record_not_found');
      for (const malformed of ['x', '%00', 'a'.repeat(400), "' OR 1=1 --"]) {
        expectError(
          await download(`/api/v3/store/digitals/${encodeURIComponent(malformed)}`),
          404,
          'record_not_found',
        );
      }
    });

    it('issues one link per file of each line item, none for variants without files, ids in line then file order', async () => {
      const [beans] = await demoVariants(t, shop, 'espresso-beans-1kg');
      const [candle] = await demoVariants(t, shop, 'scented-candle');
      const second = await attach(lamp, randomBytes(64), 'second.bin');
      const candleFiles = [
        await attach(candle, randomBytes(32), 'candle-a.pdf'),
        await attach(candle, randomBytes(32), 'candle-b.pdf'),
      ];
      const cart = new CartClient(t, shop);
      const order = await placeOrder(cart, {
        lines: [
          { variantId: lamp.id, quantity: 2 },
          { variantId: beans.id, quantity: 1 },
          { variantId: candle.id, quantity: 1 },
        ],
      });
      const lineOf = (variant: DemoVariant) =>
        order.line_items.find((line: { variant_id: string }) => line.variant_id === variant.id).id;
      const expected = [
        [lineOf(lamp), digital.filename],
        [lineOf(lamp), 'second.bin'],
        [lineOf(candle), 'candle-a.pdf'],
        [lineOf(candle), 'candle-b.pdf'],
      ];
      expect(
        order.digital_links.map((link: Record<string, any>) => [link.line_item_id, link.filename]),
      ).toEqual(expected);
      // Stored ids ascend in the same order: line item, then file.
      const stored = await storedLinks(order.id);
      expect(stored.map((link) => [link.line_item_id, link.digital_id])).toEqual(
        [
          [lineOf(lamp), digital.id],
          [lineOf(lamp), second.id],
          [lineOf(candle), candleFiles[0].id],
          [lineOf(candle), candleFiles[1].id],
        ].map(([line, file]) => [
          records.key(ID_PREFIX.lineItem, line),
          records.key(ID_PREFIX.digital, file),
        ]),
      );
      for (const file of [second, ...candleFiles]) {
        await admin.call('DELETE', `/digitals/${file.id}`);
      }
    });
  });
});

function parse(text: string): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
