import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { Ids, issueSecretKey, uniqueEmail } from '../helpers/customers-fixtures.js';
import { adminEndpoints, NEWSLETTER_ADMIN_ROUTES } from '../helpers/staff-admin-endpoints.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const PATH = '/api/v3/admin/newsletter_subscribers';

describe('Admin API: newsletter subscribers', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let ids: Ids;
  let codec: PublicIdCodec;
  let reader: Record<string, string>;
  let writer: Record<string, string>;
  let foreign: Record<string, string>;
  /** The three subscribers of `shop`, oldest first: verified, pending, a customer's. */
  let seeded: { id: string; email: string }[];
  let customer: { id: string; email: string };

  // Explicit, increasing creation times: the embedded database's clock can tie or step back.
  let added = 0;
  const add = async (
    store: DemoCredentials,
    email: string,
    fields: { verified?: boolean; customerKey?: string } = {},
  ) => {
    const [row] = await t.dataSource.query(
      `INSERT INTO newsletter_subscribers (store_id, email, verified_at, customer_id, created_at)
       VALUES ($1, $2, CASE WHEN $3 THEN now() END, $4, now() + make_interval(secs => $5))
       RETURNING id::text`,
      [ids.store(store), email, fields.verified ?? false, fields.customerKey ?? null, ++added],
    );
    return { id: codec.encode(ID_PREFIX.newsletterSubscriber, row.id), email };
  };

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    other = await t.seedStore();
    ids = new Ids(t);
    codec = t.app.get(PublicIdCodec);
    reader = keyHeader(await issueSecretKey(t, shop, ['read_customers']));
    writer = keyHeader(await issueSecretKey(t, shop, ['write_customers']));
    foreign = keyHeader(await issueSecretKey(t, other, ['write_customers']));
    const email = uniqueEmail('listed');
    const [row] = await t.dataSource.query(
      `INSERT INTO customers (store_id, email, accepts_marketing) VALUES ($1, $2, true)
       RETURNING id::text`,
      [ids.store(shop), email],
    );
    customer = { id: codec.encode(ID_PREFIX.customer, row.id), email };
    seeded = [
      await add(shop, 'verified,"quoted"@example.com', { verified: true }),
      await add(shop, uniqueEmail('pending')),
      await add(shop, email, { verified: true, customerKey: row.id }),
    ];
    await add(other, uniqueEmail('elsewhere'), { verified: true });
  });
  afterAll(() => t.close());

  const list = (query = '', headers = reader) => t.http.get(`${PATH}${query}`, headers);

  it('declares each route with the customers scope, as the scope walk sees them', () => {
    const routes = Object.fromEntries(
      adminEndpoints(t.app)
        .filter((endpoint) => endpoint.path.includes('newsletter_subscribers'))
        .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.scope]),
    );
    expect(routes).toEqual(NEWSLETTER_ADMIN_ROUTES);
  });

  it('lists the store’s subscribers newest first, with the client’s fields', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.data.map((row: { id: string }) => row.id)).toEqual(
      [...seeded].reverse().map((row) => row.id),
    );
    expect(response.body.data[0]).toEqual({
      id: seeded[2].id,
      email: customer.email,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      verified: true,
      verified_at: expect.any(String),
      customer_id: customer.id,
    });
    expect(response.body.meta).toMatchObject({ page: 1, count: 3, pages: 1 });
  });

  it('filters by verified and searches by address', async () => {
    const verified = await list('?verified=true');
    expect(verified.body.data.map((row: { id: string }) => row.id)).toEqual([
      seeded[2].id,
      seeded[0].id,
    ]);
    const pending = await list('?verified=false');
    expect(pending.body.data.map((row: { id: string }) => row.id)).toEqual([seeded[1].id]);
    const searched = await list(`?q=${encodeURIComponent('QUOTED"')}`);
    expect(searched.body.data.map((row: { id: string }) => row.id)).toEqual([seeded[0].id]);
    const wildcard = await list('?q=%25');
    expect(wildcard.body.data).toEqual([]);

    const bad = await list('?verified=maybe');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'parameter_invalid']);
    expect(Object.keys(bad.body.error.details)).toEqual(['verified']);
  });

  it('exports the filtered list as CSV', async () => {
    const response = await list('/export?verified=true');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="newsletter-subscribers.csv"',
    );
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('id,email,verified,verified_at,customer_id,created_at,updated_at');
    expect(
      lines
        .slice(1, -1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([seeded[0].id, seeded[2].id].sort());
    expect(response.text).toContain(`${seeded[0].id},"verified,""quoted""@example.com",true,`);
    expect(lines.at(-1)).toBe('');
  });

  it('needs read_customers to read and write_customers to delete', async () => {
    const none = keyHeader(await issueSecretKey(t, shop, ['read_orders']));
    expect((await list('', none)).status).toBe(403);
    expect((await list('/export', none)).status).toBe(403);
    const denied = await t.http.request('DELETE', `${PATH}/${seeded[1].id}`, { headers: reader });
    expect([denied.status, denied.body.error.code]).toEqual([403, 'access_denied']);
  });

  it('deletes a subscriber; a linked customer left with none stops accepting marketing', async () => {
    const fromOtherStore = await t.http.request('DELETE', `${PATH}/${seeded[2].id}`, {
      headers: foreign,
    });
    expect([fromOtherStore.status, fromOtherStore.body.error.code]).toEqual([
      404,
      'record_not_found',
    ]);

    const deleted = await t.http.request('DELETE', `${PATH}/${seeded[2].id}`, { headers: writer });
    expect(deleted.status).toBe(204);
    const remaining = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM newsletter_subscribers WHERE id = $1',
      [codec.decode(ID_PREFIX.newsletterSubscriber, seeded[2].id)],
    );
    expect(remaining[0].count).toBe(0);
    const [stored] = await t.dataSource.query(
      'SELECT accepts_marketing FROM customers WHERE id = $1',
      [ids.customer(customer.id)],
    );
    expect(stored.accepts_marketing).toBe(false);
    const events = await t.dataSource.query(
      `SELECT name, payload FROM events WHERE store_id = $1
       AND name IN ('newsletter_subscriber.deleted', 'customer.updated') ORDER BY position`,
      [ids.store(shop)],
    );
    expect(events).toEqual([
      {
        name: 'newsletter_subscriber.deleted',
        payload: expect.objectContaining({ id: seeded[2].id, email: customer.email }),
      },
      {
        name: 'customer.updated',
        payload: expect.objectContaining({ id: customer.id, accepts_email_marketing: false }),
      },
    ]);

    const again = await t.http.request('DELETE', `${PATH}/${seeded[2].id}`, { headers: writer });
    expect([again.status, again.body.error.code]).toEqual([404, 'record_not_found']);
    const malformed = await t.http.request('DELETE', `${PATH}/nope`, { headers: writer });
    expect(malformed.status).toBe(404);
  });

  it('anonymizing a customer takes them off the list, linked or by their former address', async () => {
    const email = uniqueEmail('erased');
    const [row] = await t.dataSource.query(
      `INSERT INTO customers (store_id, email, accepts_marketing) VALUES ($1, $2, true)
       RETURNING id::text`,
      [ids.store(shop), email],
    );
    const linked = await add(shop, uniqueEmail('erased-other'), { customerKey: row.id });
    const byAddress = await add(shop, email, { verified: true });
    const kept = await add(shop, uniqueEmail('kept'), { verified: true });
    const publicId = codec.encode(ID_PREFIX.customer, row.id);

    const response = await t.http.post(`/api/v3/admin/customers/${publicId}/anonymize`, {}, writer);
    expect(response.status).toBe(200);
    const left = await t.dataSource.query(
      `SELECT email FROM newsletter_subscribers WHERE store_id = $1 AND email = ANY($2)`,
      [ids.store(shop), [linked.email, byAddress.email, kept.email]],
    );
    expect(left).toEqual([{ email: kept.email }]);
    const deleted = await t.dataSource.query(
      `SELECT payload->>'id' AS id FROM events
       WHERE store_id = $1 AND name = 'newsletter_subscriber.deleted' AND payload->>'id' = ANY($2)`,
      [ids.store(shop), [linked.id, byAddress.id]],
    );
    expect(deleted.map((event: { id: string }) => event.id).sort()).toEqual(
      [linked.id, byAddress.id].sort(),
    );
  });
});
