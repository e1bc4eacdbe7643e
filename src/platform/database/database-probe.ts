import pg from 'pg';

/** Opens one connection to the database at `url` (giving up after `timeoutMs`) and closes it. */
export async function probeDatabase(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    application_name: 'store-boot-probe',
  });
  // A failure is the rejection of connect(); the event would only repeat it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}
