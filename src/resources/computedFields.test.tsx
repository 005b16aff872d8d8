import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineEntity, f, type EntitySchema } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { listColumns } from './columns';
import { readableField } from './schemaUtils';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

/** A throwaway entity whose card and list name computed properties beside its fields. */
const gizmos = defineEntity({
  name: 'gizmos',
  entityName: 'Gizmo',
  label: 'Gizmos',
  area: 'crm',
  access: { read: 'signedIn', write: 'signedIn' },
  fields: { gname: f.text({ required: true, label: 'Name' }) },
  computed: {
    partCount: { type: 'number', integer: true, label: 'Parts' },
    inStock: { type: 'boolean', label: 'In stock' },
  },
  recordRepresentation: 'gname',
  list: { columns: ['gname', 'partCount'] },
  show: { tabs: [{ name: 'main', label: 'Main', fields: ['gname', 'partCount', 'inStock'] }] },
}) as EntitySchema;

const data = { gizmos: [{ id: 1, version: 1, gname: 'Sprocket', partCount: 42, inStock: true }] };

describe('computed properties are shown wherever a field can be', () => {
  it('readableField gives a computed property as a read-only field of its type and label', () => {
    expect(readableField(gizmos, 'partCount')).toEqual({
      type: 'number',
      integer: true,
      label: 'Parts',
      readOnly: true,
    });
    expect(readableField(gizmos, 'gname')).toBe(gizmos.fields.gname);
    expect(readableField(gizmos, 'nothing')).toBeUndefined();
    expect(listColumns(gizmos).map(([path, fd]) => [path, fd.type])).toEqual([
      ['gname', 'text'],
      ['partCount', 'number'],
    ]);
  });

  it('a card tab naming computed properties shows their labels and values', async () => {
    renderAdmin('/gizmos/1', [gizmos], data);
    await screen.findAllByText('Sprocket', {}, { timeout: 10_000 });
    expect(screen.getAllByText('Parts').length).toBeGreaterThan(0);
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getAllByText('In stock').length).toBeGreaterThan(0);
  });

  it("a registered list's computed column is read with the computed property's type and label", () => {
    // every registered list is rendered with sample values of its computed columns by
    // src/resources/everySchema.test.tsx, which checks each column's label and cell
    const titles = getSchema('titles');
    const member = listColumns(titles).find(([path]) => path === 'member');
    expect(member?.[1]).toMatchObject({ type: titles.computed!.member!.type, label: 'Members', readOnly: true });
  });
});
