import { readAddressInput } from '../../src/modules/customers/address-input.js';
import { AddressBody } from '../../src/modules/customers/dto/address.body.js';
import { RequestValidationPipe } from '../../src/platform/http/request-validation.pipe.js';

const pipe = new RequestValidationPipe();
const parse = (body: unknown) =>
  pipe.transform(body, { type: 'body', metatype: AddressBody }) as Promise<AddressBody>;

async function refusal(body: unknown): Promise<Record<string, string[]>> {
  try {
    await parse(body);
  } catch (error) {
    return (error as { details: Record<string, string[]> }).details;
  }
  throw new Error('the body was accepted');
}

describe('AddressBody: v2 and v3 field names', () => {
  it('folds v3 names into the v2 ones and drops the aliases', async () => {
    const body = await parse({
      first_name: 'Grace',
      last_name: 'Hopper',
      postal_code: '22202',
      state_abbr: 'VA',
      address1: '1 Navy Way',
    });
    expect({ ...body }).toEqual({
      firstname: 'Grace',
      lastname: 'Hopper',
      zipcode: '22202',
      state_name: 'VA',
      address1: '1 Navy Way',
    });
  });

  it('prefers the v2 name when both are sent', async () => {
    const body = await parse({ firstname: 'Ada', first_name: 'Grace' });
    expect(body.firstname).toBe('Ada');
  });

  it('keeps an explicit null (to clear a field)', async () => {
    const body = await parse({ last_name: null });
    expect(body.lastname).toBeNull();
    expect(Object.hasOwn(body, 'last_name')).toBe(false);
  });

  it('reports type errors under the v2 name', async () => {
    const details = await refusal({ first_name: 5, postal_code: ['x'] });
    expect(Object.keys(details).sort()).toEqual(['firstname', 'zipcode']);
  });

  it('refuses over-long values', async () => {
    const details = await refusal({ city: 'x'.repeat(256) });
    expect(Object.keys(details)).toEqual(['city']);
  });
});

describe('readAddressInput', () => {
  const complete: AddressBody = {
    firstname: ' Ada ',
    address1: '12 St James Square',
    city: 'London',
    country_iso: 'gb',
    lastname: '',
    zipcode: 'SW1Y 4JH',
  };

  it('on create, names every missing required field under the contract’s names', () => {
    expect(readAddressInput({}, 'create')).toEqual({
      fields: {},
      errors: {
        firstname: ['firstname is required'],
        address1: ['address1 is required'],
        city: ['city is required'],
        country: ['country is required'],
      },
    });
  });

  it('treats blank values as missing', () => {
    const { errors } = readAddressInput({ ...complete, city: '   ', country_iso: null }, 'create');
    expect(errors).toEqual({ city: ['city is required'], country: ['country is required'] });
  });

  it('trims, upper-cases the country and turns blank optional fields into null', () => {
    expect(readAddressInput(complete, 'create')).toEqual({
      fields: {
        firstname: 'Ada',
        address1: '12 St James Square',
        city: 'London',
        countryIso: 'GB',
        lastname: null,
        zipcode: 'SW1Y 4JH',
      },
      errors: {},
    });
  });

  it('on update, checks only what is sent and refuses blanking a required field', () => {
    expect(readAddressInput({ city: 'Paris' }, 'update')).toEqual({
      fields: { city: 'Paris' },
      errors: {},
    });
    expect(readAddressInput({ firstname: '', country_iso: null }, 'update').errors).toEqual({
      firstname: ['firstname is required'],
      country: ['country is required'],
    });
  });
});
