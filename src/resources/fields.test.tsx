import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { f, type Field } from '../../schemas/define';
import { clients } from '../../schemas/index';
import { fieldFor } from './fields';
import { formatDuration, formatMoney, formatPercent, representRecord } from './format';

afterEach(cleanup);

const renderField = (name: string, field: Field, record: Record<string, unknown>) =>
  render(
    <AdminContext>
      <RecordContextProvider value={{ id: 1, ...record }}>{fieldFor(name, field)}</RecordContextProvider>
    </AdminContext>,
  );

describe('field renderers', () => {
  it("CONST-11 shows a date as D MMM 'YY", () => {
    renderField('birthDate', f.date(), { birthDate: '2026-11-05' });
    expect(screen.getByText("5 Nov '26")).toBeInTheDocument();
  });

  it('renders an embedded reference by its gname without fetching', () => {
    renderField('country', clients.fields.country, { country: { id: 4, gname: 'Kazakhstan', charCode: 'KZ' } });
    expect(screen.getByText('Kazakhstan')).toBeInTheDocument();
  });

  it('CONST-06 shows a percent as the fraction x100', () => {
    renderField('vatPercent', clients.fields.vatPercent, { vatPercent: 0.12 });
    expect(screen.getByText('12%')).toBeInTheDocument();
  });

  it('renders an embedded value object as a labelled group', () => {
    renderField('account', clients.fields.account, { account: { bic: 'KZKOKZKX', inn: '123' } });
    expect(screen.getByText('BIC')).toBeInTheDocument();
    expect(screen.getByText('KZKOKZKX')).toBeInTheDocument();
  });

  it('formats money, durations and representation templates', () => {
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatPercent(0.07)).toBe('7%');
    expect(formatDuration(5_400_000)).toBe('1:30');
    expect(representRecord('%{gfirstName} %{glastName}', { id: 1, gfirstName: 'Ada', glastName: 'Byron' })).toBe(
      'Ada Byron',
    );
    expect(representRecord('gname', { id: 9 })).toBe('#9');
  });
});
