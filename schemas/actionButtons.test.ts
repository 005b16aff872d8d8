import { describe, expect, it } from 'vitest';
import { defineEntity, f, recordMatches, type EntityAction } from './define';

const base = { name: 'things', entityName: 'Thing', label: 'Things', area: 'x', fields: { gname: f.text() } };
const thing = (action: EntityAction) => defineEntity({ ...base, actions: { close: action } });

describe('an action’s declared button', () => {
  it('loads when its method, record fields and place fit the action', () => {
    expect(() =>
      thing({
        level: 'collection',
        methods: ['PATCH'],
        path: 'close/:thingId',
        input: { thingId: f.number({ required: true }) },
        access: { privilege: 'update' },
        button: { label: 'Close', fromRecord: { thingId: 'id' }, method: 'PATCH' },
      }),
    ).not.toThrow();
  });

  it('fails at load when it sends a method the action does not answer', () => {
    expect(() =>
      thing({ level: 'item', access: { privilege: 'update' }, button: { label: 'Close', method: 'DELETE' } }),
    ).toThrow('schema things: the button of action "close" sends DELETE, which the action does not answer');
  });

  it('fails at load when it fills a field that is no input of the action', () => {
    expect(() =>
      thing({
        level: 'collection',
        access: { privilege: 'update' },
        button: { label: 'Close', fromRecord: { thingId: 'id' } },
      }),
    ).toThrow('schema things: the button of action "close" fills "thingId", which is not an input of the action');
  });

  it('fails at load when a list button belongs to an action that needs a record', () => {
    expect(() =>
      thing({ level: 'item', access: { privilege: 'update' }, button: { label: 'Close', on: ['list'] } }),
    ).toThrow('schema things: the button of action "close" is on the list, but the action needs a record');
  });
});

describe('recordMatches: when a button applies to a record', () => {
  const draft = { field: 'status.code', in: [null, 1] };
  it('reads dotted paths; null in the list stands for an absent or null value', () => {
    expect(recordMatches(draft, { status: { code: 1 } })).toBe(true);
    expect(recordMatches(draft, { status: null })).toBe(true);
    expect(recordMatches(draft, {})).toBe(true);
    expect(recordMatches(draft, { status: { code: 2 } })).toBe(false);
  });

  it('notIn refuses the listed values, and every condition of a list must hold', () => {
    const actable = [
      { field: 'status.code', in: [4, 5, 6] },
      { field: 'signed', notIn: [true] },
    ];
    expect(recordMatches(actable, { status: { code: 4 }, signed: false })).toBe(true);
    expect(recordMatches(actable, { status: { code: 4 } })).toBe(true);
    expect(recordMatches(actable, { status: { code: 4 }, signed: true })).toBe(false);
    expect(recordMatches(actable, { status: { code: 1 } })).toBe(false);
  });

  it('applies without a condition', () => {
    expect(recordMatches(undefined, undefined)).toBe(true);
  });
});
