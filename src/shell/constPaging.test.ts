import { describe, expect, it } from 'vitest';
import { DEFAULT_PER_PAGE_OPTIONS } from '../resources/views/SchemaList';

// How each size reaches the server as `size`, and pages as `page` from 0: dataProvider/paging.test.ts
describe('list paging', () => {
  it('CONST-01 the lists offer the page sizes 20, 50 and 100', () => {
    expect(DEFAULT_PER_PAGE_OPTIONS).toEqual([20, 50, 100]);
  });
});
