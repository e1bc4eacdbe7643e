import { randomBytes } from 'node:crypto';
import { type Client } from '@spree/sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { Ids, uniqueEmail } from '../helpers/customers-fixtures.js';
import { SmtpSink, type SunkMail } from '../helpers/smtp-sink.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

const RELAXED_RATE_LIMITS = {
  RATE_LIMIT_REGISTRATION_PER_MINUTE: '100000',
  RATE_LIMIT_NEWSLETTER_PER_MINUTE: '100000',
};

const newPassword = () => `pw-${randomBytes(9).toString('base64url')}`;
const VERIFY_TOKEN = /nlv_[A-Za-z0-9_-]{43}/;
const UNSUBSCRIBE_TOKEN = /nlu_[A-Za-z0-9_-]{43}/;
const SUBSCRIBER_ID = /sub_[A-Za-z0-9]+/;

describe('Newsletter subscriptions through @spree/sdk', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let shop: DemoCredentials;
  let client: Client;
  let recorder: ReturnType<typeof schemaRecorder>;
  let ids: Ids;
  let codec: PublicIdCodec;
  let site: { url: string; mailFrom: string };

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startTestApp({ env: { ...RELAXED_RATE_LIMITS, SMTP_URL: sink.url } });
    shop = await t.seedStore();
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    ids = new Ids(t);
    codec = t.app.get(PublicIdCodec);
    [site] = await t.dataSource.query(
      'SELECT url, mail_from_address AS "mailFrom" FROM stores WHERE id = $1',
      [ids.store(shop)],
    );
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  const mailTo = (email: string): SunkMail[] =>
    sink.messages.filter((mail) => mail.to.includes(email));
  const nthMail = async (email: string, count: number): Promise<SunkMail> => {
    await untilPasses(() => expect(mailTo(email)).toHaveLength(count));
    return mailTo(email)[count - 1];
  };
  const key = (publicId: string) => codec.decode(ID_PREFIX.newsletterSubscriber, publicId)!;
  const storedByEmail = async (email: string) => {
    const [row] = await t.dataSource.query(
      `SELECT id::text, email, customer_id::text, verified_at FROM newsletter_subscribers
       WHERE store_id = $1 AND email = $2`,
      [ids.store(shop), email],
    );
    return row as
      | { id: string; email: string; customer_id: string | null; verified_at: Date | null }
      | undefined;
  };
  const eventsOf = async (subscriberId: string) => {
    const rows: { name: string; payload: Record<string, unknown> }[] = await t.dataSource.query(
      `SELECT name, payload FROM events
       WHERE store_id = $1 AND name LIKE 'newsletter_subscriber.%' AND payload->>'id' = $2
       ORDER BY position`,
      [ids.store(shop), subscriberId],
    );
    return rows;
  };
  const acceptsMarketing = async (customerId: string): Promise<boolean> => {
    const [row] = await t.dataSource.query(
      'SELECT accepts_marketing FROM customers WHERE id = $1',
      [ids.customer(customerId)],
    );
    return row.accepts_marketing;
  };
  const register = async (fields: Record<string, unknown> = {}) => {
    const password = newPassword();
    return client.customers.create({
      email: uniqueEmail('news'),
      password,
      password_confirmation: password,
      ...fields,
    });
  };

  describe('double opt-in', () => {
    it('subscribes a guest unverified, mails a one-time token, and verify confirms it', async () => {
      const email = uniqueEmail('guest');
      const redirect_url = `${site.url}/newsletter/confirm`;

      const pending = await client.newsletterSubscribers.create({
        email: email.toUpperCase(),
        redirect_url,
      });
      expect(pending).toEqual({
        id: expect.stringMatching(/^sub_/),
        email,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        verified: false,
        verified_at: null,
        customer_id: null,
      });
      expect(await storedByEmail(email)).toEqual({
        id: key(pending.id),
        email,
        customer_id: null,
        verified_at: null,
      });

      const mail = await nthMail(email, 1);
      expect(mail.from).toBe(site.mailFrom);
      expect(mail.subject).toBe("Confirm your subscription to Demo Store's newsletter");
      expect(mail.text).toContain(`${redirect_url}?token=nlv_`);
      const token = VERIFY_TOKEN.exec(mail.text)![0];
      // Only a keyed hash of the token is kept.
      const [tokenRow] = await t.dataSource.query(
        'SELECT token_digest FROM newsletter_verifications WHERE subscriber_id = $1',
        [key(pending.id)],
      );
      expect(tokenRow.token_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(tokenRow.token_digest).not.toContain(token.slice(4));

      const verified = await client.newsletterSubscribers.verify({ token });
      expect(verified).toMatchObject({
        id: pending.id,
        email,
        verified: true,
        verified_at: expect.any(String),
        customer_id: null,
      });
      expect((await storedByEmail(email))!.verified_at).toBeInstanceOf(Date);

      // The token worked once.
      const reused = await rejection(client.newsletterSubscribers.verify({ token }));
      expect([reused.status, reused.code, reused.details]).toEqual([
        422,
        'validation_error',
        { token: ['is invalid, expired or already used'] },
      ]);
      expect((await eventsOf(pending.id)).map((event) => event.name)).toEqual([
        'newsletter_subscriber.created',
        'newsletter_subscriber.updated',
      ]);
      const [, updated] = await eventsOf(pending.id);
      expect(updated.payload).toMatchObject({ id: pending.id, verified: true });
    });

    it('refuses an unknown token and a missing one, and a malformed address', async () => {
      const unknown = await rejection(
        client.newsletterSubscribers.verify({ token: `nlv_${'A'.repeat(43)}` }),
      );
      expect([unknown.status, unknown.code]).toEqual([422, 'validation_error']);
      expect(unknown.details).toEqual({ token: ['is invalid, expired or already used'] });

      const missing = await rejection(
        client.newsletterSubscribers.verify({} as unknown as { token: string }),
      );
      expect([missing.status, missing.code]).toEqual([422, 'validation_error']);
      expect(Object.keys(missing.details ?? {})).toEqual(['token']);

      const malformed = await rejection(client.newsletterSubscribers.create({ email: 'nope' }));
      expect([malformed.status, malformed.code]).toEqual([422, 'validation_error']);
      expect(malformed.details).toEqual({ email: ['email must be a valid email address'] });
    });

    it('answers an address already on the list exactly as a new one, and mails no verified address', async () => {
      const email = uniqueEmail('known');
      const first = await client.newsletterSubscribers.create({ email });
      const token = VERIFY_TOKEN.exec((await nthMail(email, 1)).text)![0];
      await client.newsletterSubscribers.verify({ token });

      const again = await client.newsletterSubscribers.create({ email });
      const fresh = await client.newsletterSubscribers.create({ email: uniqueEmail('fresh') });
      const shape = ({
        id: _id,
        email: _email,
        created_at,
        updated_at,
        ...rest
      }: typeof again) => ({
        ...rest,
        same_times: created_at === updated_at,
      });
      expect(shape(again)).toEqual(shape(fresh));
      expect(shape(again)).toEqual({
        verified: false,
        verified_at: null,
        customer_id: null,
        same_times: true,
      });
      expect(again.id).toBe(first.id);
      // Still verified, and no second confirmation for an address that has nothing to confirm.
      expect((await storedByEmail(email))!.verified_at).toBeInstanceOf(Date);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailTo(email)).toHaveLength(1);
    });

    it('a repeated request for a pending address mails a new token that replaces the old', async () => {
      const email = uniqueEmail('twice');
      await client.newsletterSubscribers.create({ email });
      const first = VERIFY_TOKEN.exec((await nthMail(email, 1)).text)![0];
      await client.newsletterSubscribers.create({ email });
      const second = VERIFY_TOKEN.exec((await nthMail(email, 2)).text)![0];
      expect(second).not.toBe(first);
      expect((await rejection(client.newsletterSubscribers.verify({ token: first }))).status).toBe(
        422,
      );
      expect(await client.newsletterSubscribers.verify({ token: second })).toMatchObject({
        verified: true,
      });
    });

    it('leaves a link off the store’s site out of the mail, which then carries the token', async () => {
      const email = uniqueEmail('offsite');
      await client.newsletterSubscribers.create({
        email,
        redirect_url: 'https://attacker.example/confirm',
      });
      const mail = await nthMail(email, 1);
      expect(mail.text).not.toContain('attacker.example');
      expect(mail.text).toMatch(new RegExp(`^  ${VERIFY_TOKEN.source}$`, 'm'));
    });
  });

  describe('unsubscribing', () => {
    const subscribeVerified = async (email: string) => {
      const pending = await client.newsletterSubscribers.create({ email });
      const token = VERIFY_TOKEN.exec((await nthMail(email, 1)).text)![0];
      await client.newsletterSubscribers.verify({ token });
      return pending.id;
    };

    it('mails an unsubscribe link for a subscriber, and the link ends the subscription once', async () => {
      const email = uniqueEmail('leaving');
      const id = await subscribeVerified(email);
      const redirect_url = `${site.url}/newsletter/unsubscribe`;

      const stranger = uniqueEmail('nobody');
      const forStranger = await client.newsletterSubscribers.requestUnsubscribe({
        email: stranger,
        redirect_url,
      });
      const forSubscriber = await client.newsletterSubscribers.requestUnsubscribe({
        email,
        redirect_url,
      });
      expect(forSubscriber).toEqual(forStranger);
      expect(recorder.seen.slice(-2).map((exchange) => [exchange.status, exchange.body])).toEqual([
        [
          202,
          { message: 'If this address is subscribed, an unsubscribe link has been sent to it' },
        ],
        [
          202,
          { message: 'If this address is subscribed, an unsubscribe link has been sent to it' },
        ],
      ]);

      const mail = await nthMail(email, 2);
      expect(mail.subject).toBe("Unsubscribe from Demo Store's newsletter");
      expect(mail.text).toContain(`${redirect_url}?id=${id}&token=nlu_`);
      const token = UNSUBSCRIBE_TOKEN.exec(mail.text)![0];
      expect(SUBSCRIBER_ID.exec(mail.text)![0]).toBe(id);

      // Another subscription's id with this token is refused, and the token stays good.
      const otherId = await subscribeVerified(uniqueEmail('other'));
      const crossed = await rejection(client.newsletterSubscribers.delete(otherId, { token }));
      expect([crossed.status, crossed.code, crossed.details]).toEqual([
        422,
        'validation_error',
        { token: ['is invalid, expired or already used'] },
      ]);
      const noToken = await rejection(client.newsletterSubscribers.delete(id));
      expect([noToken.status, noToken.details]).toEqual([
        422,
        { token: ['is required to unsubscribe'] },
      ]);

      expect(await client.newsletterSubscribers.delete(id, { token })).toBeUndefined();
      expect(await storedByEmail(email)).toBeUndefined();
      expect((await eventsOf(id)).map((event) => event.name)).toEqual([
        'newsletter_subscriber.created',
        'newsletter_subscriber.updated',
        'newsletter_subscriber.deleted',
      ]);

      // Used: the subscription is gone.
      const used = await rejection(client.newsletterSubscribers.delete(id, { token }));
      expect([used.status, used.code]).toEqual([404, 'record_not_found']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailTo(stranger)).toEqual([]);
    });

    it('answers 404 for an id that names no subscription', async () => {
      const unknown = await rejection(
        client.newsletterSubscribers.delete('sub_nothing', { token: 'x' }),
      );
      expect([unknown.status, unknown.code]).toEqual([404, 'record_not_found']);
    });
  });

  describe('customers', () => {
    it('a signed-in customer’s own address is subscribed at once and turns their consent on', async () => {
      const { token, user } = await register();
      expect(await acceptsMarketing(user.id)).toBe(false);

      const own = await client.newsletterSubscribers.create({ email: user.email }, { token });
      expect(own).toMatchObject({
        email: user.email,
        verified: true,
        verified_at: expect.any(String),
        customer_id: user.id,
      });
      expect(await acceptsMarketing(user.id)).toBe(true);
      const profile = await client.customer.get({ token });
      expect(profile.accepts_email_marketing).toBe(true);
      // The client finds the subscription to unsubscribe from on the customer.
      expect(profile.newsletter_subscriber).toEqual(own);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailTo(user.email)).toEqual([]);

      // The owner unsubscribes without a token; consent goes off with it.
      await client.newsletterSubscribers.delete(own.id, undefined, { token });
      expect(await storedByEmail(user.email)).toBeUndefined();
      expect(await acceptsMarketing(user.id)).toBe(false);
      expect((await client.customer.get({ token })).newsletter_subscriber).toBeNull();
    });

    it('a guest subscription of a customer’s address is linked to them and verifying turns consent on', async () => {
      const { user } = await register();
      await client.newsletterSubscribers.create({ email: user.email });
      expect(await storedByEmail(user.email)).toMatchObject({
        customer_id: ids.customer(user.id),
        verified_at: null,
      });
      expect(await acceptsMarketing(user.id)).toBe(false);
      const token = VERIFY_TOKEN.exec((await nthMail(user.email, 1)).text)![0];
      expect(await client.newsletterSubscribers.verify({ token })).toMatchObject({
        customer_id: user.id,
        verified: true,
      });
      expect(await acceptsMarketing(user.id)).toBe(true);
    });

    it('turning accepts_email_marketing on subscribes the customer, off unsubscribes', async () => {
      const { token, user } = await register();
      expect(await storedByEmail(user.email)).toBeUndefined();

      await client.customer.update({ accepts_email_marketing: true }, { token });
      const subscribed = await storedByEmail(user.email);
      expect(subscribed).toMatchObject({ customer_id: ids.customer(user.id) });
      expect(subscribed!.verified_at).toBeInstanceOf(Date);
      const publicId = codec.encode(ID_PREFIX.newsletterSubscriber, subscribed!.id);
      expect((await eventsOf(publicId)).map((event) => event.name)).toEqual([
        'newsletter_subscriber.created',
      ]);

      await client.customer.update({ accepts_email_marketing: false }, { token });
      expect(await storedByEmail(user.email)).toBeUndefined();
      expect((await eventsOf(publicId)).map((event) => event.name)).toEqual([
        'newsletter_subscriber.created',
        'newsletter_subscriber.deleted',
      ]);
    });

    it('registering with accepts_email_marketing subscribes the new customer', async () => {
      const { user } = await register({ accepts_email_marketing: true });
      expect(await storedByEmail(user.email)).toMatchObject({
        customer_id: ids.customer(user.id),
        verified_at: expect.any(Date),
      });
    });
  });
});

describe('Newsletter rate limit', () => {
  let t: TestApp;
  let client: Client;
  let storeKey: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_NEWSLETTER_PER_MINUTE: '2' } });
    const shop = await t.seedStore();
    storeKey = new Ids(t).store(shop);
    client = createSpreeSdkClient(t.baseUrl, { publishableKey: shop.publishable_key });
  });
  afterAll(() => t.close());

  it('counts subscriptions, verifications and unsubscribe requests per IP: 429 past the budget', async () => {
    await client.newsletterSubscribers.create({ email: uniqueEmail('limit') });
    await client.newsletterSubscribers.requestUnsubscribe({ email: uniqueEmail('limit') });
    const over = await rejection(client.newsletterSubscribers.verify({ token: 'nlv_x' }));
    expect([over.status, over.code]).toEqual([429, 'rate_limit_exceeded']);
    const [row] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM newsletter_subscribers WHERE store_id = $1',
      [storeKey],
    );
    expect(row.count).toBe(1);
  });
});
