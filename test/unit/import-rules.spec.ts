import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise as cruiseTree } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/**
 * The import rules `npm run lint` enforces (.dependency-cruiser.cjs), run by the real
 * dependency-cruiser (its API, in this process) against small trees laid out like `src/`: each
 * breach fails, the allowed shapes pass, and so does the project's own `src/`.
 */
const ROOT = resolve('.');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const COMPILER_OPTIONS = { module: 'nodenext', moduleResolution: 'nodenext', strict: true };

/** Runs the rules over `src` under `baseDir`: the exit code and the report `depcruise` prints. */
async function cruiseSrc(baseDir: string): Promise<{ code: number; report: string }> {
  const options = await extractDepcruiseOptions(CONFIG);
  const result = await cruiseTree(
    ['src'],
    { ...options, baseDir, validate: true, outputType: 'err' },
    undefined,
    { tsConfig: { options: COMPILER_OPTIONS } },
  );
  return { code: result.exitCode, report: String(result.output) };
}

/** Runs the rules over `files` (path → source); answers the exit code and the report. */
async function cruise(files: Record<string, string>): Promise<{ code: number; report: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'import-rules-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), source);
    }
    return await cruiseSrc(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A minimal module: its public face and one inner file. */
const orders = {
  'src/modules/orders/index.ts': "export { Order } from './order.entity.js';\n",
  'src/modules/orders/order.entity.ts': 'export class Order {}\n',
};
const catalog = {
  'src/modules/catalog/index.ts': "export { Product } from './product.entity.js';\n",
  'src/modules/catalog/product.entity.ts': 'export class Product {}\n',
};

describe('Import rules of src/ (npm run lint)', () => {
  it('the project itself passes', async () => {
    expect(await cruiseSrc(ROOT)).toEqual({
      code: 0,
      report: expect.stringContaining('no dependency violations found'),
    });
  });

  it('a module may import an earlier module through its index.ts', async () => {
    const result = await cruise({
      ...catalog,
      ...orders,
      'src/modules/orders/lines.ts':
        "import { Product } from '../catalog/index.js';\nexport const line = Product;\n",
    });
    expect(result).toEqual({
      code: 0,
      report: expect.stringContaining('no dependency violations'),
    });
  });

  it('fails on a module importing a later one, which could close a cycle', async () => {
    const result = await cruise({
      ...catalog,
      ...orders,
      'src/modules/catalog/pricing.ts':
        "import { Order } from '../orders/index.js';\nexport const pricing = Order;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain('module-order:catalog');
  });

  it('fails on a deep import into another module', async () => {
    const result = await cruise({
      ...catalog,
      ...orders,
      'src/modules/orders/lines.ts':
        "import { Product } from '../catalog/product.entity.js';\nexport const line = Product;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain('no-deep-module-import');
  });

  it('fails on platform/ importing a feature module', async () => {
    const result = await cruise({
      ...orders,
      'src/platform/database/orders-table.ts':
        "import { Order } from '../../modules/orders/index.js';\nexport const table = Order;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain('platform-below-features');
  });

  it('fails on a runtime cycle between files, and allows a type-only one', async () => {
    const entities = {
      'src/modules/orders/a.entity.ts':
        "import type { B } from './b.entity.js';\nexport class A { b?: B; }\n",
      'src/modules/orders/b.entity.ts':
        "import type { A } from './a.entity.js';\nexport class B { a?: A; }\n",
    };
    expect((await cruise(entities)).code).toBe(0);

    const result = await cruise({
      'src/modules/orders/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/modules/orders/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain('no-circular');
  });

  it('fails on a feature module missing from the dependency order', async () => {
    const result = await cruise({
      'src/modules/brands/index.ts': 'export const brand = 1;\n',
      'src/app.ts':
        "import { brand } from './modules/brands/index.js';\nexport const app = brand;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain('unknown-module');
  });
});
