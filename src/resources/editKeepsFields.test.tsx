/**
 * Every generated edit form, loaded with a record that has every field filled (child collections
 * too, where the edit projection returns them): changing one text field and saving sends the
 * loaded record with only that field changed. Fails when a form drops, empties or rewrites any
 * other field or collection (a wizard step that starts empty would send an empty contactList).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider, UpdateParams } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { servesGenericWrite, SYSTEM_FIELDS } from '../../schemas/define';
import { findSchema, schemas } from '../../schemas/index';
import { toWirePayload } from '../../schemas/payload';
import { editableFields } from './schemaUtils';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

/** The ledger line each entity's update proves ("... is updated with PUT", else the entity's fields line). */
const LEDGER: Record<string, string> = {
  clients: 'CLI-10',
  contacts: 'CLI-18',
  contactComments: 'CLI-23',
  baseDictionaries: 'DICT-11',
  baseDictionaryTypes: 'DICT-15',
  departments: 'DICT-28',
  offices: 'OFF-05',
  employees: 'EMP-07',
  positions: 'EMP-19',
  privileges: 'USR-08',
  currencies: 'USR-18',
  roles: 'USR-02',
  countries: 'DICT-11',
  users: 'USR-10',
  projects: 'PROJ-08',
  projectManagers: 'PROJ-02',
  matters: 'MAT-20',
  titles: 'MISC-08',
  employeeTitles: 'EMP-12',
  positionFunds: 'EMP-30',
  budgets: 'BUD-16',
};

const isList = (fd: Field) => fd.type === 'refList' || fd.type === 'dictionaryList' || fd.type === 'children';

/** The fields the schema's edit projection returns: its `fields` or every non-list field, plus embeds. */
function loadedFields(schema: EntitySchema): Array<[string, Field]> {
  const projection = schema.projections[schema.defaultProjection] ?? {};
  const names = new Set(projection.fields ?? Object.keys(schema.fields).filter((n) => !isList(schema.fields[n]!)));
  for (const n of Object.keys(projection.embed ?? {})) names.add(n);
  return [...names]
    .map((n) => [n, schema.fields[n]] as [string, Field | undefined])
    .filter((e): e is [string, Field] => e[1] !== undefined && !e[1].writeOnly);
}

/** A text that passes the field's length and pattern rules. */
function textFor(name: string, fd: Field, seed: string): string {
  if (fd.pattern) {
    const fits = ['ABC', 'abc', 'A1', '12', 'abc@example.kz'].find((c) => new RegExp(fd.pattern!).test(c));
    if (!fits) throw new Error(`no sample text matches ${fd.pattern} (${name}); add one here`);
    return fits;
  }
  const text = `${seed} ${name}`;
  const max = fd.maxLength ?? 255;
  return text.length > max ? text.slice(0, max) : text.padEnd(fd.minLength ?? 0, 'x');
}

/** A filled value of a field as the server returns it (wire units). */
function valueFor(name: string, fd: Field, seed: string, depth: number, parentId: number): unknown {
  switch (fd.type) {
    case 'text':
    case 'longText':
      return textFor(name, fd, seed);
    case 'email':
      return `${name.toLowerCase()}@example.test`;
    case 'phone':
      return '+7 701 000 00 00';
    case 'url':
      return 'https://example.test/page';
    case 'number':
      return Math.max(fd.min ?? 0, Math.min(fd.max ?? 7, 7));
    case 'money':
      return 1250.5;
    case 'percent':
      return 0.12;
    case 'durationMs':
      return 900000;
    case 'boolean':
      // true satisfies every conditional rule (sendWhen underSanctions/emailSubscribed, valueWhen vatEnabled)
      return true;
    case 'date':
      return '2026-03-31';
    case 'month':
      return '2026-03-01';
    case 'dateTime':
      return '2026-03-31T10:00:00.000Z';
    case 'enum':
      return fd.values?.[0];
    case 'ref':
    case 'dictionary':
      return { id: 1, gname: 'First' };
    case 'refId':
      return 1;
    // a stored file as the projection reads it (a required file must be there for the form to save)
    case 'file':
      return { id: 1, name: 'first.pdf', contentType: 'application/pdf', size: 1024 };
    case 'files':
      return [{ id: 1, name: 'first.pdf', contentType: 'application/pdf', size: 1024 }];
    case 'refList':
    case 'dictionaryList':
      return [
        { id: 1, gname: 'First' },
        { id: 2, gname: 'Second' },
      ];
    case 'embedded':
      return Object.fromEntries(
        Object.entries(fd.fields ?? {}).map(([n, sub]) => [n, valueFor(n, sub, seed, depth, parentId)]),
      );
    case 'embeddedList':
      return [
        Object.fromEntries(
          Object.entries(fd.fields ?? {}).map(([n, sub]) => [n, valueFor(n, sub, seed, depth, parentId)]),
        ),
      ];
    case 'children': {
      const child = findSchema(fd.target!)!;
      return [31, 32].map((id) => ({
        ...recordOf(child, id, `Child ${id}`, depth + 1),
        [fd.via!]: { id: parentId },
      }));
    }
    default:
      return null;
  }
}

