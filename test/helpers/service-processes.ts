import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServiceBuild } from './service-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT_TAIL = 40_000;

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
