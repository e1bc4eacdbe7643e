import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SealedBox } from '../../common/crypto/sealed-box.js';
import { AppConfig } from '../../config/index.js';
import { type Job, QueuePort } from '../queue/queue.port.js';
import { Mailer, type MailMessage } from './mailer.port.js';
import { MailDispatch, type TemplatedMail } from './templated-mail.js';

/**
 * Turns a mail job's data into the mail to send, or null when there is nothing to send
 * (e.g. the recipient is unknown). It runs in a worker, once per attempt. A `TemplatedMail` is
 * handed to `MailDispatch`, which records and sends it; a ready `MailMessage` is sent as it is
 * (the composers not yet moved onto templates).
 */
export type MailComposer<T> = (data: T) => Promise<TemplatedMail | MailMessage | null>;

function isTemplated(mail: TemplatedMail | MailMessage): mail is TemplatedMail {
  return 'values' in mail && 'mail' in mail;
}

/** A mail job's data travels sealed: it names people and may carry what a message reveals. */
interface SealedJobData {
  sealed: string;
}

const ATTEMPTS = 3;
const FIRST_RETRY_MS = 2_000;

/**
 * The `mail` queue: a module registers a composer per kind of mail and enqueues jobs of that
 * kind; a worker composes each mail and hands it on, retrying a failed job with backoff. The
 * request that asks for a mail never waits for it.
 */
@Injectable()
export class MailJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mail');
  private readonly composers = new Map<string, MailComposer<never>>();
  private readonly box: SealedBox;

  constructor(
    private readonly queue: QueuePort,
    private readonly mailer: Mailer,
    private readonly dispatcher: MailDispatch,
    config: AppConfig,
  ) {
    this.box = new SealedBox(config.ENCRYPTION_KEY!, 'mail-job-data');
  }

  /** How jobs named `name` are composed; registered once, at module initialisation. */
  register<T>(name: string, compose: MailComposer<T>): void {
    if (this.composers.has(name)) throw new Error(`Mail job "${name}" is registered twice`);
    this.composers.set(name, compose as MailComposer<never>);
  }

  async enqueue<T>(name: string, data: T): Promise<void> {
    if (!this.composers.has(name)) throw new Error(`Mail job "${name}" has no composer`);
    const sealed: SealedJobData = { sealed: this.box.seal(JSON.stringify(data)) };
    await this.queue.enqueue('mail', name, sealed, {
      attempts: ATTEMPTS,
      backoffMs: FIRST_RETRY_MS,
    });
  }

  /** After every module registered its composers, so no job finds its kind unknown. */
  onApplicationBootstrap(): void {
    this.queue.consume<SealedJobData>('mail', (job) => this.run(job));
  }

  async run(job: Job<SealedJobData>): Promise<void> {
    const compose = this.composers.get(job.name);
    let data: unknown;
    try {
      data = JSON.parse(this.box.open(String(job.data?.sealed)));
    } catch {
      data = undefined;
    }
    if (!compose || data === undefined) {
      this.logger.warn(`Ignoring mail job ${job.name} (${job.id}): unknown kind or unreadable`);
      return;
    }
    const mail = await compose(data as never);
    if (!mail) return;
    // The job's id names it across its retries: a retried job dispatches the mail it recorded.
    if (isTemplated(mail)) await this.dispatcher.dispatch(mail, `job:${job.name}:${job.id}`);
    else await this.mailer.send(mail, job.name);
  }
}
