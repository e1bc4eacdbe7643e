import type Bull from 'bull';
import type { TestApp } from './test-app.js';

/**
 * Events as a process that died right after its commit leaves them: never relayed, their outbox
 * rows old enough for the outbox sweeper to take.
 */
export async function commitUnrelayedEvents(
  t: TestApp,
  storeKey: string,
  name: string,
  count: number,
): Promise<string[]> {
  const rows: { id: string }[] = await t.dataSource.query(
    `WITH stored AS (
       INSERT INTO events (id, store_id, name, payload, created_at)
       SELECT gen_random_uuid(), $1, $2, jsonb_build_object('n', n), clock_timestamp()
       FROM generate_series(1, $3::int) AS n
       RETURNING id, created_at
     ), outboxed AS (
       INSERT INTO event_outbox SELECT id, created_at - interval '1 minute' FROM stored
     )
     SELECT id::text AS id FROM stored`,
    [storeKey, name, count],
  );
  return rows.map((row) => row.id);
}

/**
 * What Bull does by itself for the jobs of a worker that died: once their locks expire
 * (`lockDuration`, 30 s) and a live worker's stalled-job check has come round twice
 * (`stalledInterval`, 30 s), they go back to waiting and run again. Done at once here, so that a
 * test need not wait a minute. Answers how many jobs went back.
 */
export async function requeueJobsOfDeadWorkers(queue: Bull.Queue): Promise<number> {
  const active = await queue.getActive();
  for (const job of active) await queue.client.del(`${queue.toKey(String(job.id))}:lock`);
  const checker = queue as unknown as { moveUnlockedJobsToWait(): Promise<void> };
  // The first check marks the active jobs as possibly stalled, the second moves the unlocked ones.
  for (let round = 0; round < 2; round += 1) {
    await queue.client.del(queue.toKey('stalled-check'));
    await checker.moveUnlockedJobsToWait();
  }
  return active.length - (await queue.getActiveCount());
}
