// Writes test/suite/durations.json from a per-file jest run's JSON report:
//   npm run test:durations
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const testRoot = fileURLToPath(new URL('..', import.meta.url));
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((result) => [
      relative(testRoot, result.name),
      Math.round((result.endTime - result.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(
  new URL('./durations.json', import.meta.url),
  `${JSON.stringify(durations, null, 2)}\n`,
);
process.stderr.write(`durations of ${Object.keys(durations).length} spec files written\n`);
