import { describe, expect, it } from 'vitest';
import { defineEntity, f } from './define';

/** The load-time checks of `bulk.fields` and `list.inlineEdit` (schemas/define.ts). */
const entity = (extra: object) =>
  defineEntity({
    name: 'gadgets',
    entityName: 'Gadget',
    label: 'Gadgets',
    area: 'test',
    fields: {
      name: f.text(),
      code: f.text({ unique: true }),
      owner: f.ref('employees'),
      notes: f.longText(),
      secret: f.password(),
      number: f.text({ readOnly: true }),
      tags: f.refList('employees'),
      stage: f.dictionary('DEAL_STAGE'),
      due: f.date(),
    },
    ...extra,
  });

describe('bulk fields and inline-edit columns', () => {
  it('bulk: a writable single-column field may be set in bulk; anything else is refused at load', () => {
    expect(() => entity({ bulk: { fields: ['owner', 'due', 'name'] } })).not.toThrow();
    expect(() => entity({ bulk: { fields: [] } })).toThrow('schema gadgets: bulk names no field');
    expect(() => entity({ bulk: { fields: ['nope'] } })).toThrow('schema gadgets: bulk names unknown field "nope"');
    expect(() => entity({ bulk: { fields: ['number'] } })).toThrow(
      'schema gadgets: bulk field "number" is not writable',
    );
    expect(() => entity({ bulk: { fields: ['secret'] } })).toThrow(
      'schema gadgets: bulk field "secret" is not writable',
    );
    for (const field of ['code', 'tags'])
      expect(() => entity({ bulk: { fields: [field] } })).toThrow(
        `schema gadgets: bulk field "${field}" cannot be set on many records at once`,
      );
    const status = { field: 'stage', initial: 1, transitions: [{ from: [1], to: [2] }] };
    expect(() => entity({ status, bulk: { fields: ['stage'] } })).toThrow(
      'schema gadgets: bulk field "stage" cannot be set on many records at once',
    );
  });

  it('inline edit: a simple writable list column may be edited in the cell; anything else is refused at load', () => {
    const list = (inlineEdit: string[]) => ({ list: { columns: ['name', 'notes', 'due', 'owner'], inlineEdit } });
    expect(() => entity(list(['name', 'due']))).not.toThrow();
    expect(() => entity(list(['notes']))).toThrow(
      'schema gadgets: list inlineEdit field "notes" is not a simple field',
    );
    expect(() => entity(list(['owner']))).toThrow(
      'schema gadgets: list inlineEdit field "owner" is not a simple field',
    );
    expect(() => entity(list(['stage']))).toThrow('schema gadgets: list inlineEdit field "stage" is not a list column');
    expect(() => entity(list(['number']))).toThrow('schema gadgets: list inlineEdit field "number" is not writable');
  });
});
