import pg from 'pg';
import { reuseRowShape } from '../../src/platform/database/row-shapes.js';

type PgResult = Parameters<typeof reuseRowShape>[0] & {
  parseRow(values: (string | null)[]): Record<string, unknown>;
};

/** pg's own result class, as each query makes one. */
const Result = (new pg.Query('SELECT 1') as unknown as { _result: object })._result
  .constructor as new () => PgResult;

const INT8 = 20;
const TEXT = 25;
const TIMESTAMPTZ = 1184;
const field = (name: string, dataTypeID: number) => ({ name, dataTypeID, format: 'text' });

/** A pg result of `statement`, told its columns as pg tells it when the row description comes. */
function described(statement: string, fields: ReturnType<typeof field>[], types?: object) {
  const result = new Result();
  result._types = types;
  reuseRowShape(result, statement);
  result.addFields(fields);
  return result;
}

describe('row shapes of named statements', () => {
  const orderRow = [field('id', INT8), field('email', TEXT), field('created_at', TIMESTAMPTZ)];
  const values = ['42', 'a@example.com', '2026-11-26 21:00:00.123+00'];

  it('read each execution’s rows with what the first built', () => {
    const first = described('shape_order', orderRow);
    const second = described(
      'shape_order',
      orderRow.map((column) => ({ ...column })),
    );
    expect(second._parsers).toBe(first._parsers);
    expect(second.fields.map((column) => column.name)).toEqual(['id', 'email', 'created_at']);
    for (const result of [first, second]) {
      expect(result.parseRow(values)).toEqual({
        id: '42',
        email: 'a@example.com',
        created_at: new Date('2026-11-26T21:00:00.123Z'),
      });
    }
  });

  it('build anew for another description of the same statement, and keep that one', () => {
    described('shape_changed', orderRow);
    const widened = [...orderRow, field('state', TEXT)];
    const changed = described('shape_changed', widened);
    expect(changed.parseRow([...values, 'cart'])).toMatchObject({ id: '42', state: 'cart' });
    const retyped = described('shape_changed', [field('id', TEXT), ...widened.slice(1)]);
    expect(retyped._parsers).not.toBe(changed._parsers);
    expect(described('shape_changed', [field('id', TEXT), ...widened.slice(1)])._parsers).toBe(
      retyped._parsers,
    );
  });

  it('keep apart what clients with their own type parsers build', () => {
    const own = {
      getTypeParser: (id: number) => (id === INT8 ? (text: string) => BigInt(text) : String),
    };
    described('shape_types', orderRow);
    const withOwn = described('shape_types', orderRow, own);
    expect(withOwn.parseRow(values).id).toBe(42n);
    expect(described('shape_types', orderRow).parseRow(values).id).toBe('42');
  });
});
