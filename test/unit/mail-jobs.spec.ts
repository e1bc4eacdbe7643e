import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../src/config/index.js';
import { MailJobs } from '../../src/platform/mail/mail-jobs.js';
import type { Job, QueuePort } from '../../src/platform/queue/queue.port.js';
import type { MailDispatch, TemplatedMail } from '../../src/platform/mail/templated-mail.js';

interface Enqueued {
  queue: string;
  name: string;
  data: { sealed: string };
  options: unknown;
}

describe('MailJobs', () => {
  let enqueued: Enqueued[];
  let dispatched: { mail: TemplatedMail; key: string }[];
  let jobs: MailJobs;

  const jobOf = (entry: Enqueued): Job<{ sealed: string }> => ({
    id: '1',
    name: entry.name,
    data: entry.data,
    attempt: 1,
  });

  beforeEach(() => {
    enqueued = [];
    dispatched = [];
    const queue = {
      enqueue: (queue: string, name: string, data: { sealed: string }, options: unknown) => {
        enqueued.push({ queue, name, data, options });
        return Promise.resolve();
      },
    } as unknown as QueuePort;
    const dispatch = {
      dispatch: (mail: TemplatedMail, key: string) => {
        dispatched.push({ mail, key });
        return Promise.resolve();
      },
    } as MailDispatch;
    const config = { ENCRYPTION_KEY: randomBytes(32).toString('hex') } as AppConfig;
    jobs = new MailJobs(queue, dispatch, config);
  });

  it('queues a job whose data is sealed, and retries failed sends', async () => {
    jobs.register<{ email: string }>('greeting', () => Promise.resolve(null));
    await jobs.enqueue('greeting', { email: 'ada@example.com' });
    expect(enqueued).toEqual([
      {
        queue: 'mail',
        name: 'greeting',
        data: { sealed: expect.stringMatching(/^v1\./) },
        options: { attempts: 3, backoffMs: expect.any(Number) },
      },
    ]);
    expect(JSON.stringify(enqueued[0].data)).not.toContain('ada@example.com');
  });

  it('composes the mail from the opened data and hands it to the dispatch, keyed by the job', async () => {
    const seen: unknown[] = [];
    const mail: TemplatedMail = {
      storeId: '1',
      mail: 'password_reset',
      to: 'ada@example.com',
      values: { token: 't' },
      customerId: '7',
    };
    jobs.register<{ email: string }>('customer_password_reset', (data) => {
      seen.push(data);
      return Promise.resolve(mail);
    });
    await jobs.enqueue('customer_password_reset', { email: 'ada@example.com' });
    await jobs.run({ ...jobOf(enqueued[0]), id: '42' });
    expect(seen).toEqual([{ email: 'ada@example.com' }]);
    expect(dispatched).toEqual([{ mail, key: 'job:customer_password_reset:42' }]);
  });

  it('sends nothing when the composer has nothing to send', async () => {
    jobs.register('nobody', () => Promise.resolve(null));
    await jobs.enqueue('nobody', {});
    await jobs.run(jobOf(enqueued[0]));
    expect(dispatched).toEqual([]);
  });

  it('ignores jobs of an unknown kind or with data it cannot open', async () => {
    jobs.register('greeting', () => Promise.reject(new Error('must not run')));
    await jobs.run({ id: '2', name: 'other', data: { sealed: 'v1.x.y' }, attempt: 1 });
    await jobs.run({ id: '3', name: 'greeting', data: { sealed: 'v1.tampered.data' }, attempt: 1 });
    expect(dispatched).toEqual([]);
  });

  it('refuses a kind registered twice, and jobs of a kind never registered', async () => {
    jobs.register('greeting', () => Promise.resolve(null));
    expect(() => jobs.register('greeting', () => Promise.resolve(null))).toThrow(/twice/);
    await expect(jobs.enqueue('unregistered', {})).rejects.toThrow(/no composer/);
  });
});
