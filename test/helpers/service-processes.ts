import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT_TAIL = 40_000;

/**
 * The options `nest build -b swc` compiles this ESM project with (see
 * @nestjs/cli/lib/compiler/defaults/swc-defaults.js), so the build under test is the shipped one.
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
  /** The compiled `main.js` (its role comes from PROCESS_ROLE). */
  main: string;
  remove(): Promise<void>;
}

/**
 * Compiles the current sources into a private directory (about half a second), with a
 * `package.json` declaring ES modules and a link to the project's `node_modules`.
 */
export async function buildService(): Promise<ServiceBuild> {
  const dir = await mkdtemp(join(tmpdir(), 'store-build-'));
  await writeFile(join(dir, 'swcrc.json'), JSON.stringify(SWC_OPTIONS));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const swc = join(ROOT, 'node_modules', '@swc', 'cli', 'bin', 'swc.js');
  try {
    await execFileAsync(
      process.execPath,
      [
        swc,
        'src',
        '-d',
        join(dir, 'dist'),
        '--strip-leading-paths',
        '--no-swcrc',
        '--config-file',
        join(dir, 'swcrc.json'),
      ],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`Building the service failed:\n${stderr || stdout || String(error)}`, {
      cause: error,
    });
  }
  return {
    main: join(dir, 'dist', 'main.js'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A running service process (`PROCESS_ROLE` api, worker or all). */
export interface ServiceProcess {
  name: string;
  pid: number;
  /** Base URL of its HTTP API; undefined for a worker. */
  url?: string;
  output(): string;
  running(): boolean;
  /** The exit code once it exited by itself or on a catchable signal; null while it runs. */
  exitCode(): number | null;
  /** Sends `signal` (SIGKILL: a crash, nothing cleaned up) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<ServiceProcess>();

/**
 * Starts `node <build>/dist/main.js` with exactly `env` (plus PATH) and resolves once it serves:
 * `/health` answers 200 (api, all) or the worker says it consumes its queues. Fails, with the
 * process's output, if it exits or is not ready within `timeoutMs` (generous: a busy machine
 * starts processes slowly).
 */
export async function startServiceProcess(
  build: ServiceBuild,
  name: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, [build.main], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The banner names the URL, with the port the OS chose for PORT=0; noted as it passes, before
  // the tail is cut: the boot log that follows can push it out, even within one chunk.
  let bannerUrl: string | undefined;
  const keep = (chunk: Buffer) => {
    const seen = output + chunk.toString('utf8');
    bannerUrl ??= /URL: +(http:\/\/[^\s]+)/.exec(seen)?.[1];
    output = seen.slice(-OUTPUT_TAIL);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const proc: ServiceProcess = {
    name,
    pid: child.pid!,
    output: () => output,
    running: isRunning,
    exitCode: () => child.exitCode,
    async kill(signal = 'SIGKILL') {
      if (isRunning()) child.kill(signal);
      await exited;
      running.delete(proc);
    },
  };
  running.add(proc);

  const worker = env.PROCESS_ROLE === 'worker';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning()) {
      running.delete(proc);
      throw new Error(`${name} exited before it was ready:\n${output}`);
    }
    if (worker) {
      if (output.includes('Worker started')) break;
    } else {
      const url = bannerUrl;
      if (
        url &&
        (await fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        proc.url = url;
        break;
      }
    }
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return proc;
}

/** Kills every process started here that still runs (for afterAll). */
export async function killServiceProcesses(): Promise<void> {
  await Promise.all([...running].map((proc) => proc.kill()));
}
