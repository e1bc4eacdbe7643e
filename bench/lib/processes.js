import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const OUTPUT_TAIL = 20_000;

/** A free TCP port on loopback (there is a small race until the child binds it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `node <args>` to completion and returns its stdout; a failure carries its stderr. */
export async function runNode(args, { cwd, env }) {
  try {
    const { stdout } = await execFileAsync(process.execPath, args, {
      cwd,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    throw new Error(`node ${args.join(' ')} failed:\n${error.stderr || error.message}`, {
      cause: error,
    });
  }
}

/** Starts `node <args>` in the background, keeping the tail of its output for error messages. */
export function startNode(name, args, { cwd, env }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  return {
    name,
    pid: child.pid,
    exited,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `check` until it returns a truthy value; fails early if `proc` exits, showing its output. */
export async function waitFor(description, check, { proc, timeoutMs = 60_000, intervalMs = 200 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.running()) {
      throw new Error(`${proc.name} exited while waiting for ${description}:\n${proc.output()}`);
    }
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${description} (${proc.name}):\n${proc.output()}`,
      );
    }
    await sleep(intervalMs);
  }
}

export async function httpOk(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.ok;
}
