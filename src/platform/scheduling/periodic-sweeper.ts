import {
  type BeforeApplicationShutdown,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { AppConfig } from '../../config/index.js';
import { PeriodicTask } from './periodic-task.js';

/**
 * A provider that sweeps every `everyMs` in worker processes (see `PeriodicTask`), from the
 * application's start to its shutdown; a failed run is logged, the next one tries again.
 */
export abstract class PeriodicSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly periodic: PeriodicTask<number>;

  protected constructor(
    private readonly config: AppConfig,
    name: string,
    everyMs: number,
  ) {
    const logger = new Logger(name);
    this.periodic = new PeriodicTask(everyMs, () =>
      this.sweepOnce().catch((error: unknown) => {
        logger.warn(`${name} sweep failed: ${String(error)}`);
        return 0;
      }),
    );
  }

  /** One sweep with the default settings; answers how many records it settled. */
  abstract sweepOnce(): Promise<number>;

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** Runs `sweep` unless a sweep is under way, in which case answers that one. */
  protected exclusively(sweep: () => Promise<number>): Promise<number> {
    return this.periodic.runExclusive(sweep);
  }
}
