import { spawnSync } from 'node:child_process';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { validate } from '@readme/openapi-parser';
import { ERROR_STATUS, type ErrorCode } from '../../src/common/errors/error-codes.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

interface DocumentedOperation {
  route: string;
  operation: OperationObject;
}

function operationsOf(document: OpenAPIObject): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation: item[method]!,
    })),
  );
}

const answersOf = (operation: OperationObject) =>
  Object.entries(operation.responses) as [string, ResponseObject][];

/** What is wrong with the success answers of an operation: none, or one without a schema. */
function successGaps({ route, operation }: DocumentedOperation): string[] {
  const success = answersOf(operation).filter(([status]) => status.startsWith('2'));
  if (success.length === 0) return [`${route}: no success answer`];
  return success
    .filter(([status, answer]) => {
      const described = Object.values(answer.content ?? {}).some((media) => media.schema);
      return status === '204' ? answer.content !== undefined : !described;
    })
    .map(
      ([status]) => `${route}: ${status} ${status === '204' ? 'with a body' : 'without a schema'}`,
    );
}

/** What is wrong with the error answers of an operation: each code with a real example. */
function errorGaps({ route, operation }: DocumentedOperation): string[] {
  const gaps: string[] = [];
  for (const [status, answer] of answersOf(operation).filter(([status]) => /^[45]/.test(status))) {
    const examples = answer.content?.['application/json']?.examples ?? {};
    const named = [...answer.description.matchAll(/`(\w+)`/g)].map(([, code]) => code);
    if (named.length === 0) gaps.push(`${route}: ${status} names no error code`);
    for (const code of named) {
      const example = examples[code] as { value?: { error?: Record<string, unknown> } } | undefined;
      const error = example?.value?.error;
      const { message, details } = error ?? {};
      if (!error) gaps.push(`${route}: ${status} \`${code}\` has no example`);
      else if (error.code !== code || ERROR_STATUS[code as ErrorCode] !== Number(status))
        gaps.push(`${route}: ${status} \`${code}\` example is of ${String(error.code)}`);
      else if (
        typeof message !== 'string' ||
        message === code ||
        message.toLowerCase() === code.replaceAll('_', ' ')
      )
        gaps.push(`${route}: ${status} \`${code}\` example's message only repeats the code`);
      else if (details !== undefined && (typeof details !== 'object' || details === null))
        gaps.push(`${route}: ${status} \`${code}\` example's details are not an object`);
    }
  }
  return gaps;
}

describe('The OpenAPI document at /docs/json', () => {
  let t: TestApp;
  let document: OpenAPIObject;
  let operations: DocumentedOperation[];

  beforeAll(async () => {
    t = await startTestApp();
    const response = await t.http.get('/docs/json');
    expect(response.status).toBe(200);
    document = response.body;
    operations = operationsOf(document);
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI document', async () => {
    // The validator dereferences the document it is given.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
  });

  it('declares a success answer with a schema for every operation, Admin API included', () => {
    const admin = operations.filter(({ route }) => route.includes(' /api/v3/admin/'));
    expect(admin.length).toBeGreaterThan(100);
    expect(operations.length).toBeGreaterThan(admin.length + 90);
    expect(operations.flatMap(successGaps)).toEqual([]);
  });

  it('gives every error answer an example in the envelope with a real message', () => {
    expect(operations.flatMap(errorGaps)).toEqual([]);
  });

  it("derives the admin answers' schemas from today's controllers and serializers", () => {
    const check = spawnSync(process.execPath, ['scripts/openapi-resources.js', '--check'], {
      encoding: 'utf8',
    });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
  }, 180_000);
});

describe('The Swagger UI', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The page an address shows once redirects are followed, and the address it is at. */
  async function pageAt(path: string) {
    let url = new URL(path, t.baseUrl);
    for (let hops = 0; hops < 3; hops++) {
      const response = await t.http.get(url.pathname + url.search);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      url = new URL(location, url);
    }
    throw new Error(`${path}: too many redirects`);
  }

  it.each(['/docs', '/docs/', '/docs/index.html', '/docs/?deepLinking=true'])(
    'is served at %s with every asset it links',
    async (path) => {
      const { url, response } = await pageAt(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const links = [...response.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, link]) => link);
      expect(links).toEqual(
        expect.arrayContaining([expect.stringMatching(/swagger-ui-init\.js$/)]),
      );
      const answers: string[] = [];
      for (const link of links) {
        const asset = new URL(link, url);
        answers.push(`${asset.pathname} ${(await t.http.get(asset.pathname)).status}`);
      }
      expect(answers).toEqual(links.map((link) => `${new URL(link, url).pathname} 200`));
    },
  );
});