/** A record of `schema` as its edit projection returns it, every field filled. */
function recordOf(schema: EntitySchema, id: number, seed: string, depth = 0): WireRecord {
  const record: WireRecord = {
    id,
    [schema.lockProperty]: 3,
    createdDate: '2026-01-01T00:00:00Z',
    lastModifiedDate: '2026-01-02T00:00:00Z',
    createdBy: 'admin',
    lastModifiedBy: 'admin',
  };
  for (const [name, fd] of loadedFields(schema)) {
    if (fd.type === 'children' && depth > 0) continue;
    record[name] = valueFor(name, fd, seed, depth, id);
  }
  return record;
}

/** The field the test edits and the value it types: a text (the record representation when it is one), else a date or a checkbox. */
interface Edit {
  name: string;
  /** `text` is typed, `date` typed in the date box, `boolean` clicked. */
  kind: 'text' | 'date' | 'boolean';
  /** What the field holds afterwards. */
  value: unknown;
}

function fieldToEdit(schema: EntitySchema): Edit | undefined {
  const editable = editableFields(schema);
  const texts = editable.filter(([, fd]) => (fd.type === 'text' || fd.type === 'longText') && !fd.pattern);
  const rep = schema.recordRepresentation;
  const text = texts.find(([n]) => n === rep) ?? texts.find(([, fd]) => fd.required) ?? texts[0];
  if (text) return { name: text[0], kind: 'text', value: 'Changed name' };
  const date = editable.find(([, fd]) => fd.type === 'date');
  // every date is filled with 2026-03-31: a range's end moves later, anything else earlier, so a
  // range (notBefore) still holds and the form saves
  if (date) return { name: date[0], kind: 'date', value: date[1].notBefore ? '2026-04-01' : '2026-03-01' };
  const flag = editable.find(([, fd]) => fd.type === 'boolean');
  if (flag) return { name: flag[0], kind: 'boolean', value: false };
  return undefined;
}

/**
 * Forms of picks and amounts only (a team member is one position, a rate a title and an amount)
 * have no text, date or checkbox to edit here; their pick lists and number inputs are proven by
 * their own tests.
 */
const hasTypedField = (s: EntitySchema) =>
  editableFields(s).some(([, fd]) => ['text', 'longText', 'date', 'boolean'].includes(fd.type) && !fd.pattern);

/** Pick-list targets: a couple of records in every collection, so reference inputs resolve. */
function referenceData(): Record<string, unknown[]> {
  const data: Record<string, unknown[]> = {};
  for (const s of schemas) data[s.route] = [recordOf(s, 1, 'First', 1), recordOf(s, 2, 'Second', 1)];
  return data;
}

/** Entities with an edit form: generated, and not turned off with `genericWrites` (stored files). */
const hasEditForm = (s: EntitySchema) => servesGenericWrite(s, 'update');
const generatedEditForms = schemas.filter((s) => hasEditForm(s) && fieldToEdit(s) !== undefined);

describe('every generated edit form keeps what it did not change', { timeout: 60_000 }, () => {
  it('every generated form: the test covers each entity of the registry that has a generated edit form', () => {
    expect(generatedEditForms.map((s) => s.name)).toEqual(
      schemas.filter((s) => hasEditForm(s) && hasTypedField(s)).map((s) => s.name),
    );
    expect(generatedEditForms.map((s) => s.name)).toContain('clients');
  });

  for (const schema of generatedEditForms) {
    const edit = fieldToEdit(schema)!;
    const field = edit.name;
    const id = LEDGER[schema.name] ?? 'every generated form:';
    it(`${id} editing only ${field} of ${schema.entityName.toLowerCase()} sends every other field and collection as loaded`, async () => {
      const loaded = recordOf(schema, 12, 'Loaded');
      const updates: UpdateParams[] = [];
      // a wizard saves on its last step; every step stays mounted, so the edited field is there too
      const lastStep = schema.form?.layout === 'wizard' ? schema.form.groups?.at(-1)?.name : undefined;
      const path = `/${schema.route}/12/card/edit${lastStep ? `?step=${lastStep}` : ''}`;
      renderAdmin(
        path,
        [...schemas],
        { ...referenceData(), [schema.route]: [loaded] },
        () => true,
        (dp) =>
          ({
            ...dp,
            update: (resource: string, params: UpdateParams) => {
              updates.push(params);
              return dp.update(resource, params);
            },
          }) as DataProvider,
      );

      await waitFor(() => expect(document.querySelector(`[name="${field}"]`)).not.toBeNull(), { timeout: 5000 });
      const input = document.querySelector(`[name="${field}"]`) as HTMLInputElement;
      if (edit.kind === 'boolean') {
        expect(input.checked).toBe(true);
        fireEvent.click(input);
      } else {
        expect(input.value).toBe(loaded[field]);
        fireEvent.change(input, { target: { value: edit.value } });
      }
      const save = await screen.findByRole('button', { name: 'Save' });
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);
      await waitFor(() => expect(updates).toHaveLength(1), { timeout: 5000 });

      const { data, previousData } = updates[0]!;
      expect(previousData).toEqual(loaded);
      const sent = toWirePayload(schema, data as WireRecord, findSchema, previousData as WireRecord);
      const expected = toWirePayload(schema, { ...loaded, [field]: edit.value }, findSchema, loaded);
      expect(sent).toEqual(expected);
      // nothing the server returned is missing from what the form holds, system fields included
      for (const name of [...SYSTEM_FIELDS, schema.lockProperty])
        expect((data as WireRecord)[name]).toEqual(loaded[name]);
    });
  }
});
