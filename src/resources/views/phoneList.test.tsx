import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clients, matters } from '../../../schemas/index';
import { renderAdmin } from '../testUtils';
import { phoneColumns, phoneListTexts, representationPaths } from './phoneList';
import { matchMediaAt } from '../../test/matchMedia';

const client = (id: number) => ({
  id,
  gname: `Client ${id}`,
  country: { id: 4, gname: 'Kazakhstan', charCode: 'KZ' },
  sector: { id: 9, gname: 'Banking' },
  vatPercent: 0.12,
  underSanctions: false,
  lastModifiedDate: '2026-11-05T10:00:00Z',
});

describe('the texts of a phone row, from the schema', () => {
  it('NARROW-10 names the paths of a representation, plain or a template', () => {
    expect(representationPaths('gname')).toEqual(['gname']);
    expect(representationPaths('%{number} %{client.gname}')).toEqual(['number', 'client.gname']);
    expect(representationPaths(undefined)).toEqual([]);
  });

  it('NARROW-10 takes the first two list columns the title does not show, without yes/no columns', () => {
    // clients: title `gname`; columns gname, country, sector, ...
    expect(phoneColumns(clients).map(([path]) => path)).toEqual(['country', 'sector']);
    // matters: title `%{number} %{description}`; columns number, date, description, project, ...
    expect(phoneColumns(matters).map(([path]) => path)).toEqual(['date', 'project']);
  });

  it('NARROW-10 the title is the representation, the second line the columns as text, blanks left out', () => {
    const texts = phoneListTexts(clients);
    expect(texts.primary(client(3))).toBe('Client 3');
    expect(texts.secondary(client(3))).toBe('Kazakhstan · Banking');
    expect(texts.secondary({ ...client(3), sector: null })).toBe('Kazakhstan');
    expect(texts.primary({ id: 5 })).toBe('#5');
  });
});

describe('the generated list on a phone', { timeout: 20_000 }, () => {
  beforeEach(() => vi.stubGlobal('matchMedia', matchMediaAt(375)));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('NARROW-11 at 375 px shows a simple list (title and columns), no table, and a row opens the card', async () => {
    const admin = renderAdmin('/clients', [clients], { 'base-subtypes': [], departments: [], clients: [client(7)] });
    const title = await screen.findByText('Client 7');
    expect(screen.getByText('Kazakhstan · Banking')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(title);
    await waitFor(() => expect(admin.location()).toBe('/clients/7'));
  });

  it('NARROW-11 at 1,280 px keeps the table', async () => {
    vi.stubGlobal('matchMedia', matchMediaAt(1280));
    renderAdmin('/clients', [clients], { 'base-subtypes': [], departments: [], clients: [client(7)] });
    await screen.findByText('Client 7');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
