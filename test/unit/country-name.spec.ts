import { countryName } from '../../src/modules/customers/address.serializer.js';

describe('countryName', () => {
  it.each([
    ['US', 'United States'],
    ['GB', 'United Kingdom'],
    ['DE', 'Germany'],
    ['XX', 'XX'],
  ])('names %s %j, asked once or again', (iso, name) => {
    expect(countryName(iso)).toBe(name);
    expect(countryName(iso)).toBe(name);
  });

  it.each(['us', '1', 'United States', 'U'])('gives %j back when it names no region', (iso) => {
    expect(countryName(iso)).toBe(iso);
    expect(countryName(iso)).toBe(iso);
  });
});
