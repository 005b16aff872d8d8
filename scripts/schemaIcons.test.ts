import { describe, expect, it } from 'vitest';
import { schemas } from '../schemas/index';
import { schemaIconNames } from './schemaIcons';

describe('menu icons from the schemas', () => {
  it('icons: every icon the registry names is in @mui/icons-material, and only those are bundled', () => {
    const names = schemaIconNames(schemas);
    expect(names).toContain('Domain'); // clients
    expect(names).toContain('Folder'); // the icon of a schema without one
    expect(names).toEqual([...new Set([...schemas.flatMap((s) => (s.icon ? [s.icon] : [])), 'Folder'])].sort());
  });

  it('icons: an unknown icon name fails with a message naming the schema', () => {
    expect(() => schemaIconNames([...schemas, { name: 'widgets', icon: 'NoSuchIconAnywhere' }])).toThrow(
      'schema "widgets": unknown icon "NoSuchIconAnywhere"',
    );
    expect(() => schemaIconNames([{ name: 'gadgets', icon: '../../evil' }])).toThrow('schema "gadgets"');
  });
});
