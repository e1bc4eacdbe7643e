import { appendFileSync } from 'node:fs';
import { TestEnvironment } from 'jest-environment-node';

/**
 * The test environment of `npm test`'s groups. With `SPEC_TIMINGS_FILE` set, it appends one line
 * per spec file to that file, `{"file":…,"seconds":…}`: the time the spec's top-level describe
 * blocks took inside their group, hooks included (registerGroup tags each block with its spec).
 * These are the durations the groups are balanced by (`npm run test:durations`).
 */
export default class SpecTimingEnvironment extends TestEnvironment {
  started = new Map();
  seconds = new Map();

  handleTestEvent(event) {
    const file = event.describeBlock?.specFile;
    if (event.name === 'run_describe_start' && file) {
      this.started.set(event.describeBlock, performance.now());
    } else if (event.name === 'run_describe_finish' && file) {
      const elapsed = performance.now() - this.started.get(event.describeBlock);
      this.seconds.set(file, (this.seconds.get(file) ?? 0) + elapsed / 1000);
    } else if (event.name === 'run_finish' && process.env.SPEC_TIMINGS_FILE) {
      const lines = [...this.seconds].map(([spec, seconds]) =>
        JSON.stringify({ file: spec, seconds }),
      );
      if (lines.length > 0) appendFileSync(process.env.SPEC_TIMINGS_FILE, `${lines.join('\n')}\n`);
    }
  }
}
