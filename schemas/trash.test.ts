import { describe, expect, it } from 'vitest';
import { registryProblems, type RegistryNames } from './check';
import { defineEntity, f, hasTrash, trashRetentionDays, type EntitySchema } from './define';
import { DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import { clients, matters, offices, schemas } from './index';
import { MODULES } from './modules';

/** The `trash` option of an entity (schemas/define.ts `TrashConfig`) and its load-time checks. */
const names: RegistryNames = { dictionaries: DICTIONARY_TYPE_NAMES, modules: MODULES };
const problems = (changed: EntitySchema) =>
  registryProblems(
    schemas.map((s) => (s.name === changed.name ? changed : s)),
    names,
  );

const gadget =
  (trash: unknown, extra: Record<string, unknown> = {}) =>
  () =>
    defineEntity({
      name: 'gadgets',
      entityName: 'Gadget',
      label: 'Gadgets',
      area: 'crm',
      module: 'client',
      fields: { gname: f.text() },
      trash: trash as boolean,
      ...extra,
    });

describe('trash option', () => {
  it('trash: retention is 30 days unless the schema says, and entities without the option have no trash', () => {
    expect(hasTrash(matters)).toBe(true);
    expect(trashRetentionDays(matters)).toBe(30);
    expect(trashRetentionDays(gadget({ retentionDays: 90 })())).toBe(90);
    expect(hasTrash(offices)).toBe(false);
  });

  it('trash: defineEntity refuses a retention that is not a whole number of days, and a trash without delete or history', () => {
    expect(gadget({ retentionDays: 0 })).toThrow('schema gadgets: trash.retentionDays must be a whole number of days');
    expect(gadget({ retentionDays: 1.5 })).toThrow('trash.retentionDays must be a whole number of days');
    expect(gadget(true, { genericWrites: { delete: false } })).toThrow('a trash needs the generic delete');
    expect(gadget(true, { history: false })).toThrow('a trash needs the record history');
  });

  it('trash: "along" must name a reference to the entity from an entity with a trash', () => {
    expect(problems({ ...matters, trash: { along: ['times.matter'] } })).toEqual([]);
    expect(problems({ ...matters, trash: { along: ['matterTeams.matter'] } })).toEqual([
      'schema matters: trash takes "matterTeams.matter" along, but matterTeams has no trash',
    ]);
    expect(problems({ ...matters, trash: { along: ['times.project'] } })).toEqual([
      'schema matters: trash takes "times.project" along, but that is not a reference of times to matters',
    ]);
    expect(problems({ ...clients, trash: { along: ['contacts'] } })).toEqual([
      'schema clients: trash takes "contacts" along, but that is not <collection>.<field>',
    ]);
  });
});
