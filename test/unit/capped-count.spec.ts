import { cappedPageMeta, COUNT_AHEAD, countCap } from '../../src/common/pagination/capped-count.js';

describe('capped list counts', () => {
  it('counts COUNT_AHEAD past the page unless told how far', () => {
    expect(countCap(0, 25)).toBe(25 + COUNT_AHEAD);
    expect(countCap(50, 25)).toBe(75 + COUNT_AHEAD);
    expect(countCap(24, 12, 100)).toBe(136);
  });

  it('gives the exact count when the list ends within the cap', () => {
    expect(cappedPageMeta(5, 36, 36, 2, 5)).toEqual({
      page: 2,
      limit: 5,
      count: 36,
      pages: 8,
      from: 6,
      to: 10,
      in: 5,
      previous: 1,
      next: 3,
    });
  });

  it('stops at the cap and says so when more rows were counted', () => {
    const meta = cappedPageMeta(12, 113, 112, 1, 12);
    expect(meta).toEqual({
      page: 1,
      limit: 12,
      count: 112,
      count_capped: true,
      pages: 10,
      from: 1,
      to: 12,
      in: 12,
      previous: null,
      next: 2,
    });
  });
});
