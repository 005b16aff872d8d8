import { describe, expect, it } from 'vitest';
import { f } from '../define';
import { typeModule } from './index';

/** An embedded value through its wire schema: what the `jsonb` column stores. */
const store = (fd: ReturnType<typeof f.embedded>, value: unknown) => typeModule(fd).wire!(fd).parse(value);

describe('embedded value objects', () => {
  const account = f.embedded({
    number: f.text(),
    billingCountry: f.dictionary('COUNTRY'),
    bank: f.ref('departments'),
    tags: f.dictionaryList('COUNTRY'),
    rate: f.percent(),
  });

  it('OFF-08 a reference member is stored and read back as { id }, as it was written', () => {
    expect(store(account, { number: 'KZ1', billingCountry: { id: 4 }, bank: { id: 9 }, rate: '0.25' })).toEqual({
      number: 'KZ1',
      billingCountry: { id: 4 },
      bank: { id: 9 },
      rate: 0.25,
    });
  });

  it('OFF-08 an empty pick inside the object ({} or { id: null }) is stored as null', () => {
    expect(store(account, { number: 'KZ1', billingCountry: {}, bank: { id: null } })).toEqual({
      number: 'KZ1',
      billingCountry: null,
      bank: null,
    });
  });

  it('a to-many member is stored as [{ id }]', () => {
    expect(store(account, { tags: [{ id: 4 }, { id: 5 }] })).toEqual({ tags: [{ id: 4 }, { id: 5 }] });
  });

  it('a stored value sent back unchanged parses to itself', () => {
    const once = store(account, { billingCountry: { id: 4 }, tags: [{ id: 7 }] });
    expect(store(account, once)).toEqual(once);
  });
});
