import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What a build is made of: a change to any of these makes a new one. */
const INPUTS = ['src', 'scripts/bundle.js', 'package-lock.json', 'nest-cli.json'];
const PREFIX = 'store-build-';
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 5 * 60_000;
/** Builds of other sources are removed once this old. */
const KEEP_OTHER_BUILDS_MS = 60 * 60_000;

/**
 * The options `nest build -b swc` compiles this ESM project with (see
 * @nestjs/cli/lib/compiler/defaults/swc-defaults.js), so the modules under test are the shipped
 * ones.
 */
const SWC_OPTIONS = {
  sourceMaps: true,
  module: { type: 'es6', resolveFully: true },
  jsc: {
    target: 'es2021',
    parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
    experimental: { keepImportAttributes: true },
  },
  minify: false,
};

/** A build of `src/` the tests own, so they neither depend on nor disturb the shared `dist/`. */
export interface ServiceBuild {
  /** The bundled `main.js` (its role comes from PROCESS_ROLE). */
  main: string;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** When `path` last changed; now if it is gone (another process removed it meanwhile). */
const modifiedAt = (path: string) =>
  stat(path).then(
    (s) => s.mtimeMs,
    () => Date.now(),
  );

async function filesUnder(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const entries = (await readdir(path)).sort();
  return (await Promise.all(entries.map((entry) => filesUnder(join(path, entry))))).flat();
}

/** A digest of the inputs' paths and contents: the name of their build. */
async function inputsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of await filesUnder(join(ROOT, input))) {
      hash
        .update(file)
        .update('\0')
        .update(await readFile(file))
        .update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Compiles `src/` as `npm run build` does and bundles `main.js` (scripts/bundle.js: a process
 * then starts with far less CPU) into `target`, with a `package.json` declaring ES modules and a
 * link to the project's `node_modules`. Built beside `target` and renamed into place, so `target`
 * only ever holds a whole build.
 */
async function compile(target: string): Promise<void> {
  const dir = await mkdtemp(`${target}.partial-`);
  try {
    await writeFile(join(dir, 'swcrc.json'), JSON.stringify(SWC_OPTIONS));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const run = (args: string[]) =>
      execFileAsync(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    await run([
      join(ROOT, 'node_modules', '@swc', 'cli', 'bin', 'swc.js'),
      'src',
      '-d',
      join(dir, 'dist'),
      '--strip-leading-paths',
      '--no-swcrc',
      '--config-file',
      join(dir, 'swcrc.json'),
    ]);
    await copyAssets(join(dir, 'dist'));
    await run([join(ROOT, 'scripts', 'bundle.js'), join(dir, 'dist')]);
    await rename(dir, target);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`Building the service failed:\n${stderr || stdout || String(error)}`, {
      cause: error,
    });
  }
}

/**
 * The files `nest build` copies beside the compiled tree (nest-cli.json's `assets`, each a folder
 * and everything under it), such as the default e-mail templates.
 */
async function copyAssets(dist: string): Promise<void> {
  const nest = JSON.parse(await readFile(join(ROOT, 'nest-cli.json'), 'utf8')) as {
    compilerOptions?: { assets?: { include: string }[] };
  };
  for (const { include } of nest.compilerOptions?.assets ?? []) {
    const folder = include.replace(/\/\*\*\/\*$/, '');
    await cp(join(ROOT, 'src', folder), join(dist, folder), { recursive: true });
  }
}

async function removeOldBuilds(current: string): Promise<void> {
  const cutoff = Date.now() - KEEP_OTHER_BUILDS_MS;
  for (const entry of await readdir(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (!entry.startsWith(PREFIX) || path === current || path.startsWith(`${current}.`)) continue;
    if ((await modifiedAt(path)) < cutoff) await rm(path, { recursive: true, force: true });
  }
}

/**
 * A build of the current sources, made once and shared: by the spec files of one run, whichever
 * jest worker they run in, and by later runs until a source changes. One process builds (the
 * holder of the lock directory); the others wait for its result.
 */
export async function buildService(): Promise<ServiceBuild> {
  const target = join(tmpdir(), `${PREFIX}${await inputsDigest()}`);
  const main = join(target, 'dist', 'main.js');
  const lock = `${target}.lock`;
  for (;;) {
    if (await exists(main)) return { main };
    const locked = await mkdir(lock).then(
      () => true,
      () => false,
    );
    if (locked) {
      try {
        if (!(await exists(main))) await compile(target);
        await removeOldBuilds(target);
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
      return { main };
    }
    if (Date.now() - (await modifiedAt(lock)) > STALE_LOCK_MS)
      await rm(lock, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
