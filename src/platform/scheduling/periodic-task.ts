import type { AppConfig } from '../../config/index.js';

/**
 * A job run every `everyMs` in processes that run workers, never twice at once: a run asked for
 * while one is under way answers that run. `stop()` ends the ticking and waits for the run under way.
 */
export class PeriodicTask<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  constructor(
    private readonly everyMs: number,
    private readonly tick: () => Promise<T>,
  ) {}

  /** Starts ticking if this process runs workers; the timer never keeps the process alive. */
  start(config: AppConfig): void {
    if (!config.runsWorkers) return;
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref();
  }

  /** Runs `job` unless a run is under way, in which case answers that one. */
  runExclusive(job: () => Promise<T>): Promise<T> {
    this.running ??= job().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    // A run's failure is for whoever asked for it; stopping only waits for its end.
    await this.running?.catch(() => undefined);
  }
}
