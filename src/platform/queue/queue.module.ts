import { BullModule } from '@nestjs/bull';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/index.js';
import { BullQueueAdapter } from './bull-queue.adapter.js';
import { InProcessQueueAdapter } from './in-process-queue.adapter.js';
import { QUEUE_NAMES, QueuePort } from './queue.port.js';

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
        BullModule.forRoot({ redis: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [{ provide: QueuePort, useClass: BullQueueAdapter }],
      exports: [QueuePort],
    };
  }
}
