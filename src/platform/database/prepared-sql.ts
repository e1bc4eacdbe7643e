import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * Runs hot read queries as named prepared statements on TypeORM's own connection pool, so
 * PostgreSQL plans each of them once per connection instead of on every request.
 * Each `name` must always go with the same SQL text.
 */
@Injectable()
export class PreparedSql {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as PostgresDriver).master as Pool;
  }

  async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const result = await this.pool.query({ name, text, values });
    return result.rows as T[];
  }
}
