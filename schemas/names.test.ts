import { describe, expect, it } from 'vitest';
import { defineEntity, f, type EntityConfig, type Field } from './define';

/**
 * The name lists of a declaration are typed from its own fields: each `@ts-expect-error` below
 * marks a typo the type check (`npm run typecheck`) must reject - if a list stopped being typed,
 * the directive would be unused and the type check would fail. At run time `defineEntity` rejects
 * the same typos for code that bypasses the types.
 */
const fields = {
  gname: f.text({ required: true }),
  country: f.dictionary('COUNTRY'),
  owner: f.ref('employees'),
  account: f.embedded({ bic: f.text() }),
  note: f.longText(),
};
const base = { name: 'things', entityName: 'Thing', label: 'Things', area: 'crm', fields };
const declare =
  <F extends Record<string, Field>>(config: EntityConfig<F, never>) =>
  () =>
    defineEntity(config);

describe('typed name lists', () => {
  it('a declaration naming its own fields, system fields and paths through references compiles and loads', () => {
    const things = defineEntity({
      ...base,
      icon: 'Domain',
      module: 'client',
      projections: { brief: { fields: ['gname', 'country'], embed: { country: ['gname'], owner: 'full' } } },
      search: ['gname', 'owner.gfirstName'],
      defaultSort: [['createdDate', 'desc']],
      recordRepresentation: '%{gname} (%{country.gname})',
      indexes: [['country', 'lastModifiedDate']],
      autoNumber: { note: { max: 'gname', plus: 1, scope: ['country'] } },
      list: { columns: ['gname', 'country', 'account.bic'], filters: [{ source: 'country.id', field: 'country' }] },
      form: { groups: [{ name: 'main', label: 'Main', fields: ['gname', 'country', 'account'] }] },
      show: { tabs: [{ name: 'main', label: 'Main', fields: ['gname', 'note'], module: 'client' }] },
    });
    expect(things.projections.brief?.embed).toEqual({ country: ['gname'], owner: 'full' });
  });

  it('a typo in a list column, form group, show tab, projection, search or index is rejected', () => {
    // @ts-expect-error list column "gnme" is not a field
    expect(declare({ ...base, list: { columns: ['gnme'] } })).toThrow('list columns names unknown field "gnme"');
    // @ts-expect-error form group field
    expect(declare({ ...base, form: { groups: [{ name: 'a', label: 'A', fields: ['nte'] }] } })).toThrow(/"nte"/);
    // @ts-expect-error show tab field
    expect(declare({ ...base, show: { tabs: [{ name: 'a', label: 'A', fields: ['contry'] }] } })).toThrow(/"contry"/);
    // @ts-expect-error projection field
    expect(declare({ ...base, projections: { p: { fields: ['gnam'] } } })).toThrow(/"gnam"/);
    // @ts-expect-error search field
    expect(declare({ ...base, search: ['gnme'] })).toThrow(/"gnme"/);
    // @ts-expect-error index field
    expect(declare({ ...base, indexes: [['contry']] })).toThrow(/"contry"/);
    // @ts-expect-error list filter field
    expect(declare({ ...base, list: { filters: [{ source: 'x', field: 'contry' }] } })).toThrow(/"contry"/);
  });

  it('computed fields are names a list, a card, a sort and a projection may use, and only those', () => {
    const votes = { type: 'number' as const };
    const things = defineEntity({
      ...base,
      computed: { votes },
      defaultSort: [['votes', 'desc']],
      list: { columns: ['gname', 'votes'] },
      show: { tabs: [{ name: 'main', label: 'Main', fields: ['gname', 'votes'] }] },
      projections: { brief: { fields: ['gname', 'votes'] } },
    });
    expect(things.list?.columns).toEqual(['gname', 'votes']);
    // @ts-expect-error "vote" is neither a field nor a computed field
    expect(() => defineEntity({ ...base, computed: { votes }, list: { columns: ['vote'] } })).toThrow(/"vote"/);
    // @ts-expect-error a computed field is never written: forms take own fields only
    defineEntity({ ...base, computed: { votes }, form: { groups: [{ name: 'a', label: 'A', fields: ['votes'] }] } });
  });

  it('an embed may name only reference fields of the entity', () => {
    // @ts-expect-error "cuntry" is not a field
    expect(declare({ ...base, projections: { p: { embed: { cuntry: ['gname'] } } } })).toThrow(/"cuntry"/);
    // @ts-expect-error "gname" is text, not a reference
    declare({ ...base, projections: { p: { embed: { gname: ['x'] } } } });
  });

  it('sort, record representation and auto-numbering name real fields; icon and module are checked names', () => {
    // @ts-expect-error sort field
    declare({ ...base, defaultSort: [['gnme', 'asc']] });
    // @ts-expect-error record representation
    declare({ ...base, recordRepresentation: 'gnme' });
    // @ts-expect-error auto-numbered field
    declare({ ...base, autoNumber: { cde: { plus: 1 } } });
    // @ts-expect-error auto-number scope
    declare({ ...base, autoNumber: { note: { plus: 1, scope: ['typ'] } } });
    // @ts-expect-error not an @mui/icons-material export
    declare({ ...base, icon: 'Domian' });
    // @ts-expect-error not a privilege module of schemas/modules.ts
    declare({ ...base, module: 'clients' });
    // @ts-expect-error show tab module
    declare({ ...base, show: { tabs: [{ name: 'a', label: 'A', module: 'teams' }] } });
    expect(true).toBe(true);
  });
});
