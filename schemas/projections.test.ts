import { describe, expect, it } from 'vitest';
import { isToMany } from './define';
import { schemas } from './index';

/**
 * A form loads its record with the schema's default projection (the generated edit view asks for
 * it) and sends every collection it edits, which the server takes as the whole set. A collection
 * the projection does not return would reach the form empty: the user would not see it, and saving
 * would replace it with what little the form holds.
 */
describe('edit projections', () => {
  const editedCollections = schemas.flatMap((s) =>
    Object.entries(s.fields)
      .filter(([, fd]) => isToMany(fd) && !fd.readOnly && (fd.type === 'children' ? fd.nestedWrite : !fd.via))
      .map(([name]) => ({ schema: s, name })),
  );

  it('CLI-10 the registry has collections that forms edit (clients.contactList, roles.privilegeList, ...)', () => {
    expect(editedCollections.map((c) => `${c.schema.name}.${c.name}`)).toEqual(
      expect.arrayContaining(['clients.contactList', 'roles.privilegeList']),
    );
  });

  for (const { schema, name } of editedCollections) {
    it(`CLI-10 the ${schema.name} edit projection "${schema.defaultProjection}" returns ${name}, the collection its form writes`, () => {
      const projection = schema.projections[schema.defaultProjection]!;
      expect(Object.keys(projection.embed ?? {})).toContain(name);
    });
  }
});
