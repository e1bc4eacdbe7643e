import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * A copy of the repository's working tree (the files git tracks or would, as they are now) in a
 * temporary directory, sharing `node_modules` through a link: where blocks that write files into
 * the repository (generators) run.
 */
export async function copyRepository(
  root: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'store-repo-copy-'));
  const { stdout } = await execFileAsync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const files = stdout.split('\0').filter(Boolean);
  for (const file of files) {
    await mkdir(dirname(join(path, file)), { recursive: true });
    // A tracked file deleted in the working tree is not part of it any more.
    await cp(join(root, file), join(path, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(join(root, 'node_modules'), join(path, 'node_modules'), 'dir');
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
