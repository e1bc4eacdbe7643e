interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs the same statement for concurrent callers as one statement: inputs that arrive while a
 * batch runs (or in the same turn of the event loop) go in the next batch, and each caller gets
 * its own answer. With `WEBHOOK_CONCURRENCY` deliveries under way, each of a delivery's
 * statements costs one round trip per batch instead of one per delivery; a delivery alone waits
 * one turn of the event loop.
 */
export class StatementBatch<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = false;

  /** `execute` answers one output per input, in their order. */
  constructor(
    private readonly maxSize: number,
    private readonly execute: (inputs: I[]) => Promise<O[]>,
  ) {}

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.start();
    });
  }

  private start(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const batch = this.waiting.splice(0, this.maxSize);
    try {
      const outputs = await this.execute(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, index) => waiting.resolve(outputs[index]));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.running = false;
      this.start();
    }
  }
}
