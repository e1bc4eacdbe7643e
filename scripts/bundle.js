// `node scripts/bundle.js <dir>`: replaces <dir>/main.js, a compiled tree's entry point, with one
// file holding everything it imports, our modules and most packages alike. The tests that kill
// and restart service processes run such a bundle (test/helpers/service-build.ts): a process
// that loads one file instead of a few thousand modules starts with about 1.5 CPU-seconds less.
// `npm start` runs the compiled tree itself: bundled, a request costs measurably more CPU (see
// docs/benchmarks.md), and that is the figure a running shop pays for.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

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
  // Packages some dependency loads through its own createRequire(), which a bundler cannot
  // follow: bundled, they would exist twice, and the copies not share their metadata (the
  // transformer's @Type() rules that mapped types inherit, say). `checkRuntimeRequires` fails
  // when a package missing here is loaded that way.
  'class-transformer',
  'class-transformer/*',
  'class-validator',
  'typeorm',
  // Instrumentation patches the database driver where node_modules holds it (the statement
  // counters of the tests and the bench).
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
  // A native image library: its binary for this platform is a package it loads at run time.
  'sharp',
];

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

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/bundle.js <compiled directory>');
  process.exit(2);
}
const absolute = resolve(dir);
await build({
  absWorkingDir: absolute,
  entryPoints: ['main.js'],
  outdir: absolute,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // TypeORM and Nest read class names (entities, providers): renamed classes keep theirs.
  keepNames: true,
  // The packages' CommonJS code calls require(); give the bundle one.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
checkRuntimeRequires(join(absolute, 'main.js'));
