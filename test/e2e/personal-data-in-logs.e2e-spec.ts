import { AdminCaller, startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import { outputDuring } from '../helpers/log-capture.js';
import type { TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

/**
 * Logs identify people by their ids, never by their e-mail address or other personal data: not
 * in request URLs (list filters), not in the lines that stand in for mail when SMTP_URL is unset.
 */
describe('no customer e-mail address in any log line', () => {
  let t: TestApp;

  beforeAll(async () => {
    await outputDuring(async () => {
      t = await startCustomersTestApp({ LOG_LEVEL: 'debug' });
    });
  });
  afterAll(() => t.close());

  it('list filters by e-mail, name or phone are logged as [redacted], in every spelling', async () => {
    const shop = await t.seedStore();
    const admin = new AdminCaller(t, shop);
    const address = `someone.${Date.now()}@example.com`;
    const encoded = encodeURIComponent(address);
    const queries = [
      `/customers?email=${address}`,
      `/customers?email=${encoded}&page=1`,
      `/orders?email=${encoded}`,
      `/customers?q%5Bemail_cont%5D=${encoded}`,
      `/customers?q[email_cont]=${address}&q[first_name_cont]=Zebulon&filter[phone]=5550100`,
      `/customers?note=${encoded}`,
    ];
    const output = await outputDuring(async () => {
      for (const query of queries) {
        const response = await admin.call('GET', query);
        expect(response.status).toBeLessThan(500);
      }
    });

    // The request lines are there, with what identifies the request...
    expect(output).toContain('"url":"/api/v3/admin/customers?email=[redacted]"');
    expect(output).toContain('"url":"/api/v3/admin/customers?email=[redacted]&page=1"');
    expect(output).toContain('"url":"/api/v3/admin/orders?email=[redacted]"');
    expect(output).toContain('"url":"/api/v3/admin/customers?q%5Bemail_cont%5D=[redacted]"');
    expect(output).toContain(
      '"url":"/api/v3/admin/customers?q[email_cont]=[redacted]&q[first_name_cont]=[redacted]&filter[phone]=[redacted]"',
    );
    expect(output).toContain('"url":"/api/v3/admin/customers?note=[redacted]"');
    // ...and none of the personal data.
    for (const personal of [address, encoded, address.split('@')[0], 'Zebulon', '5550100'])
      expect(output).not.toContain(personal);
  });

  /** What was written to stdout since `watchStdout`, passing it on to the capture under way. */
  let watched = '';
  const written = () => watched;
  const watchStdout = () => {
    const capture = process.stdout.write.bind(process.stdout);
    watched = '';
    process.stdout.write = ((chunk: string | Uint8Array) => {
      watched += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return capture(chunk);
    }) as typeof process.stdout.write;
    return () => (process.stdout.write = capture);
  };

  it('a mail not sent (no SMTP_URL) names its kind and a fingerprint of the recipient, never the address', async () => {
    const shop = await t.seedStore();
    const store = new StoreCaller(t, shop);
    const customer = await store.register();
    const output = await outputDuring(async () => {
      const unwatch = watchStdout();
      const requested = await store.call('POST', '/password_resets', {
        json: { email: customer.email },
      });
      expect(requested.status).toBeLessThan(300);
      // The mail goes out from the queue, after the answer: wait for its line.
      try {
        await untilPasses(() => expect(written()).toContain('Not sent (SMTP_URL is unset)'));
      } finally {
        unwatch();
      }
    });
    const line = output.split('\n').find((entry) => entry.includes('Not sent (SMTP_URL is unset)'));
    expect(line).toMatch(/password_reset.* to recipient [0-9a-f]{16}/);
    expect(output).not.toContain(customer.email);
    expect(output).not.toContain(customer.email.split('@')[0]);
  });
});
