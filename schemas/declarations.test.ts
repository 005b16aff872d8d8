import { describe, expect, it } from 'vitest';
import { defineEntity, f, type StatusConfig } from './define';
import { registryProblems } from './check';
import { DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import { MODULES } from './modules';
import { schemas } from './index';
import { leads } from './crm/leads';

/** The declarations added for leads and e-mails: rich text fields, status boards, related tab filters. */
const status = (board: StatusConfig['board']): StatusConfig => ({
  field: 'stage',
  initial: 1,
  transitions: [{ from: [1], to: [2] }],
  board,
});
const entity = (extra: object) =>
  defineEntity({ name: 'gadgets', entityName: 'Gadget', label: 'Gadgets', area: 'test', fields: {}, ...extra });

describe('declarations of leads and e-mails', () => {
  it('MAIL-06 rich text is a longText option: html on another type is refused at load', () => {
    expect(() => entity({ fields: { body: f.longText({ html: true }) } })).not.toThrow();
    expect(() => entity({ fields: { body: f.text({ html: true }) } })).toThrow(
      'schema gadgets: field "body" is rich text (html) but not a longText',
    );
  });

  it('LEAD-04 a board names only codes of its transitions and fields of the entity', () => {
    const fields = { stage: f.dictionary('DEAL_STAGE'), name: f.text() };
    expect(() => entity({ fields, status: status({ columns: [1, 2], fields: ['name'] }) })).not.toThrow();
    expect(() => entity({ fields, status: status({ columns: [1, 3] }) })).toThrow(
      'schema gadgets: status board column 3 is no status of a transition',
    );
    expect(() => entity({ fields, status: status({ columns: [1], fields: ['nope'] }) })).toThrow(
      'schema gadgets: status board shows unknown field "nope"',
    );
    // the leads' board: every open stage a column, the terminal ones drop targets
    expect(leads.status?.board).toMatchObject({ columns: [1, 2, 3, 4, 6, 5, 9, 7], targets: [10, 8] });
  });

  it('NAV-109 a related tab filter names fields of the listed collection (checked at load)', () => {
    const names = { dictionaries: DICTIONARY_TYPE_NAMES, modules: MODULES };
    const bad = {
      ...leads,
      show: {
        tabs: [{ name: 'tasks', label: 'Tasks', related: { collection: 'times', via: 'lead', filter: { nope: 1 } } }],
      },
    };
    const problems = registryProblems(
      schemas.map((s) => (s.name === 'leads' ? bad : s)),
      names,
    );
    expect(problems.join('\n')).toMatch(/show tab tasks filters on nope/);
    expect(registryProblems(schemas, names)).toEqual([]);
  });
});

describe('globalSearch declarations', () => {
  it('names own text fields: a number, a reference, an unknown field or none is refused at load', () => {
    const fields = { name: f.text(), notes: f.longText(), mail: f.email(), size: f.number(), owner: f.ref('clients') };
    expect(() => entity({ fields, globalSearch: { fields: ['name', 'notes', 'mail'] } })).not.toThrow();
    for (const bad of [['size'], ['owner'], ['nothing']])
      expect(() => entity({ fields, globalSearch: { fields: bad } })).toThrow(
        `schema gadgets: globalSearch field "${bad[0]}" is not a text field of its own`,
      );
    expect(() => entity({ fields, globalSearch: { fields: [] } })).toThrow(
      'schema gadgets: globalSearch names no field',
    );
  });

  it('the six searchable entities declare it', () => {
    expect(
      schemas
        .filter((s) => s.globalSearch)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['clients', 'contacts', 'employees', 'invoices', 'matters', 'projects']);
  });
});
