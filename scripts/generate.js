#!/usr/bin/env node
/**
 * `npm run generate -- <schematic> <name> [nest g options]`: runs `nest g` (configured in
 * nest-cli.json to write under src/modules/, without spec files), then fits what it wrote into the
 * layout of this service:
 *
 * - relative imports of new and changed files end in `.js` (the schematics already do this for
 *   ESM packages; this makes sure of it);
 * - a new module gets its public face, `src/modules/<name>/index.ts`, is registered in
 *   `AppModule.forRoot` through that face (plain `nest g module` adds a deep import to the static
 *   `@Module()` of AppModule, which the import rules refuse), and is appended to the `MODULES`
 *   order of `.dependency-cruiser.cjs`;
 * - a new service (any `*.service.ts`) is exported from its module's `index.ts`;
 * - everything touched is formatted with Prettier.
 *
 * See docs/extending.md.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SRC = join(ROOT, 'src');
const MODULES_DIR = join(SRC, 'modules');
const APP_MODULE = join(SRC, 'app.module.ts');
const IMPORT_RULES = join(ROOT, '.dependency-cruiser.cjs');
const MODULE_SCHEMATICS = new Set(['module', 'mo']);

const say = (line) => process.stdout.write(`${line}\n`);
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const posix = (path) => path.split(sep).join('/');

function sourceFiles(dir, files = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, files);
    else if (entry.name.endsWith('.ts')) files.set(path, readFileSync(path, 'utf8'));
  }
  return files;
}

/** `./brand.service` → `./brand.service.js`; a directory import → `./dir/index.js`. */
function withJsExtensions(file, source) {
  return source.replace(
    /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g,
    (whole, lead, quote, specifier) => {
      if (/\.(js|mjs|cjs|json)$/.test(specifier)) return whole;
      const target = join(dirname(file), specifier);
      const fixed =
        existsSync(target) && statSync(target).isDirectory()
          ? `${specifier.replace(/\/$/, '')}/index.js`
          : `${specifier}.js`;
      return `${lead}${quote}${fixed}${quote}`;
    },
  );
}

function exportedClass(source) {
  return /export class (\w+)/.exec(source)?.[1];
}

/** The module folder (`src/modules/<name>`) a file lies in, if any. */
function moduleDirOf(file) {
  const inModules = relative(MODULES_DIR, file);
  if (inModules.startsWith('..')) return undefined;
  const [name, ...rest] = inModules.split(sep);
  return rest.length ? join(MODULES_DIR, name) : undefined;
}

/** Adds `export { Name } from './file.js';` to the module's index.ts, creating it if needed. */
function exportFromIndex(moduleDir, file, className, touched) {
  const index = join(moduleDir, 'index.ts');
  const specifier = `./${posix(relative(moduleDir, file)).replace(/\.ts$/, '.js')}`;
  const line = `export { ${className} } from '${specifier}';\n`;
  const current = existsSync(index) ? readFileSync(index, 'utf8') : '';
  if (new RegExp(`\\b${className}\\b`).test(current)) return;
  writeFileSync(index, current + line);
  touched.add(index);
  say(`  exported ${className} from ${posix(relative(ROOT, index))}`);
}

/** Adds the provider to the `exports` of the `@Module()` that nest g declared it in. */
async function exportFromModule(moduleFile, className, touched) {
  let MetadataManager;
  try {
    ({ MetadataManager } = await import('@nestjs/schematics/dist/utils/metadata.manager.js'));
  } catch {
    return false;
  }
  const source = readFileSync(moduleFile, 'utf8');
  if (new RegExp(`exports:\\s*\\[[^\\]]*\\b${className}\\b`).test(source)) return true;
  const updated = new MetadataManager(source).insert('exports', className);
  if (!updated) return false;
  writeFileSync(moduleFile, updated);
  touched.add(moduleFile);
  say(`  exported ${className} from the @Module() of ${posix(relative(ROOT, moduleFile))}`);
  return true;
}

/** Imports the module through its public face and lists it in AppModule.forRoot. */
function registerInAppModule(moduleDir, className, touched) {
  const name = basename(moduleDir);
  const importLine = `import { ${className} } from './modules/${name}/index.js';`;
  let source = readFileSync(APP_MODULE, 'utf8');
  if (source.includes(importLine)) return true;
  const lines = source.split('\n');
  const spread = lines.findIndex((line) => /^\s*\.\.\.extraModules,\s*$/.test(line));
  const lastImport = lines.findLastIndex((line) => /^import .* from '[^']+';$/.test(line));
  if (spread < 0 || lastImport < 0) return false;
  const indent = /^\s*/.exec(lines[spread])[0];
  lines.splice(spread, 0, `${indent}${className},`);
  lines.splice(lastImport + 1, 0, importLine);
  source = lines.join('\n');
  writeFileSync(APP_MODULE, source);
  touched.add(APP_MODULE);
  say(`  registered ${className} in AppModule.forRoot (src/app.module.ts)`);
  return true;
}

