import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.js';
import type { ServiceBuild } from '../service-build.js';
import { type ServiceProcess, startServiceProcess } from '../service-processes.js';
import { BlockShell } from './block-shell.js';
import { type ShellBlock, shellBlocks, showsExpected } from './markdown-blocks.js';
import { copyRepository } from './repo-copy.js';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Generous: a block may build the service (`npm run build`) or lint the repository. */
const BLOCK_TIMEOUT_MS = 8 * 60_000;
/** What the test runner sets that a reader's terminal does not have. */
const NOT_IN_A_TERMINAL = /^(NODE_OPTIONS|NODE_ENV|DATABASE_URL|REDIS_URL|JEST_.*|npm_.*)$/;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('No port');
  return address.port;
}

/** A block that failed, with what it printed. */
export class WalkthroughError extends Error {
  override name = 'WalkthroughError';
}

const describeBlock = (file: string, block: ShellBlock) =>
  `${file}:${block.line}\n${block.code.replace(/^/gm, '    ')}`;

/** The variables of where a document runs: a data directory, a port, the database servers. */
interface Setting {
  /** What the blocks' shell and the service both get. */
  shared: Record<string, string>;
  database?: ScratchDatabase;
}

/**
 * Embedded (a data directory of its own) without DATABASE_URL; with it, a new database on that
 * server (and the Redis of REDIS_URL), so that the stores a walkthrough creates, the default
 * store and the host names it claims are its own.
 */
async function settingFor(dataDir: string): Promise<Setting> {
  const shared: Record<string, string> = { PORT: String(await freePort()), DATA_DIR: dataDir };
  if (!process.env.DATABASE_URL) return { shared };
  const database = await createScratchDatabase(process.env.DATABASE_URL);
  shared.DATABASE_URL = database.url;
  if (process.env.REDIS_URL) {
    shared.REDIS_URL = process.env.REDIS_URL;
    shared.QUEUE_PREFIX = `walkthrough-${randomBytes(4).toString('hex')}`;
  }
  return { shared, database };
}

function terminalEnv(shared: Record<string, string>): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !NOT_IN_A_TERMINAL.test(entry[0]),
    ),
  );
  return { ...env, ...shared };
}

/**
 * Runs the shell blocks of `file` (relative to the repository root) as a reader pastes them: in
 * order, in one bash process, from the repository root, with PORT and DATA_DIR set (and the
 * database servers when the suite has them). Where a block marked `starts-service` stands, the
 * service starts as `npm start` runs it (`node dist/main.js` of `build`). Fails on the first block
 * that fails, or that does not print what its `# → ` lines say. Answers each run block's output.
 */
export async function runWalkthrough(
  file: string,
  build: ServiceBuild,
): Promise<Map<ShellBlock, string>> {
  const blocks = shellBlocks(file, await readFile(join(REPO_ROOT, file), 'utf8'));
  const scratch = await mkdtemp(join(tmpdir(), 'store-walkthrough-'));
  const dataDir = join(scratch, 'data');
  await mkdir(dataDir);
  const setting = await settingFor(dataDir);
  const shell = new BlockShell(REPO_ROOT, terminalEnv(setting.shared), scratch);
  let service: ServiceProcess | undefined;
  let copy: Awaited<ReturnType<typeof copyRepository>> | undefined;
  const outputs = new Map<ShellBlock, string>();
  try {
    for (const block of blocks) {
      if (block.notRun !== undefined) {
        if (block.startsService && !service)
          service = await startServiceProcess(build, `service of ${file}`, {
            ...setting.shared,
            HOST: '127.0.0.1',
          });
        continue;
      }
      if (block.inRepoCopy) copy ??= await copyRepository(REPO_ROOT);
      const run = await shell
        .run(block.code, {
          cwd: block.inRepoCopy ? copy!.path : undefined,
          timeoutMs: BLOCK_TIMEOUT_MS,
        })
        .catch((error: Error) => {
          throw new WalkthroughError(`${describeBlock(file, block)}\nfailed: ${error.message}`, {
            cause: error,
          });
        });
      const missing = block.expected.filter((expected) => !showsExpected(run.output, expected));
      if (missing.length > 0)
        throw new WalkthroughError(
          `${describeBlock(file, block)}\ndid not print ${missing.map((m) => `"${m}"`).join(', ')}; it printed:\n${run.output}`,
        );
      outputs.set(block, run.output);
    }
    return outputs;
  } finally {
    await shell.close();
    await service?.kill('SIGTERM');
    await setting.database?.drop();
    await copy?.remove();
    await rm(scratch, { recursive: true, force: true });
  }
}
