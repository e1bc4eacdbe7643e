/** Everything written to stdout and stderr (where pino writes its JSON lines) while `work` runs. */
export async function outputDuring(work: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write);
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof stream.write;
  }
  try {
    await work();
    // Logging is asynchronous: let the last lines land.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    streams.forEach((stream, index) => (stream.write = originals[index]));
  }
  return chunks.join('');
}
