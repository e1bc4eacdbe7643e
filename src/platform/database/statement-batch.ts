import { performance } from 'node:perf_hooks';

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/** How a `StatementBatch` collects its inputs. */
export interface StatementBatchOptions {
  /** Batches running at once (1). */
  parallel?: number;
  /** How long a busy batch waits for more inputs before running (0: the next turn only). */
  gatherMs?: number;
}

/**
 * The window of the statements of background jobs that run in backlogs (subscriber jobs, mail
 * deliveries): a few milliseconds more per statement for a job, a fraction of the round trips.
 */
export const BACKLOG_GATHER_MS = 10;

/** Windows without a batch after which the batch counts as quiet again. */
const QUIET_AFTER_WINDOWS = 4;

/**
 * Runs the same statement for concurrent callers as one statement: inputs that arrive in the same
 * turn of the event loop go in one batch, and each caller gets its own answer. With many jobs
 * under way (webhook or e-mail deliveries), each of a job's statements costs one round trip per
 * batch instead of one per job; a job alone waits one turn of the event loop.
 * At most `parallel` batches run at a time; inputs that arrive while they all run go in the next
 * one. `execute` must run one statement (all or nothing).
 *
 * Background work (a backlog of mails) gains from a `gatherMs` window: while the batch is busy
 * (a batch ran in the last few windows), a new batch waits that long for more inputs, or until it
 * is full. Spread-out jobs then share statements too, each round trip serving more of them; an
 * input arriving after a quiet spell still goes at once.
 */
export class StatementBatch<I, O> {
  private waiting: Waiting<I, O>[] = [];
  /** Batches running or about to run (one of them, `scheduled`, still taking inputs). */
  private running = 0;
  private scheduled = false;
  private gathering: NodeJS.Timeout | undefined;
  private lastRunAt = Number.NEGATIVE_INFINITY;
  private readonly parallel: number;
  private readonly gatherMs: number;

  /** `execute` answers one output per input, in their order. */
  constructor(
    private readonly maxSize: number,
    private readonly execute: (inputs: I[]) => Promise<O[]>,
    options: StatementBatchOptions = {},
  ) {
    this.parallel = options.parallel ?? 1;
    this.gatherMs = options.gatherMs ?? 0;
  }

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.start();
    });
  }

  private start(): void {
    if (this.scheduled) {
      // A full batch need not wait out its window.
      if (this.gathering && this.waiting.length >= this.maxSize) this.runScheduled();
      return;
    }
    if (this.running >= this.parallel || this.waiting.length === 0) return;
    this.running += 1;
    this.scheduled = true;
    if (this.busy() && this.waiting.length < this.maxSize) {
      this.gathering = setTimeout(() => this.runScheduled(), this.gatherMs);
    } else {
      setImmediate(() => this.runScheduled());
    }
  }

  private busy(): boolean {
    return (
      this.gatherMs > 0 && performance.now() - this.lastRunAt < this.gatherMs * QUIET_AFTER_WINDOWS
    );
  }

  private runScheduled(): void {
    if (!this.scheduled) return;
    clearTimeout(this.gathering);
    this.gathering = undefined;
    this.scheduled = false;
    void this.flush();
  }

  private async flush(): Promise<void> {
    this.lastRunAt = performance.now();
    const batch = this.waiting.splice(0, this.maxSize);
    this.start(); // what exceeds maxSize goes in a batch of its own, if one more may run
    try {
      const outputs = await this.execute(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, index) => waiting.resolve(outputs[index]));
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error);
      // One statement, so nothing of it stayed: run each input alone, so that an input that
      // cannot succeed (its endpoint deleted meanwhile, say) fails only its own caller.
      else await Promise.all(batch.map((waiting) => this.alone(waiting)));
    } finally {
      this.running -= 1;
      this.start();
    }
  }

  private async alone(waiting: Waiting<I, O>): Promise<void> {
    try {
      const [output] = await this.execute([waiting.input]);
      waiting.resolve(output);
    } catch (error) {
      waiting.reject(error);
    }
  }
}
