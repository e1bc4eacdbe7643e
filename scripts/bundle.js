// `node scripts/bundle.js <dir> [--entry main.js]... [--no-source-maps]`: turns the compiled tree
// in <dir> into bundled entry points (all three unless named; the tests bundle only main.js).
// <dir>/main.js, worker.js and cli.js are each replaced by one file holding everything they
// import, our modules and the packages alike. A process then loads one file instead of a few
// thousand modules: about 1.5 CPU-seconds less per start. The rest of the tree stays, for the
// bench and tools that import single modules.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = join(ROOT, 'src') + sep;
const ENTRY_POINTS = ['main.js', 'worker.js', 'cli.js'];

/** Packages loaded from node_modules at run time rather than bundled, and why. */
const EXTERNAL = [
  // Optional packages Nest and pg look for and do without: bundling would fail to resolve them.
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/platform-express',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  '@fastify/view',
  'pg-native',
  'class-transformer/storage', // a fallback path of @nestjs/mapped-types, never reached
  // Packages some dependency loads through its own createRequire(), which a bundler cannot
  // follow: bundled, they would exist twice, and the copies not share their metadata (the
  // transformer's @Type() rules that mapped types inherit, say). `checkRuntimeRequires` fails the
  // build when a package missing here is loaded that way.
  'class-transformer',
  'class-transformer/*',
  'class-validator',
  'typeorm',
  // Instrumentation patches the database driver where node_modules holds it: APM agents, and the
  // bench's statement counter (bench/lib/pg-trace.js).
  'pg',
  // Packages that read files beside themselves: Lua scripts (bull), worker-thread transports
  // (pino), the Swagger UI's assets, the embedded database's WebAssembly and data files.
  'bull',
  'pino',
  'pino-pretty',
  'thread-stream',
  'swagger-ui-dist',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@electric-sql/pglite-socket',
];

/**
 * Keeps only the mappings into our own TypeScript sources. The packages' mappings (most of the
 * map) would only cost memory in a process started with --enable-source-maps.
 */
function keepOwnMappings(mapFile) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const sourceIndex = new Map();
  const sources = [];
  map.sources.forEach((source, index) => {
    const path = resolve(join(mapFile, '..'), source);
    if (path.startsWith(SOURCES) && existsSync(path)) {
      sourceIndex.set(index, sources.length);
      sources.push(source);
    }
  });
  const nameIndex = new Map();
  const names = [];
  const nameOf = (index) => {
    if (!nameIndex.has(index)) {
      nameIndex.set(index, names.length);
      names.push(map.names[index]);
    }
    return nameIndex.get(index);
  };
  const lines = decode(map.mappings).map((line) => {
    const kept = [];
    let mapping = false;
    for (const [column, source, sourceLine, sourceColumn, name] of line) {
      if (sourceIndex.has(source)) {
        const segment = [column, sourceIndex.get(source), sourceLine, sourceColumn];
        kept.push(name === undefined ? segment : [...segment, nameOf(name)]);
        mapping = true;
      } else if (mapping) {
        // Package code follows: a segment without a source ends the previous mapping there.
        kept.push([column]);
        mapping = false;
      }
    }
    return kept;
  });
  writeFileSync(mapFile, JSON.stringify({ ...map, sources, names, mappings: encode(lines) }));
}

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const EXTERNAL_PACKAGES = new Set(EXTERNAL.map(packageOf));

/**
 * Fails when bundled code loads a package through a createRequire() of its own (esbuild renames
 * those `require2`, `require3`...): that package must be external, or it would load twice.
 */
function checkRuntimeRequires(file) {
  const loaded = [...readFileSync(file, 'utf8').matchAll(/\brequire\d+\("([^"]+)"\)/g)];
  const missing = [...new Set(loaded.map(([, specifier]) => packageOf(specifier)))].filter(
    (name) => !EXTERNAL_PACKAGES.has(name),
  );
  if (missing.length > 0) {
    throw new Error(`${file} loads ${missing.join(', ')} at run time: add to EXTERNAL`);
  }
}

async function bundle(dir, entryPoints, sourceMaps) {
  await build({
    absWorkingDir: dir,
    entryPoints,
    outdir: dir,
    allowOverwrite: true,
    bundle: true,
    // No code splitting: a split-off CommonJS package reached through import() would lose its
    // named exports (Nest loads class-transformer that way).
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // TypeORM and Nest read class names (entities, providers): renamed classes keep theirs.
    keepNames: true,
    // Less source to hold and parse; identifiers stay, so traces still name functions.
    minifyWhitespace: true,
    legalComments: 'none',
    sourcemap: sourceMaps,
    sourcesContent: false,
    // The packages' CommonJS code calls require(); give the bundle one.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  for (const entry of entryPoints) {
    checkRuntimeRequires(join(dir, entry));
    const map = join(dir, `${entry}.map`);
    if (sourceMaps) keepOwnMappings(map);
    else rmSync(map, { force: true }); // the compiler's map of the module the bundle replaced
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    entry: { type: 'string', multiple: true, default: ENTRY_POINTS },
    'no-source-maps': { type: 'boolean', default: false },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/bundle.js <dir> [--entry main.js]... [--no-source-maps]');
  process.exit(2);
}
await bundle(resolve(positionals[0]), values.entry, !values['no-source-maps']);
