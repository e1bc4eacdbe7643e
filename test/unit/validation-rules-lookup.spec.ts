import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, MaxLength, validate } from 'class-validator';
import { rememberValidationRules } from '../../src/platform/http/validation-rules-lookup.js';

class Named {
  @IsString()
  name!: unknown;
}

class Labelled extends Named {
  @MaxLength(3)
  label!: unknown;
}

const failed = async (object: object): Promise<string[]> =>
  (await validate(object)).map((error) => error.property).sort();

const of = <T extends object>(type: new () => T, fields: Record<string, unknown>): T =>
  Object.assign(new type(), fields);

describe('remembered validation rules', () => {
  const storage = getMetadataStorage();
  const lookUp = (target: new () => object) =>
    storage.getTargetValidationMetadatas(target, '', false, false, undefined);

  beforeAll(() => {
    rememberValidationRules();
    rememberValidationRules(); // a second install changes nothing
  });

  it('answer a class with the rules it and its ancestors declare, the same array each time', async () => {
    const rules = lookUp(Labelled);
    expect(rules.map((rule) => rule.propertyName).sort()).toEqual(['label', 'name']);
    expect(lookUp(Labelled)).toBe(rules);
    expect(lookUp(Named).map((rule) => rule.propertyName)).toEqual(['name']);
    expect(await failed(of(Labelled, { name: 1, label: 'long' }))).toEqual(['label', 'name']);
    expect(await failed(of(Labelled, { name: 'a', label: 'ok' }))).toEqual([]);
  });

  it('keep answers apart by the options of the lookup', () => {
    class Grouped {
      @IsString({ groups: ['strict'] })
      code!: unknown;
    }
    expect(lookUp(Grouped)).toHaveLength(1);
    expect(storage.getTargetValidationMetadatas(Grouped, '', false, false, ['other'])).toHaveLength(
      0,
    );
    expect(
      storage.getTargetValidationMetadatas(Grouped, '', false, false, ['strict']),
    ).toHaveLength(1);
  });

  it('are forgotten when a rule is added, to the class or to an ancestor', async () => {
    expect(await failed(of(Labelled, { name: 'a', label: 'ok', count: 'x' }))).toEqual([]);
    IsInt()(Labelled.prototype, 'count');
    expect(await failed(of(Labelled, { name: 'a', label: 'ok', count: 'x' }))).toEqual(['count']);
    IsInt()(Named.prototype, 'size');
    expect(await failed(of(Labelled, { name: 'a', label: 'ok', count: 1, size: 'x' }))).toEqual([
      'size',
    ]);
  });
});
