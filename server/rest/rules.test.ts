import { describe, expect, it } from 'vitest';
import { defineEntity, f, type WireRecord } from '../../schemas/define';
import { columnName } from '../db/naming';
import { applyPayloadRules } from './rules';
import type { ParsedWrite } from './validate';

/** Payload rules that read a dictionary entry's code, judged by the server as the form judges them. */
const codeOf = (r: WireRecord) => (r.kind as { code?: unknown } | null)?.code;
const gadgets = defineEntity({
  name: 'gadgets',
  entityName: 'Gadget',
  label: 'Gadgets',
  area: 'test',
  fields: {
    kind: f.dictionary('FUND_SCHEME'),
    note: f.text({ sendWhen: (r) => codeOf(r) === 3 }),
  },
});
const noteCol = columnName('note', gadgets.fields.note);
const kindCol = columnName('kind', gadgets.fields.kind);

const write = (values: WireRecord): ParsedWrite => ({
  columns: Object.hasOwn(values, 'note') ? { [noteCol]: values.note } : {},
  present: new Set(Object.keys(values)),
  values,
  links: [],
  children: [],
});

describe('payload rules on the server', () => {
  it('EMP-26 a rule reads the code of a dictionary entry sent as { id }', () => {
    const kept = write({ kind: { id: 7 }, note: 'x' });
    applyPayloadRules(gadgets, kept, undefined, new Map([[7, 3]]));
    expect(kept.columns[noteCol]).toBe('x');
    const dropped = write({ kind: { id: 8 }, note: 'x' });
    applyPayloadRules(gadgets, dropped, undefined, new Map([[8, 2]]));
    expect(dropped.columns[noteCol]).toBeNull();
  });

  it('EMP-26 a client cannot pass the rule by sending a code of its own', () => {
    const w = write({ kind: { id: 8, code: 3 }, note: 'x' });
    applyPayloadRules(gadgets, w, undefined, new Map([[8, 2]]));
    expect(w.columns[noteCol]).toBeNull();
  });

  it('EMP-26 a PATCH without the dictionary field is judged on the stored entry code', () => {
    const w = write({ note: 'x' });
    applyPayloadRules(gadgets, w, { [kindCol]: 7, [noteCol]: null }, new Map([[7, 3]]));
    expect(w.columns[noteCol]).toBe('x');
  });
});
