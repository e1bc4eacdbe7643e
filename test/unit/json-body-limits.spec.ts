import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsString, ValidateNested } from 'class-validator';
import { StoreError } from '../../src/common/errors/store-error.js';
import { bodyShapeRefusals, withoutFields } from '../../src/platform/http/json-body/body-shape.js';
import { JSON_BODY_LIMITS } from '../../src/platform/http/json-body/json-body-limits.js';
import { scanJsonStructure } from '../../src/platform/http/json-body/json-structure-scan.js';

/** The code and field names of the refusal `check` throws, or undefined when it passes. */
function refusal(check: () => void): { code: string; fields: string[] } | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return { code: error.code, fields: Object.keys(error.details ?? {}) };
  }
}

const keys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));

/** Scans a body as it comes over the wire: JSON text, in UTF-8. */
function checkBody(body: unknown): void {
  scanJsonStructure(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));
}

describe('scanJsonStructure', () => {
  it('take every container and string at its limit', () => {
    const body = {
      list: Array(JSON_BODY_LIMITS.arrayItems).fill(0),
      object: keys(JSON_BODY_LIMITS.objectKeys),
      text: 'x'.repeat(JSON_BODY_LIMITS.stringLength),
      escaped: '\n'.repeat(JSON_BODY_LIMITS.stringLength),
      astral: '😀'.repeat(JSON_BODY_LIMITS.stringLength / 2),
      accented: 'é'.repeat(JSON_BODY_LIMITS.stringLength),
      metadata: { ...keys(JSON_BODY_LIMITS.metadataKeys - 1), a: { b: { c: { d: {} } } } },
      pair: '\ud83d\ude00 and \u00e9',
      'key, with "quotes" and [brackets]': ['{', '}', '[', ']', ',', '\\'],
    };
    expect(refusal(() => checkBody(body))).toBeUndefined();
    expect(refusal(() => checkBody('{"escaped pair":"\\ud83d\\ude00 \\u00e9"}'))).toBeUndefined();
  });

  it('refuse one over each limit, naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [{ items: [{ tags: Array(JSON_BODY_LIMITS.arrayItems + 1).fill('a') }] }, 'items.0.tags'],
      [{ a: 1, address: keys(JSON_BODY_LIMITS.objectKeys + 1) }, 'address'],
      [{ lines: [{}, { note: 'x'.repeat(JSON_BODY_LIMITS.stringLength + 1) }] }, 'lines.1.note'],
      [{ astral: '😀'.repeat(JSON_BODY_LIMITS.stringLength / 2 + 1) }, 'astral'],
      [{ nested: { ['k'.repeat(JSON_BODY_LIMITS.stringLength + 1)]: 1 } }, 'nested'],
      [{ 'a "quoted" key': Array(JSON_BODY_LIMITS.arrayItems + 1).fill(0) }, 'a "quoted" key'],
      [{ line: { metadata: keys(JSON_BODY_LIMITS.metadataKeys + 1) } }, 'line.metadata'],
      [{ metadata: { a: { b: { c: { d: { e: {} } } } } } }, 'metadata.a.b.c.d.e'],
      [{ private_metadata: { ['k'.repeat(101)]: 1 } }, 'private_metadata'],
      [{ email: 'bad\u0000text' }, 'email'],
      [{ tags: ['ok', '\ud800'] }, 'tags.1'],
      [{ tags: ['ok', 'x\udc00'] }, 'tags.1'],
      [{ tags: ['\ud800\ud800'] }, 'tags.0'],
      [{ note: { '\u0000': 1 } }, 'note'],
      ['{"meta\\u0064ata":{"a":{"b":{"c":{"d":{"e":{}}}}}}}', 'metadata.a.b.c.d.e'],
    ];
    for (const [body, field] of cases) {
      expect(refusal(() => checkBody(body))).toEqual({
        code: 'validation_error',
        fields: [field],
      });
    }
  });

  it('refuse nesting deeper than 32 levels as an invalid request, having built nothing', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(refusal(() => scanJsonStructure(Buffer.from(deep)))).toEqual({
      code: 'invalid_request',
      fields: [],
    });
    expect(refusal(() => checkBody(`${'['.repeat(32)}${']'.repeat(32)}`))).toBeUndefined();
    expect(refusal(() => checkBody(`${'['.repeat(33)}${']'.repeat(33)}`))?.code).toBe(
      'invalid_request',
    );
  });

  it('leave what is not JSON to the parser', () => {
    for (const text of ['{"a": "unterminated', '}}}]]', '{"a" 1,,,}', '"\\']) {
      expect(refusal(() => scanJsonStructure(Buffer.from(text)))).toBeUndefined();
    }
  });
});

class Line {
  @IsString()
  variant_id: string;

  @IsObject()
  metadata?: Record<string, unknown>;
}

class Address {
  @IsString()
  city: string;
}

class Order {
  @ValidateNested()
  @Type(() => Address)
  ship_address?: Address;

  @IsArray()
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => Line)
  items?: Line[];
}

describe('bodyShapeRefusals', () => {
  it('finds nothing in bodies of the declared shape', () => {
    const body = { ship_address: { city: 'Austin' }, items: [{ variant_id: 'v', metadata: {} }] };
    expect(bodyShapeRefusals(body, Order)).toEqual({});
  });

  it('names every list where one object is declared, at any depth', () => {
    const body = { ship_address: [{}, {}], items: [{ metadata: [1] }, { metadata: {} }] };
    expect(Object.keys(bodyShapeRefusals(body, Order)).sort()).toEqual([
      'items.0.metadata',
      'ship_address',
    ]);
  });

  it('names a list over its declared size without reading its items', () => {
    const items = new Proxy(Array(4).fill({}), {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property))
          throw new Error('an item was read');
        return Reflect.get(target, property, receiver);
      },
    });
    expect(bodyShapeRefusals({ items }, Order)).toEqual({
      items: ['items must contain no more than 3 elements'],
    });
  });

  it('counts a list sent as an object of its items (Rails attributes)', () => {
    expect(Object.keys(bodyShapeRefusals({ items: keys(4) }, Order))).toEqual(['items']);
  });
});

describe('withoutFields', () => {
  it('leaves out the fields named, copying only what leads to them', () => {
    const kept = { city: 'Austin' };
    const body = { ship_address: kept, items: [{ metadata: [1], variant_id: 'v' }, { a: 1 }] };
    const result = withoutFields(body, ['items.0.metadata']) as typeof body;
    expect(result).toEqual({ ship_address: kept, items: [{ variant_id: 'v' }, { a: 1 }] });
    expect(result.ship_address).toBe(kept);
    expect(body.items[0].metadata).toEqual([1]);
  });
});
