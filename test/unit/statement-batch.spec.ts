import { StatementBatch } from '../../src/platform/database/statement-batch.js';

/** A batch whose statement doubles its inputs, recording every batch it ran; `bad` fails one. */
function doubling(maxSize = 100, bad?: number) {
  const batches: number[][] = [];
  const batch = new StatementBatch<number, number>(maxSize, async (inputs) => {
    batches.push(inputs);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (bad !== undefined && inputs.includes(bad)) throw new Error(`cannot take ${bad}`);
    return inputs.map((input) => input * 2);
  });
  return { batch, batches };
}

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
});
