import { describe, expect, it } from 'vitest';
import { exportSearch, listSearch, readListQuery, viewRequest } from './list-query';

describe('the message box state in the address', () => {
  it('reads page, section and dates, ignoring what is not valid', () => {
    expect(readListQuery('?page=3&section=%ED%98%B8%ED%85%94%EC%98%88%EC%95%BD&from=2026-11-01&to=2026-11-30')).toEqual(
      {
        page: 3,
        section: '호텔예약',
        from: '2026-11-01',
        to: '2026-11-30',
      },
    );
    expect(readListQuery('?page=-2&section=hotel&from=2026-02-30&to=soon')).toEqual({ page: 1 });
    expect(readListQuery('')).toEqual({ page: 1 });
  });

  it('writes it back without defaults, and round-trips', () => {
    expect(listSearch({ page: 1 })).toBe('');
    const query = { page: 4, section: '컨시어지' as const, from: '2026-11-01' };
    expect(readListQuery(listSearch(query))).toEqual(query);
  });

  it('asks the API for 13 rows of the page, and exports the filter without the page', () => {
    expect(viewRequest({ page: 2, section: '병원예약', to: '2026-11-30' })).toEqual({
      page: 2,
      limit: 13,
      section: '병원예약',
      to: '2026-11-30',
    });
    expect(exportSearch({ page: 9, from: '2026-11-01' })).toBe('?from=2026-11-01');
    expect(exportSearch({ page: 1 })).toBe('');
  });

  it('lists one tag on its own, with its cursor, and exports it', () => {
    const query = readListQuery(
      '?tag=%20follow%20%20up%20&after=40&status=&section=%EB%B3%91%EC%9B%90%EC%98%88%EC%95%BD',
    );
    expect(query).toEqual({ page: 1, tag: 'follow up', after: '40' });
    expect(readListQuery(listSearch(query))).toEqual(query);
    expect(viewRequest(query)).toEqual({ limit: 13, tag: 'follow up', cursor: '40' });
    expect(exportSearch(query)).toBe('?tag=follow+up');
    // A status or owner list wins over a tag; a tag the API would refuse is not a filter.
    expect(readListQuery('?tag=VIP&status=new')).toEqual({ page: 1, status: 'new' });
    expect(readListQuery('?tag=a%2Cb')).toEqual({ page: 1 });
    expect(readListQuery(`?tag=${'x'.repeat(31)}`)).toEqual({ page: 1 });
  });
});
