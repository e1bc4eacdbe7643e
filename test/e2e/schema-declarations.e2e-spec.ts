import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The entities declare every index the migrations create, so that `migration:generate` against
 * a migrated database does not propose dropping one: an index made in SQL only (expression,
 * partial, extra sort columns) is declared by name with `synchronize: false` and left alone.
 */
describe('Entities and migrations agree on indexes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('proposes dropping no index of a migrated database', async () => {
    const sql = await t.dataSource.driver.createSchemaBuilder().log();
    const drops = sql.upQueries
      .map((query) => query.query)
      .filter((statement) => /^DROP INDEX/i.test(statement))
      // A many-to-many join table has no entity to declare its indexes on: TypeORM names its
      // own, so its migration-made index is always proposed for replacement.
      .filter((statement) => !statement.includes('"delivery_method_zones_'));
    expect(drops).toEqual([]);
  });
});
