import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsString, ValidateNested } from 'class-validator';
import { StoreError } from '../../src/common/errors/store-error.js';
import { checkBodyShape } from '../../src/platform/http/json-body/body-shape.js';
import {
  checkJsonBody,
  JSON_BODY_LIMITS,
} from '../../src/platform/http/json-body/json-body-limits.js';

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

describe('checkJsonBody', () => {
  it('takes every container and string at its limit', () => {
    const body = {
      list: Array(JSON_BODY_LIMITS.arrayItems).fill(0),
      object: keys(JSON_BODY_LIMITS.objectKeys),
      text: 'x'.repeat(JSON_BODY_LIMITS.stringLength),
      metadata: { ...keys(JSON_BODY_LIMITS.metadataKeys - 1), a: { b: { c: { d: {} } } } },
    };
    expect(refusal(() => checkJsonBody(body))).toBeUndefined();
  });

  it('refuses one over each limit, naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [{ items: [{ tags: Array(JSON_BODY_LIMITS.arrayItems + 1).fill('a') }] }, 'items.0.tags'],
      [{ address: keys(JSON_BODY_LIMITS.objectKeys + 1) }, 'address'],
      [{ note: 'x'.repeat(JSON_BODY_LIMITS.stringLength + 1) }, 'note'],
      [{ line: { metadata: keys(JSON_BODY_LIMITS.metadataKeys + 1) } }, 'line.metadata'],
      [{ metadata: { a: { b: { c: { d: { e: {} } } } } } }, 'metadata.a.b.c.d.e'],
      [{ private_metadata: { ['k'.repeat(101)]: 1 } }, 'private_metadata'],
      [{ email: 'bad\u0000text' }, 'email'],
      [{ tags: ['ok', '\ud800'] }, 'tags.1'],
    ];
    for (const [body, field] of cases) {
      expect(refusal(() => checkJsonBody(body))).toEqual({
        code: 'validation_error',
        fields: [field],
      });
    }
  });

  it('refuses nesting deeper than 32 levels as an invalid request, without recursion', () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(refusal(() => checkJsonBody(deep))).toEqual({ code: 'invalid_request', fields: [] });
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

describe('checkBodyShape', () => {
  it('takes bodies of the declared shape', () => {
    const body = { ship_address: { city: 'Austin' }, items: [{ variant_id: 'v', metadata: {} }] };
    expect(refusal(() => checkBodyShape(body, Order))).toBeUndefined();
  });

  it('refuses a list where one object is declared, at any depth', () => {
    expect(refusal(() => checkBodyShape({ ship_address: [{}, {}] }, Order))).toEqual({
      code: 'validation_error',
      fields: ['ship_address'],
    });
    expect(refusal(() => checkBodyShape({ items: [{ metadata: [1] }] }, Order))).toEqual({
      code: 'validation_error',
      fields: ['items.0.metadata'],
    });
  });

  it('refuses a list over its declared size without reading its items', () => {
    const items = new Proxy(Array(4).fill({}), {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property))
          throw new Error('an item was read');
        return Reflect.get(target, property, receiver);
      },
    });
    expect(refusal(() => checkBodyShape({ items }, Order))).toEqual({
      code: 'validation_error',
      fields: ['items'],
    });
  });

  it('counts a list sent as an object of its items (Rails attributes)', () => {
    expect(refusal(() => checkBodyShape({ items: keys(4) }, Order))).toEqual({
      code: 'validation_error',
      fields: ['items'],
    });
  });
});
