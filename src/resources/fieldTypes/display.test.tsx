import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, Form, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { f, type Field, type FieldType } from '../../../schemas/define';
import { FormSummary } from '../forms/FormSummary';
import { defineEntity } from '../../../schemas/define';
import { cellRender, fieldFor, formatValue } from './display';

afterEach(cleanup);

/** References' summary lines read the target's representation (the form holds ids), tested in the wizard. */
const readsTarget = (field: Field) => field.type === 'ref' || field.type === 'refId';

/** One sample per type whose cell is text, with the text every view must show. */
const SAMPLES: Array<[FieldType, Field, unknown, string]> = [
  ['number', f.number(), 1234.5, '1,234.5'],
  ['number', f.number({ scale: 8 }), 0.00208333, '0.00208333'], // a rate to USD keeps its 8 places
  ['money', f.money(), 1234.5, '1,234.50'],
  ['percent', f.percent(), 0.07, '7%'],
  ['date', f.date(), '2026-11-05', "5 Nov '26"],
  ['month', f.month(), '2026-11-01', 'Nov 2026'],
  ['durationMs', f.durationMs(), 900000, '0:15'],
  ['text', f.text(), 'Acme', 'Acme'],
  ['enum', f.enum(['A', 'B']), 'B', 'B'],
  ['ref', { type: 'ref', target: 'countries', optionText: 'gname' }, { id: 4, gname: 'Kazakhstan' }, 'Kazakhstan'],
  ['refId', f.refId('clients'), 12, '#12'],
];

describe('one text formatter per field type', () => {
  it.each(SAMPLES)('%s: the list cell, the card and the form summary show the same text', (_, field, value, text) => {
    expect(formatValue(field, value)).toBe(text);
    expect(cellRender('v', field)?.({ v: value })).toBe(text);
    const schema = defineEntity({
      name: 'samples',
      entityName: 'Sample',
      label: 'Samples',
      area: 'a',
      fields: { v: field },
    });
    render(
      <AdminContext>
        <RecordContextProvider value={{ id: 1, v: value }}>{fieldFor('v', field)}</RecordContextProvider>
        <Form record={{ id: 1, v: value }}>
          <FormSummary schema={schema} fields={readsTarget(field) ? [] : ['v']} />
        </Form>
      </AdminContext>,
    );
    expect(screen.getAllByText(text)).toHaveLength(readsTarget(field) ? 1 : 2);
  });

  it('a boolean reads Yes or No in text and shows a named check or cross', () => {
    expect(formatValue(f.boolean(), true)).toBe('Yes');
    expect(formatValue(f.boolean(), false)).toBe('No');
    render(
      <AdminContext>
        <RecordContextProvider value={{ id: 1, v: false }}>{fieldFor('v', f.boolean())}</RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByTitle('No')).toBeInTheDocument();
  });

  it('to-many references and embedded objects read as their items, not a count', () => {
    const countries: Field = { type: 'refList', target: 'countries', optionText: 'gname' };
    expect(
      formatValue(countries, [
        { id: 1, gname: 'Kazakhstan' },
        { id: 2, gname: 'Uzbekistan' },
      ]),
    ).toBe('Kazakhstan, Uzbekistan');
    const account = f.embedded({ bic: f.text(), iban: f.text() });
    expect(formatValue(account, { bic: 'KZKOKZKX', iban: '' })).toBe('KZKOKZKX');
  });
});
