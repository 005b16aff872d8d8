/**
 * Every registered schema's generated list, card, create and edit, rendered with records generated
 * from the schema (`sampleRecords.ts`): a new entity is covered the moment it is registered. Each
 * view must show the fields' labels and values (texts by the display table's formatter) without
 * an error, and the forms an input for every field of each of their groups.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EntitySchema, Field } from '../../schemas/define';
import { findSchema, schemas } from '../../schemas/index';
import { listColumns } from './columns';
import { fieldDisplays } from './fieldTypes/display';
import { getPath } from './format';
import { sampleData, sampleRecord } from './sampleRecords';
import { editableFields, isShown, labelOf, readableField } from './schemaUtils';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

const WAIT = { timeout: 10_000 };
const data = sampleData(schemas);
let started = 0;
beforeAll(() => void (started = performance.now()));
afterAll(() => console.info(`every schema's views rendered in ${Math.round(performance.now() - started)} ms`));

/** The text a value shows as, when the type's cell is plain text (links, chips and icons aside). */
function shownText(fd: Field, value: unknown, inList: boolean): string | undefined {
  const display = fieldDisplays[fd.type];
  const cell = display.cell?.(value, fd);
  if (typeof cell !== 'string' || cell === '') return undefined;
  return fd.type === 'longText' && !inList ? display.text(value, fd) : cell;
}

/**
 * Texts of every label on screen (`<label>`, `<legend>`, `aria-label`, table headers, an array
 * input's label), required marks dropped.
 */
function labelsOnScreen(): Set<string> {
  const texts = new Set<string>();
  const clean = (t: string | null | undefined) => (t ?? '').replace(/[\s*\u2009]+$/u, '').trim();
  document.querySelectorAll('label, legend, th, [aria-label], .RaArrayInput-label').forEach((el) => {
    texts.add(clean(el.textContent));
    texts.add(clean(el.getAttribute('aria-label')));
  });
  return texts;
}

const expectNoError = () => {
  expect(screen.queryByText(/something went wrong/i)).toBeNull();
  expect(screen.queryByText('Not found')).toBeNull();
};

const expectShown = (schema: EntitySchema, names: string[]) => {
  const record = sampleRecord(schema, 1);
  for (const name of names) {
    const fd = readableField(schema, name);
    if (!fd || !isShown(fd)) continue;
    expect(screen.getAllByText(labelOf(name, fd)).length, `${schema.name}.${name} label`).toBeGreaterThan(0);
    const text = shownText(fd, record[name], false);
    if (text) expect(screen.getAllByText(text).length, `${schema.name}.${name} value "${text}"`).toBeGreaterThan(0);
  }
};

describe('generic views: every registered schema renders with generated records', { timeout: 60_000 }, () => {
  it.each(schemas.map((s) => [s.name, s] as const))('%s: the list shows its columns and values', async (_, schema) => {
    renderAdmin(`/${schema.route}`, schemas as EntitySchema[], data);
    const record = sampleRecord(schema, 1);
    const columns = listColumns(schema);
    const first = columns
      .map(([path, fd]) => shownText(fd, getPath(record, path), true))
      .find((t): t is string => t !== undefined);
    if (first) await screen.findAllByText(first, {}, WAIT);
    else await screen.findAllByRole('row', {}, WAIT);
    const labels = labelsOnScreen();
    for (const [path, fd] of columns) {
      expect(labels, `${schema.name} column ${path}`).toContain(labelOf(path, fd));
      const text = shownText(fd, getPath(record, path), true);
      if (text) expect(screen.getAllByText(text).length, `${schema.name} cell ${path} "${text}"`).toBeGreaterThan(0);
    }
    expectNoError();
  });

  it.each(schemas.map((s) => [s.name, s] as const))('%s: the card shows every field tab', async (_, schema) => {
    renderAdmin(`/${schema.route}/1`, schemas as EntitySchema[], data);
    const fieldTabs = (schema.show?.tabs ?? []).filter((t) => !t.related);
    const first = fieldTabs[0];
    const names = first ? (first.fields ?? []) : Object.keys(schema.fields);
    const anyLabel = names.map((n) => [n, readableField(schema, n)] as const).find(([, fd]) => fd && isShown(fd));
    if (anyLabel) await screen.findAllByText(labelOf(anyLabel[0], anyLabel[1]), {}, WAIT);
    expectShown(schema, names);
    for (const tab of fieldTabs.slice(1)) {
      fireEvent.click(screen.getByRole('tab', { name: tab.label }));
      expectShown(schema, tab.fields ?? []);
    }
    // a related tab shows when its collection is registered; an optional one waits for it; a
    // forms-only one never shows (it routes child forms only)
    for (const tab of schema.show?.tabs ?? []) {
      const waiting = tab.related && (!findSchema(tab.related.collection) || tab.related.formsOnly);
      if (waiting) expect(screen.queryByRole('tab', { name: tab.label })).toBeNull();
      else expect(screen.getByRole('tab', { name: tab.label })).toBeInTheDocument();
    }
    expectNoError();
  });

  const formGroups = (schema: EntitySchema) => {
    const editable = editableFields(schema).map(([n]) => n);
    const groups = schema.form?.groups ?? [{ name: 'all', label: '', fields: editable }];
    return groups.map((g) => ({ ...g, fields: g.fields.filter((n) => editable.includes(n)) }));
  };

  /** `create`: a status field is not an input there (a new record starts in its initial status). */
  const expectInputs = async (schema: EntitySchema, mode: 'create' | 'edit') => {
    const fields = formGroups(schema)
      .flatMap((g) => g.fields.map((n) => [g.name, n] as const))
      .filter(([, n]) => !(mode === 'create' && schema.status?.field === n));
    const [, firstName] = fields[0] ?? [];
    if (firstName) await screen.findAllByText(labelOf(firstName, schema.fields[firstName]), {}, WAIT);
    // inputs that load a chunk of their own (the file input) may render after the first one
    await waitFor(() => {
      const labels = labelsOnScreen();
      for (const [group, name] of fields) {
        const fd = schema.fields[name]!;
        if (fd.sendWhen) continue; // shown only while its condition holds
        expect(labels, `${schema.name} group ${group}: input ${name}`).toContain(labelOf(name, fd));
      }
    }, WAIT);
    expectNoError();
  };

  it.each(schemas.filter((s) => editableFields(s).length).map((s) => [s.name, s] as const))(
    '%s: the create form has an input for every field of its groups',
    async (_, schema) => {
      renderAdmin(`/${schema.route}/create`, schemas as EntitySchema[], data);
      await expectInputs(schema, 'create');
    },
  );

  it.each(schemas.filter((s) => editableFields(s).length).map((s) => [s.name, s] as const))(
    '%s: the edit form has an input for every field of its groups',
    async (_, schema) => {
      renderAdmin(`/${schema.route}/1/edit`, schemas as EntitySchema[], data);
      await expectInputs(schema, 'edit');
    },
  );
});
