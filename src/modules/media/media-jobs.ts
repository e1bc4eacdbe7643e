import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Job, QueuePort } from '../../platform/queue/queue.port.js';
import { MediaProcessing } from './media-processing.js';

interface MediaJob {
  mediaId: string;
}

const FETCH_URL = 'fetch_media_url';
const MAKE_RENDITIONS = 'make_media_renditions';
const ATTEMPTS = 3;
/** Image work is CPU- and memory-heavy: a few at a time per process. */
const CONCURRENCY = 2;
/** A media processing this long after its last change lost its job (its process died). */
const ABANDONED_AFTER = '1 minute';

/**
 * The `media` queue: fetching URL uploads and making renditions, after the request answered. A
 * media whose job was lost (its process died before enqueueing it, or an in-process queue went
 * with its process) is handed to a job again when a process starts.
 */
@Injectable()
export class MediaJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('MediaJobs');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly processing: MediaProcessing,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.consume<MediaJob>('media', (job) => this.run(job), CONCURRENCY);
    void this.resumeAbandoned().catch((error: unknown) =>
      this.logger.warn(`Could not resume unfinished media: ${String(error)}`),
    );
  }

  async resumeAbandoned(): Promise<void> {
    const abandoned = (await this.dataSource.query(
      `SELECT id::text AS id, original_key IS NULL AS fetch FROM media
       WHERE status = 'processing' AND updated_at < now() - $1::interval`,
      [ABANDONED_AFTER],
    )) as { id: string; fetch: boolean }[];
    for (const { id, fetch } of abandoned) {
      await (fetch ? this.fetchUrl(id) : this.makeRenditions(id));
    }
  }

  /** After the transaction that created the media committed. */
  fetchUrl(mediaId: string): Promise<void> {
    return this.queue.enqueue<MediaJob>('media', FETCH_URL, { mediaId }, this.options());
  }

  makeRenditions(mediaId: string): Promise<void> {
    return this.queue.enqueue<MediaJob>('media', MAKE_RENDITIONS, { mediaId }, this.options());
  }

  private async run(job: Job<MediaJob>): Promise<void> {
    try {
      if (job.name === FETCH_URL) await this.processing.fetchUrl(job.data.mediaId);
      else await this.processing.makeRenditions(job.data.mediaId);
    } catch (error) {
      if (job.attempt < ATTEMPTS) throw error;
      this.logger.warn(`Media ${job.data.mediaId} failed: ${String(error)}`);
      await this.processing.fail(job.data.mediaId, 'The image could not be processed');
    }
  }

  private options() {
    return { attempts: ATTEMPTS, backoffMs: 1_000 };
  }
}
