import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';

/** What one block printed (stdout and stderr, as they came). */
export interface BlockRun {
  output: string;
}

/**
 * One `bash -euo pipefail` for a whole document: each block is written to a file and sourced, so
 * variables and functions carry from block to block as in a reader's terminal. Bash reads one
 * command line at a time from descriptor 3 (stdin is empty: nothing the blocks run should read the
 * terminal); after each block a line with a nonce marks its end on stdout. A failing command ends
 * bash (`-e`).
 */
export class BlockShell {
  private output = '';
  private readonly marker = `@@block-done-${randomBytes(6).toString('hex')}`;
  private readonly child: ChildProcess;
  private readonly script: Writable;
  private readonly exited: Promise<number | null>;
  private blocks = 0;

  constructor(
    cwd: string,
    env: Record<string, string>,
    private readonly scratchDir: string,
  ) {
    const loop = 'while IFS= read -r -u 3 line; do eval "$line"; done';
    this.child = spawn('bash', ['-euo', 'pipefail', '-c', loop], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk: Buffer) => (this.output += chunk.toString('utf8'));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.script = this.child.stdio[3] as Writable;
    // Bash gone (a block failed): what it did not read is of no interest.
    this.script.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /**
   * Runs `code` (sourced in `cwd` when given, then back); answers what it printed, or fails with
   * the block's output when a command fails or it takes longer than `timeoutMs`.
   */
  async run(code: string, options: { cwd?: string; timeoutMs: number }): Promise<BlockRun> {
    const index = (this.blocks += 1);
    const file = join(this.scratchDir, `block-${index}.sh`);
    await writeFile(file, `${code}\n`);
    const start = this.output.length;
    const done = `${this.marker}-${index}`;
    const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
    const steps = [
      ...(options.cwd ? [`pushd ${quoted(options.cwd)} > /dev/null`] : []),
      `source ${quoted(file)}`,
      ...(options.cwd ? ['popd > /dev/null'] : []),
      `printf '\\n%s\\n' ${quoted(done)}`,
    ];
    this.script.write(`${steps.join('; ')}\n`);
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const at = this.output.indexOf(done, start);
      if (at >= 0) {
        const output = this.output.slice(start, at).replace(/\n$/, '');
        this.output = this.output.slice(at + done.length + 1);
        return { output };
      }
      const code = this.child.exitCode ?? this.child.signalCode;
      if (code !== null)
        throw new Error(`exited with ${code}; its output:\n${this.output.slice(start)}`);
      if (Date.now() > deadline) {
        this.kill();
        throw new Error(
          `still ran after ${options.timeoutMs} ms; its output:\n${this.output.slice(start)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      // The whole process group: bash and what it started.
      process.kill(-this.child.pid!, 'SIGKILL');
    }
  }

  /** Ends the shell (and anything it left running). */
  async close(): Promise<void> {
    this.script.end();
    const ended = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    if (!ended) this.kill();
    await this.exited;
  }
}