/** Appends the module to the end of the MODULES order: it may import every module before it. */
function addToImportOrder(name, touched) {
  const source = readFileSync(IMPORT_RULES, 'utf8');
  const list = /const MODULES = \[([^\]]*)\];/.exec(source);
  if (!list) return false;
  if (new RegExp(`['"]${name}['"]`).test(list[1])) return true;
  const entries = list[1].trimEnd();
  const updated = source.replace(
    list[0],
    `const MODULES = [${entries}${entries.endsWith(',') ? '' : ','}\n  '${name}',\n];`,
  );
  writeFileSync(IMPORT_RULES, updated);
  touched.add(IMPORT_RULES);
  say(
    `  appended '${name}' to MODULES in .dependency-cruiser.cjs (move it up if earlier modules must import it)`,
  );
  return true;
}

const args = process.argv.slice(2);
const [schematic, name] = args;
if (!schematic || !name || args.includes('--help') || args.includes('-h')) {
  say('Usage: npm run generate -- <schematic> <name> [path] [nest g options]');
  say('  e.g. npm run generate -- module brand');
  say('       npm run generate -- service brand');
  say('       npm run generate -- controller brand/admin-brands --flat');
  process.exit(args.length ? 0 : 1);
}
const dryRun = args.includes('--dry-run') || args.includes('-d');
const isModule = MODULE_SCHEMATICS.has(schematic);
const nestArgs = ['g', ...args];
// This script registers new modules itself, through their public face.
if (isModule && !args.includes('--skip-import')) nestArgs.push('--skip-import');

const before = sourceFiles(SRC);
const run = spawnSync(bin('nest'), nestArgs, { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
if (dryRun) process.exit(0);

const after = sourceFiles(SRC);
const written = [...after].filter(([file, source]) => before.get(file) !== source);
if (written.length === 0) {
  console.error('nest g wrote nothing under src/');
  process.exit(1);
}

const touched = new Set();
const manual = [];
if (!isModule && written.some(([file]) => file === APP_MODULE)) {
  // No module folder matched: nest g fell back to the application root. Undo that.
  for (const [file] of written) {
    if (before.has(file)) writeFileSync(file, before.get(file));
    else rmSync(file);
    const dir = dirname(file);
    if (dir !== SRC && dir !== MODULES_DIR && readdirSync(dir).length === 0) rmdirSync(dir);
  }
  console.error(
    `No module under src/modules/ matches "${name}": generate the module first ` +
      `(npm run generate -- module ${name.split('/')[0]}). Nothing was written.`,
  );
  process.exit(1);
}

for (const [file, source] of written) {
  touched.add(file);
  const fixed = withJsExtensions(file, source);
  if (fixed !== source) writeFileSync(file, fixed);
}
for (const [file, source] of written) {
  if (before.has(file)) continue;
  const moduleDir = moduleDirOf(file);
  const className = exportedClass(source);
  if (!moduleDir || !className) continue;
  if (file.endsWith('.module.ts') && isModule) {
    exportFromIndex(moduleDir, file, className, touched);
    if (!registerInAppModule(moduleDir, className, touched)) {
      manual.push(
        `add ${className} (imported from './modules/${basename(moduleDir)}/index.js') ` +
          'to the imports of AppModule.forRoot in src/app.module.ts',
      );
    }
    if (!addToImportOrder(basename(moduleDir), touched)) {
      manual.push(`add '${basename(moduleDir)}' to MODULES in .dependency-cruiser.cjs`);
    }
  } else if (file.endsWith('.service.ts')) {
    exportFromIndex(moduleDir, file, className, touched);
    const moduleFile = written.find(
      ([path]) => path.endsWith('.module.ts') && moduleDirOf(path) === moduleDir,
    )?.[0];
    if (!moduleFile || !(await exportFromModule(moduleFile, className, touched))) {
      manual.push(`add ${className} to the exports of its module if other modules inject it`);
    }
  }
}

const prettier = spawnSync(bin('prettier'), ['--write', '--log-level', 'warn', ...touched], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (prettier.status !== 0) process.exit(prettier.status ?? 1);
for (const step of manual) say(`  still to do: ${step}`);
