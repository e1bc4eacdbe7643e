import { BullModule } from '@nestjs/bull';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/index.js';
import { BullQueueAdapter } from './bull-queue.adapter.js';
import { InProcessQueueAdapter } from './in-process-queue.adapter.js';
import { QUEUE_NAMES, QueuePort } from './queue.port.js';

/**
 * How often Bull runs a job again whose worker died while running it (a stall) before it gives
 * the job up as failed. Bull's default, 1, fails a job interrupted by a second crash, so a webhook
 * delivery cut short twice was never sent again. Every job here may run again after a crash (they
 * are at least once); the bound only stops a job that itself kills its worker from doing so forever.
 */
export const MAX_STALLED_RUNS = 10;

/** Provides `QueuePort`: Bull on Redis when `REDIS_URL` is set, in-process otherwise. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (!config.REDIS_URL) {
      return {
        module: QueueModule,
        providers: [{ provide: QueuePort, useClass: InProcessQueueAdapter }],
        exports: [QueuePort],
      };
    }
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({
          redis: config.REDIS_URL,
          prefix: config.QUEUE_PREFIX,
          settings: { maxStalledCount: MAX_STALLED_RUNS },
        }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [{ provide: QueuePort, useClass: BullQueueAdapter }],
      exports: [QueuePort],
    };
  }
}
