import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { DatabaseEndpoint } from '../../src/platform/database/database-endpoint.js';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';
import { buildService } from '../helpers/service-build.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';

const execFileAsync = promisify(execFile);

/** What `node dist/cli.js …` printed and how it exited. */
interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

describe('store-cli stores create (the built CLI against the test app’s database)', () => {
  let t: TestApp;
  let embedded: DatabaseEndpoint | undefined;
  let cli: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    cli = join(dirname((await buildService()).main), 'cli.js');
    embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres();
    t = await startApp();
    env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'test',
      DATABASE_URL: embedded?.url ?? process.env.DATABASE_URL!,
      ...(t.config.REDIS_URL ? { REDIS_URL: t.config.REDIS_URL } : {}),
      QUEUE_PREFIX: t.config.QUEUE_PREFIX,
      JWT_SECRET: t.config.JWT_SECRET!,
      ENCRYPTION_KEY: t.config.ENCRYPTION_KEY!,
      ID_ALPHABET: t.config.ID_ALPHABET,
      LOG_LEVEL: 'silent',
    };
  }, 10 * 60_000);
  afterAll(async () => {
    await t?.close();
    await embedded?.close();
  });

  /** The CLI's keys are hashed under ENCRYPTION_KEY: every app of the spec keeps the same. */
  const secrets = {
    JWT_SECRET: randomBytes(24).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const startApp = () =>
    startTestApp({
      env: { ...secrets, ...(embedded ? { DATABASE_URL: '', REDIS_URL: '' } : {}) },
      ...(embedded ? { database: embedded } : {}),
    });
  /**
   * The embedded database serves one connection at a time (as the embedded service's data
   * directory serves one process): there the CLI runs while the app is closed, as an operator
   * runs it while the service is stopped.
   */
  const run = async (...args: string[]): Promise<CliRun> => {
    if (embedded) await t.close();
    try {
      return await runCli(args);
    } finally {
      if (embedded) t = await startApp();
    }
  };
  const runCli = (args: string[]): Promise<CliRun> =>
    execFileAsync(process.execPath, [cli, 'stores', 'create', ...args], { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  const host = () => `harbor-${randomBytes(4).toString('hex')}.example.com`;
  const options = (url: string, name = 'Harbor Goods') => [
    '--name',
    name,
    '--url',
    url,
    '--currency',
    'usd',
    '--country',
    'us',
  ];
  const storesNamed = async (name: string) =>
    (await t.dataSource.query('SELECT count(*)::int AS n FROM stores WHERE name = $1', [name]))[0]
      .n as number;

  it('creates the store, its host and two keys, and prints them on one line', async () => {
    const url = `https://${host()}`;
    const created = await run(...options(url), '--json');
    expect({ code: created.code, stderr: created.stderr }).toEqual({
      code: 0,
      stderr: expect.stringContaining('Keep the keys now'),
    });
    expect(created.stdout.trim().split('\n')).toHaveLength(1);
    const output = JSON.parse(created.stdout);
    expect(output).toEqual({
      store_id: expect.stringMatching(/^store_/),
      name: 'Harbor Goods',
      url,
      default_currency: 'USD',
      default_country_iso: 'US',
      publishable_key: expect.stringMatching(/^pk_/),
      secret_key: expect.stringMatching(/^sk_/),
    });
    const storeKey = keyOf(t, ID_PREFIX.store, output.store_id);
    const [store] = await t.dataSource.query(
      `SELECT name, code, url, default_currency, supported_currencies, default_country_iso,
              is_default, default_locale FROM stores WHERE id = $1`,
      [storeKey],
    );
    expect(store).toEqual({
      name: 'Harbor Goods',
      code: expect.stringMatching(/^harbor-goods(-\d+)?$/),
      url,
      default_currency: 'USD',
      supported_currencies: ['USD'],
      default_country_iso: 'US',
      is_default: false,
      default_locale: 'en',
    });
    expect(
      await t.dataSource.query('SELECT host FROM store_hosts WHERE store_id = $1', [storeKey]),
    ).toEqual([{ host: new URL(url).hostname }]);
    expect(
      await t.dataSource.query(
        'SELECT key_type, scopes FROM api_keys WHERE store_id = $1 ORDER BY key_type',
        [storeKey],
      ),
    ).toEqual([
      { key_type: 'publishable', scopes: [] },
      { key_type: 'secret', scopes: ['write_all'] },
    ]);

    const settings = await t.http.get('/api/v3/admin/store', keyHeader(output.secret_key));
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ id: output.store_id, url, default_country_iso: 'US' });
    const products = await t.http.get('/api/v3/store/products', keyHeader(output.publishable_key));
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([]);

    // It starts with its default channel and its four policies, without text.
    const channel = await t.http.get('/api/v3/store/channel', keyHeader(output.publishable_key));
    expect(channel.body).toMatchObject({ code: 'online', default: true, active: true });
    expect(
      await t.dataSource.query(
        'SELECT slug, body FROM policies WHERE store_id = $1 ORDER BY slug',
        [storeKey],
      ),
    ).toEqual(
      ['privacy-policy', 'returns-policy', 'shipping-policy', 'terms-of-service'].map((slug) => ({
        slug,
        body: null,
      })),
    );
  });

  it('prints the result indented without --json, and numbers a code already taken', async () => {
    const name = `Twin ${randomBytes(3).toString('hex')}`;
    const first = await run(...options(`https://${host()}`, name));
    const second = await run(...options(`https://${host()}`, name));
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stdout).toMatch(/^\{\n {2}"store_id": "store_/);
    const codes = await t.dataSource.query('SELECT code FROM stores WHERE name = $1 ORDER BY id', [
      name,
    ]);
    const slug = name.toLowerCase().replace(' ', '-');
    expect(codes).toEqual([{ code: slug }, { code: `${slug}-2` }]);
  });

  it('refuses bad input with exit code 1 and one line naming the option, creating nothing', async () => {
    const taken = host();
    expect((await run(...options(`https://${taken}`))).code).toBe(0);
    const name = `Refused ${randomBytes(3).toString('hex')}`;
    const cases: [string[], RegExp][] = [
      [
        ['--name', name, '--url', `https://${host()}`, '--currency', 'XYZ', '--country', 'US'],
        /^--currency /,
      ],
      [['--name', name, '--url', 'not a url', '--currency', 'USD', '--country', 'US'], /^--url /],
      [
        ['--name', name, '--url', 'ftp://x.example.com', '--currency', 'USD', '--country', 'US'],
        /^--url /,
      ],
      [
        ['--name', name, '--url', `http://${taken}/shop`, '--currency', 'USD', '--country', 'US'],
        new RegExp(`^--url .*${taken} already belongs to another store`),
      ],
      [
        ['--name', name, '--url', `https://${host()}`, '--currency', 'USD', '--country', 'QQ'],
        /^--country QQ is not a known country/,
      ],
      [['--name', name, '--url', `https://${host()}`, '--currency', 'USD'], /--country/],
    ];
    // One process after another: the embedded database takes one connection at a time.
    for (const [args, message] of cases) {
      const refused = await run(...args);
      expect({ args, code: refused.code, stdout: refused.stdout }).toEqual({
        args,
        code: 1,
        stdout: '',
      });
      const lines = refused.stderr.trim().split('\n');
      expect({ args, lines }).toEqual({ args, lines: [expect.stringMatching(message)] });
    }
    expect(await storesNamed(name)).toBe(0);
    // Seven CLI processes, each started afresh: a loaded machine needs more than the default minute.
  }, 180_000);
});
