import 'reflect-metadata';
import type { ValidationError } from '@nestjs/common';
import { fieldErrors } from '../../src/platform/http/request-validation.pipe.js';

function failure(
  property: string,
  value: unknown,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
): ValidationError {
  return { property, value, constraints, children };
}

describe('fieldErrors', () => {
  it('is empty for no errors', () => {
    expect(fieldErrors([])).toEqual({});
  });

  it('lists every failed constraint message of a present value', () => {
    const errors = [
      failure('email', 'not-an-email', {
        isEmail: 'email must be an email',
        maxLength: 'email must be shorter than or equal to 255 characters',
      }),
    ];
    expect(fieldErrors(errors)).toEqual({
      email: ['email must be an email', 'email must be shorter than or equal to 255 characters'],
    });
  });

  it('keeps one entry per failing field', () => {
    const errors = [
      failure('quantity', -1, { min: 'quantity must not be less than 1' }),
      failure('note', 5, { isString: 'note must be a string' }),
    ];
    expect(fieldErrors(errors)).toEqual({
      quantity: ['quantity must not be less than 1'],
      note: ['note must be a string'],
    });
  });

  it.each([
    ['a top-level field', [], 'email'],
    ['a nested field', ['address'], 'address.city'],
    ['a deeply nested field', ['order', 'shipping'], 'order.shipping.zip'],
  ])('an undefined value in %s is reported once as required', (_case, parents, path) => {
    const leaf = failure(path.split('.').at(-1)!, undefined, {
      isString: 'must be a string',
      isNotEmpty: 'should not be empty',
    });
    const errors = parents.reduceRight<ValidationError[]>(
      (children, property) => [failure(property, {}, undefined, children)],
      [leaf],
    );
    expect(fieldErrors(errors)).toEqual({ [path]: [`${path} is required`] });
  });

  it.each([
    ['null', null],
    ['an empty string', ''],
    ['zero', 0],
    ['false', false],
  ])('%s is a present value, so its real messages are kept', (_case, value) => {
    const errors = [failure('name', value, { isNotEmpty: 'name should not be empty' })];
    expect(fieldErrors(errors)).toEqual({ name: ['name should not be empty'] });
  });

  it('builds dotted paths for nested children', () => {
    const errors = [
      failure('address', { city: 7, zip: '' }, undefined, [
        failure('city', 7, { isString: 'city must be a string' }),
        failure('zip', '', { isNotEmpty: 'zip should not be empty' }),
      ]),
    ];
    expect(fieldErrors(errors)).toEqual({
      'address.city': ['city must be a string'],
      'address.zip': ['zip should not be empty'],
    });
  });

  it('uses array indexes as path segments', () => {
    const errors = [
      failure('line_items', [{}, { quantity: 0 }], undefined, [
        failure('1', { quantity: 0 }, undefined, [
          failure('quantity', 0, { min: 'quantity must not be less than 1' }),
        ]),
      ]),
    ];
    expect(fieldErrors(errors)).toEqual({
      'line_items.1.quantity': ['quantity must not be less than 1'],
    });
  });

  it('reports a parent and its children side by side', () => {
    const errors = [
      failure('address', { city: 1 }, { isObject: 'address must be an object' }, [
        failure('city', 1, { isString: 'city must be a string' }),
      ]),
    ];
    expect(fieldErrors(errors)).toEqual({
      address: ['address must be an object'],
      'address.city': ['city must be a string'],
    });
  });

  it('a missing nested object is required, not broken down', () => {
    const errors = [failure('address', undefined, { isDefined: 'address should not be null' })];
    expect(fieldErrors(errors)).toEqual({ address: ['address is required'] });
  });

  it('skips intermediate nodes that carry no constraints of their own', () => {
    const errors = [failure('billing', {}, undefined, [failure('country', undefined, { x: 'y' })])];
    expect(Object.keys(fieldErrors(errors))).toEqual(['billing.country']);
  });

  it('prefixes everything with the given parent path', () => {
    const errors = [failure('city', undefined, { isString: 'city must be a string' })];
    expect(fieldErrors(errors, 'address')).toEqual({
      'address.city': ['address.city is required'],
    });
  });

  it('tolerates errors without a children array', () => {
    const error: ValidationError = { property: 'age', value: 'x', constraints: { isInt: 'bad' } };
    expect(fieldErrors([error])).toEqual({ age: ['bad'] });
  });
});
