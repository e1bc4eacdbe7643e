import {
  StatementBatch,
  type StatementBatchOptions,
} from '../../src/platform/database/statement-batch.js';

/** A batch whose statement doubles its inputs, recording every batch it ran; `bad` fails one. */
function doubling(maxSize = 100, bad?: number, options: StatementBatchOptions = {}) {
  const batches: number[][] = [];
  const batch = new StatementBatch<number, number>(
    maxSize,
    async (inputs) => {
      batches.push(inputs);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (bad !== undefined && inputs.includes(bad)) throw new Error(`cannot take ${bad}`);
      return inputs.map((input) => input * 2);
    },
    options,
  );
  return { batch, batches };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('StatementBatch', () => {
  it('runs the inputs of concurrent callers as one statement, each caller getting its own answer', async () => {
    const { batch, batches } = doubling();
    expect(await Promise.all([1, 2, 3].map((n) => batch.run(n)))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('collects the inputs that arrive while a statement runs into the next one', async () => {
    const { batch, batches } = doubling();
    const first = batch.run(1);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const later = [2, 3].map((n) => batch.run(n));
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('never puts more than maxSize inputs in one statement', async () => {
    const { batch, batches } = doubling(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batch.run(n)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('runs a failed statement’s inputs one by one: only the failing input’s caller fails', async () => {
    const { batch, batches } = doubling(100, 2);
    const results = await Promise.allSettled([1, 2, 3].map((n) => batch.run(n)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('cannot take 2') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    // The batch goes on serving.
    expect(await batch.run(4)).toBe(8);
  });

  describe('with a gathering window', () => {
    it('runs the first input at once', async () => {
      const { batch, batches } = doubling(100, undefined, { gatherMs: 200 });
      const first = batch.run(1);
      await pause(20);
      expect(await Promise.all([first, batch.run(2)])).toEqual([2, 4]);
      // Had 1 waited out the window, 2 would have joined it.
      expect(batches).toEqual([[1], [2]]);
    });

    it('while busy, waits for inputs that come spread out and runs them as one statement', async () => {
      const { batch, batches } = doubling(100, undefined, { gatherMs: 200 });
      await batch.run(1);
      const spread = [batch.run(2)];
      await pause(20);
      spread.push(batch.run(3));
      await pause(20);
      spread.push(batch.run(4));
      expect(await Promise.all(spread)).toEqual([4, 6, 8]);
      expect(batches).toEqual([[1], [2, 3, 4]]);
    });

    it('runs a batch that fills up before its window ends', async () => {
      const { batch, batches } = doubling(2, undefined, { gatherMs: 60_000 });
      await batch.run(1);
      expect(await Promise.all([batch.run(2), batch.run(3)])).toEqual([4, 6]);
      expect(batches).toEqual([[1], [2, 3]]);
    });

    it('counts as quiet again some windows after its last batch', async () => {
      const { batch, batches } = doubling(100, undefined, { gatherMs: 50 });
      await batch.run(1);
      await pause(300);
      const first = batch.run(2);
      await pause(20);
      expect(await Promise.all([first, batch.run(3)])).toEqual([4, 6]);
      expect(batches).toEqual([[1], [2], [3]]);
    });
  });
});
