import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm test` runs the spec files in GROUP_COUNT groups, one jest test file each
 * (test/suite/group-N.suite.ts), instead of one jest file per spec: jest evaluates a test file's
 * whole module graph (Nest, TypeORM, Fastify, …) afresh, and that costs more than most spec files'
 * tests. Specs are spread over the groups by the durations they took inside their groups
 * (durations.json, longest first, each to the lightest group). Six groups share out evenly
 * between the three jest workers of a run against the servers and the two of an embedded run.
 * Any spec still runs alone with `npx jest <file>`.
 */
export const GROUP_COUNT = 6;

const TEST_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SPEC_FOLDERS = [
  ['e2e', '.e2e-spec.ts'],
  ['unit', '.spec.ts'],
] as const;
/** Seconds a spec not in durations.json is assumed to take. */
const UNKNOWN_DURATION_S = 3;

/** Every spec file, relative to test/, in a stable order. */
function specFiles(): string[] {
  return SPEC_FOLDERS.flatMap(([folder, suffix]) =>
    readdirSync(join(TEST_ROOT, folder))
      .filter((name) => name.endsWith(suffix))
      .map((name) => `${folder}/${name}`),
  ).sort();
}

function recordedDurations(): Record<string, number> {
  return JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));
}

/** The specs of each group: longest first, each to the group with the least time so far. */
export function specGroups(
  files = specFiles(),
  durations = recordedDurations(),
  count = GROUP_COUNT,
): string[][] {
  const groups = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  const seconds = (file: string) => durations[file] ?? UNKNOWN_DURATION_S;
  const longestFirst = [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const lightest = groups.reduce((min, group) => (group.seconds < min.seconds ? group : min));
    lightest.seconds += seconds(file);
    lightest.files.push(file);
  }
  return groups.map((group) => group.files.sort());
}

/** A describe block as jest-circus keeps it; `specFile` is ours (see spec-timing-environment). */
interface DescribeBlock {
  hooks: unknown[];
  children: Array<{ type: string; specFile?: string }>;
}

/** jest-circus's state of this test file (kept on the global under a symbol of its own). */
function runnerState(): { rootDescribeBlock: DescribeBlock } | undefined {
  const global = globalThis as unknown as Record<symbol, never>;
  const key = Object.getOwnPropertySymbols(global).find(
    (symbol) => symbol.description === 'JEST_STATE_SYMBOL',
  );
  return key ? global[key] : undefined;
}

/**
 * Registers the tests of group `index` (1-based): each spec's describe blocks, in order, the test
 * apps they close kept for the next spec that asks for the same (see `shareTestAppsBetweenSpecs`).
 * A spec whose hooks sit outside any describe block is refused: in a group they would run around every
 * other spec's tests too (its app alive for the whole group, its afterEach after their tests).
 */
export async function registerGroup(index: number): Promise<void> {
  const { shareTestAppsBetweenSpecs } = await import('../helpers/test-app.js');
  // The group's idle apps close one after another, each stopping its queues and sweepers.
  afterAll(shareTestAppsBetweenSpecs(), 180_000);
  const root = () => runnerState()?.rootDescribeBlock;
  for (const file of specGroups()[index - 1]) {
    const [hooksBefore, childrenBefore] = [root()?.hooks.length ?? 0, root()?.children.length ?? 0];
    await import(pathToFileURL(join(TEST_ROOT, file)).href);
    if ((root()?.hooks.length ?? 0) !== hooksBefore) {
      throw new Error(`${file} registers hooks outside any describe block: wrap its tests in one`);
    }
    for (const child of root()?.children.slice(childrenBefore) ?? []) {
      if (child.type === 'describeBlock') child.specFile = file;
    }
  }
}
