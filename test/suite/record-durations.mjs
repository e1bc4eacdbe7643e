// Writes test/suite/durations.json from the spec timings a grouped run appended (see
// spec-timing-environment.js):   npm run test:durations
import { readFileSync, writeFileSync } from 'node:fs';

const seconds = {};
for (const line of readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean)) {
  const { file, seconds: spent } = JSON.parse(line);
  seconds[file] = (seconds[file] ?? 0) + spent;
}
const durations = Object.fromEntries(
  Object.entries(seconds)
    .map(([file, spent]) => [file, Math.round(spent * 10) / 10])
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(
  new URL('./durations.json', import.meta.url),
  `${JSON.stringify(durations, null, 2)}\n`,
);
process.stderr.write(`durations of ${Object.keys(durations).length} spec files written\n`);
