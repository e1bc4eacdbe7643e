import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SealedBox } from '../../common/crypto/sealed-box.js';
import { AppConfig } from '../../config/index.js';
import { type Job, QueuePort } from '../queue/queue.port.js';
import { MailDispatch, type TemplatedMail } from './templated-mail.js';

/**
 * Turns a mail job's data into the mail to send, or null when there is nothing to send (e.g. the
 * recipient is unknown). It runs in a worker, once per attempt; `MailDispatch` records and sends
 * what it answers.
 */
export type MailComposer<T> = (data: T) => Promise<TemplatedMail | null>;

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
    await this.dispatcher.dispatch(mail, `job:${job.name}:${job.id}`);
  }
}
