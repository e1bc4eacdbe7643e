import type { AppConfig } from '../../src/config/index.js';
import { PeriodicTask } from '../../src/platform/scheduling/periodic-task.js';

const worker = { runsWorkers: true } as AppConfig;
const apiOnly = { runsWorkers: false } as AppConfig;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => ([resolve, reject] = [done, fail]));
  return { promise, resolve, reject };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('PeriodicTask', () => {
  it('answers a run asked for while one is under way with that run, then starts anew', async () => {
    const task = new PeriodicTask<number>(60_000, async () => 0);
    const first = deferred<number>();
    let runs = 0;
    const job = () => {
      runs += 1;
      return runs === 1 ? first.promise : Promise.resolve(runs);
    };
    const a = task.runExclusive(job);
    const b = task.runExclusive(job);
    first.resolve(7);
    expect([await a, await b, runs]).toEqual([7, 7, 1]);
    expect(await task.runExclusive(job)).toBe(2);
  });

  it('ticks every interval in a process that runs workers, and stop ends the ticking', async () => {
    let ticks = 0;
    const task = new PeriodicTask<number>(10, async () => ++ticks);
    task.start(worker);
    const deadline = Date.now() + 5_000;
    while (ticks < 2 && Date.now() < deadline) await sleep(10);
    await task.stop();
    const atStop = ticks;
    expect(atStop).toBeGreaterThanOrEqual(2);
    await sleep(50);
    expect(ticks).toBe(atStop);
  });

  it('never ticks in a process that runs no workers', async () => {
    let ticks = 0;
    const task = new PeriodicTask<number>(10, async () => ++ticks);
    task.start(apiOnly);
    await sleep(60);
    await task.stop();
    expect(ticks).toBe(0);
  });

  it('waits for the run under way when stopped, and stops even when that run fails', async () => {
    const task = new PeriodicTask<number>(60_000, async () => 0);
    const run = deferred<number>();
    const asked = task.runExclusive(() => run.promise);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await sleep(10);
    expect(stopped).toBe(false);
    run.reject(new Error('the database went away'));
    await expect(asked).rejects.toThrow('the database went away');
    await stopping;
    expect(stopped).toBe(true);
  });
});
