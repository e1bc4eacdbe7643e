import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Country } from '../geography/index.js';

const ISO = /^[A-Za-z]{2}$/;

/** Reads the ISO 3166-1 reference data (shared by every store). */
@Injectable()
export class CountryLookupService {
  constructor(private readonly dataSource: DataSource) {}

  all(): Promise<Country[]> {
    return this.dataSource.getRepository(Country).find({ order: { name: 'ASC' } });
  }

  some(isos: string[]): Promise<Country[]> {
    return this.dataSource.getRepository(Country).find({
      where: { iso: In(isos) },
      order: { name: 'ASC' },
    });
  }

  /** A country by its alpha-2 code in either case; `null` for an unknown or malformed code. */
  async byIso(iso: string): Promise<Country | null> {
    if (!ISO.test(iso)) return null;
    return this.dataSource.getRepository(Country).findOne({ where: { iso: iso.toUpperCase() } });
  }
}
