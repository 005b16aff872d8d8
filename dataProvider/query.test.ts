import { describe, expect, it } from 'vitest';
import { dropEmpty, stringifyQuery, withQuery } from './query';

const decoded = (params: Record<string, unknown>) => decodeURIComponent(stringifyQuery(params));

describe('stringifyQuery', () => {
  it('SHELL-26 writes nested objects with dots', () => {
    expect(decoded({ client: { id: 5 }, project: { office: { id: 2 } } })).toBe('client.id=5&project.office.id=2');
  });

  it('SHELL-27 writes arrays comma-separated, each value encoded', () => {
    expect(decoded({ 'type.code.in': [4, 5, 6] })).toBe('type.code.in=4,5,6');
    expect(stringifyQuery({ 'gname.in': ['a,b', 'c d'] })).toBe('gname.in=a%2Cb,c%20d');
  });

  it('SHELL-28 drops empty strings, null, undefined, empty arrays and objects left empty', () => {
    expect(decoded({ a: '', b: null, c: undefined, d: [], e: { id: '' }, f: ['', null], g: 0, h: false })).toBe(
      'g=0&h=false',
    );
    expect(stringifyQuery({ a: '' })).toBe('');
  });

  it('keeps key order and repeats an array sort instead of joining it', () => {
    expect(decoded({ page: 0, size: 20, sort: ['gname,asc', 'id,desc'], projection: 'full' })).toBe(
      'page=0&size=20&sort=gname,asc&sort=id,desc&projection=full',
    );
    expect(decoded({ page: 0, sort: 'createdDate,desc', contactId: 7 })).toBe(
      'page=0&sort=createdDate,desc&contactId=7',
    );
  });

  it('encodes reserved characters in values', () => {
    expect(stringifyQuery({ search: 'a&b=c #1' })).toBe('search=a%26b%3Dc%20%231');
  });
});

describe('withQuery and dropEmpty', () => {
  it('leaves a URL without "?" when nothing is left', () => {
    expect(withQuery('/core/api/clients', { q: '' })).toBe('/core/api/clients');
    expect(withQuery('/core/api/clients', { size: 3 })).toBe('/core/api/clients?size=3');
  });

  it('dropEmpty does not change its input', () => {
    const input = { a: '', b: { c: null } };
    expect(dropEmpty(input)).toEqual({});
    expect(input).toEqual({ a: '', b: { c: null } });
  });
});
