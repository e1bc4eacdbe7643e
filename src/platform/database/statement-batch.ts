interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs the same statement for concurrent callers as one statement: inputs that arrive in the same
 * turn of the event loop go in one batch, and each caller gets its own answer. With many jobs
 * under way (webhook or e-mail deliveries), each of a job's statements costs one round trip per
 * batch instead of one per job; a job alone waits one turn of the event loop.
 * At most `parallel` batches run at a time; inputs that arrive while they all run go in the next
 * one. `execute` must run one statement (all or nothing).
 */
export class StatementBatch<I, O> {
  private waiting: Waiting<I, O>[] = [];
  /** Batches running or about to run (one of them, `scheduled`, still taking inputs). */
  private running = 0;
  private scheduled = false;

  /** `execute` answers one output per input, in their order. */
  constructor(
    private readonly maxSize: number,
    private readonly execute: (inputs: I[]) => Promise<O[]>,
    private readonly parallel = 1,
  ) {}

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.start();
    });
  }

  private start(): void {
    if (this.scheduled || this.running >= this.parallel || this.waiting.length === 0) return;
    this.running += 1;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
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
