import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { pageOf, pageOffset } from '../../src/common/pagination/page.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PaginationQuery,
} from '../../src/common/pagination/pagination.query.js';

function parse(query: Record<string, unknown>) {
  const instance = plainToInstance(PaginationQuery, query);
  const errors = validateSync(instance, { forbidUnknownValues: false });
  return { instance, failed: errors.map((error) => error.property) };
}

describe('pageOf', () => {
  it.each([
    [0, 25, 0],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [51, 25, 3],
    [100, 100, 1],
    [101, 100, 2],
  ])('count %i with limit %i has %i pages', (count, limit, pages) => {
    expect(pageOf([], count, 1, limit).meta.pages).toBe(pages);
  });

  it('carries the data and the full meta', () => {
    const data = [{ id: 'a' }];
    expect(pageOf(data, 51, 3, 25)).toEqual({
      data: [{ id: 'a' }],
      meta: {
        page: 3,
        limit: 25,
        count: 51,
        pages: 3,
        from: 51,
        to: 51,
        in: 1,
        previous: 2,
        next: null,
      },
    });
  });

  it.each([
    ['the first of three pages', 25, 60, 1, { from: 1, to: 25, in: 25, previous: null, next: 2 }],
    ['a middle page', 25, 60, 2, { from: 26, to: 50, in: 25, previous: 1, next: 3 }],
    ['the last, partial page', 10, 60, 3, { from: 51, to: 60, in: 10, previous: 2, next: null }],
    ['the only page', 3, 3, 1, { from: 1, to: 3, in: 3, previous: null, next: null }],
    ['an empty list', 0, 0, 1, { from: 0, to: 0, in: 0, previous: null, next: null }],
    ['a page past the end', 0, 60, 7, { from: 0, to: 0, in: 0, previous: 3, next: null }],
    [
      'a page of an empty list past the first',
      0,
      0,
      2,
      { from: 0, to: 0, in: 0, previous: null, next: null },
    ],
  ])('places %s', (_, shown, count, page, expected) => {
    const data = Array.from({ length: shown }, (__, index) => index);
    expect(pageOf(data, count, page, 25).meta).toMatchObject({ page, count, ...expected });
  });

  it('keeps the very array it was given', () => {
    const data = [1, 2, 3];
    expect(pageOf(data, 3, 1, 25).data).toBe(data);
  });
});

describe('pageOffset', () => {
  it.each([
    [1, 25, 0],
    [2, 25, 25],
    [3, 10, 20],
    [4, 100, 300],
  ])('page %i with limit %i starts at row %i', (page, limit, offset) => {
    expect(pageOffset(page, limit)).toBe(offset);
  });
});

describe('PaginationQuery', () => {
  it('exposes the documented limits', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(MAX_PAGE_SIZE).toBe(100);
  });

  it('defaults to page 1 with 25 per page', () => {
    const { instance, failed } = parse({});
    expect(failed).toEqual([]);
    expect(instance).toBeInstanceOf(PaginationQuery);
    expect({ page: instance.page, limit: instance.limit }).toEqual({ page: 1, limit: 25 });
  });

  it.each([
    [{ page: '2' }, 2, 25],
    [{ limit: '50' }, 1, 50],
    [{ page: '7', limit: '100' }, 7, 100],
    [{ page: '1000000', limit: '1' }, 1_000_000, 1],
    [{ page: 3, limit: 10 }, 3, 10],
  ])('turns %j into page %i, limit %i', (query, page, limit) => {
    const { instance, failed } = parse(query);
    expect(failed).toEqual([]);
    expect(instance.page).toBe(page);
    expect(instance.limit).toBe(limit);
  });

  it('gives numbers, not strings', () => {
    const { instance } = parse({ page: '2', limit: '10' });
    expect(typeof instance.page).toBe('number');
    expect(typeof instance.limit).toBe('number');
  });

  it.each([
    [{ page: 'abc' }, 'page'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: '1000001' }, 'page'],
    [{ limit: 'abc' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
  ])('rejects %j on %s', (query, property) => {
    expect(parse(query).failed).toEqual([property]);
  });

  it('reports both fields when both are wrong', () => {
    expect(parse({ page: 'x', limit: '500' }).failed).toEqual(['page', 'limit']);
  });
});
