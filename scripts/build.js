// `npm run build`: compiles `src/` to `dist/` and stamps the build with the time it began.
// `--if-changed` (`npm start`'s build step) builds only when a source or build setting changed
// since the last stamped build, else only writes the embedded database template if it is missing
// (the temporary directory was cleaned): a later start runs the service straight away.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp');
const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  '.swcrc',
  'scripts/build.js',
];

/** The latest modification under `path` (a directory's own time changes when an entry goes). */
function lastChange(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (latest, entry) => Math.max(latest, lastChange(join(path, entry))),
    stat.mtimeMs,
  );
}

function run(command) {
  const { status } = spawnSync(command, { cwd: ROOT, stdio: 'inherit', shell: true });
  if (status !== 0) process.exit(status ?? 1);
}

if (!process.argv.includes('--if-changed')) {
  // Stamped with the time the build began: a file saved during the build is built next time.
  const began = new Date();
  run(`"${join(ROOT, 'node_modules', '.bin', 'nest')}" build -b swc`);
  writeFileSync(STAMP, '');
  utimesSync(STAMP, began, began);
} else {
  const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  if (INPUTS.some((input) => lastChange(join(ROOT, input)) > builtAt)) {
    run('npm run build');
  } else if (!process.env.DATABASE_URL) {
    const { embeddedTemplateName } =
      await import('../dist/platform/database/embedded-template-name.js');
    if (!existsSync(join(tmpdir(), embeddedTemplateName()))) {
      run('node dist/cli.js prepare-embedded');
    }
  }
}
