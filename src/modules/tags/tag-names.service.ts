import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { containsPattern } from '../../common/query/like-pattern.js';
import { TAGGABLE_TYPES, type TaggableType } from './taggable-types.js';

/** At most this many names answer a lookup (the contract's limit). */
export const TAG_NAMES_LIMIT = 50;

/** The tag names in use in a store for one kind of record. */
@Injectable()
export class TagNamesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Distinct names, alphabetically, optionally those containing `search` (case-insensitive). */
  async inUse(storeId: string, type: TaggableType, search?: string): Promise<string[]> {
    const { table } = TAGGABLE_TYPES[type];
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT DISTINCT tag AS name FROM ${table} t CROSS JOIN LATERAL unnest(t.tags) tag
       WHERE t.store_id = $1 AND ($2::text IS NULL OR tag ILIKE $2)
       ORDER BY tag LIMIT ${TAG_NAMES_LIMIT}`,
      [storeId, search ? containsPattern(search) : null],
    );
    return rows.map((row) => row.name);
  }
}
