import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider, GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { dropdownPageSize, PagedDropdown, SCROLL_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS } from './PagedDropdown';
import { renderForm } from './testUtils';

const people = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: i === 0 ? 'Ada Lovelace' : `Person ${i + 1}`,
  lastModifiedDate: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
}));

const provider = () => {
  const fake = fakeRestProvider({ people }, false);
  /** When each call was made (`performance.now()`), in call order: debounce is judged on the clock, not on sleeps. */
  const calledAt: number[] = [];
  const getList = vi.fn((resource: string, params: GetListParams) => {
    calledAt.push(performance.now());
    return fake.getList(resource, params);
  });
  return { dataProvider: { ...fake, getList } as DataProvider, getList, calledAt };
};
const openList = () => fireEvent.click(screen.getByRole('button', { name: 'Open' }));
const submit = () => fireEvent.click(screen.getByText('Submit'));

describe('PagedDropdown', () => {
  it('WID-17 searches through a search box', async () => {
    const { dataProvider } = provider();
    renderForm(<PagedDropdown source="p" reference="people" label="Person" />, {}, dataProvider);
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: 'Ada' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1), { timeout: 2000 });
    expect(screen.getByRole('option')).toHaveTextContent('Ada Lovelace');
  });

  it('WID-18 loads the next page when the list is scrolled to its end', async () => {
    const { dataProvider, getList } = provider();
    renderForm(<PagedDropdown source="p" reference="people" label="Person" perPage={20} />, {}, dataProvider);
    openList();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    fireEvent.scroll(screen.getByRole('listbox'));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(40));
    expect(getList.mock.calls.at(-1)![1].pagination).toEqual({ page: 2, perPage: 20 });
  });

  it('WID-19 reads "Select" while nothing is chosen', () => {
    renderForm(<PagedDropdown source="p" reference="people" label="Person" />, {}, provider().dataProvider);
    expect(screen.getByLabelText('Person')).toHaveAttribute('placeholder', 'Select');
  });

  it('WID-20 shows "Not found" for an empty list', async () => {
    renderForm(<PagedDropdown source="p" reference="people" label="Person" />, {}, provider().dataProvider);
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: 'zzzz' } });
    expect(await screen.findByText('Not found', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('WID-21 multiple selection holds an id array', async () => {
    const { submitted } = renderForm(
      <PagedDropdown source="ps" reference="people" label="People" multiple />,
      { ps: [3] },
      provider().dataProvider,
    );
    await screen.findByText('Person 3');
    openList();
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    const first = screen.getAllByRole('option').find((o) => o.textContent !== 'Person 3')!;
    const id = people.find((p) => p.name === first.textContent)!.id;
    fireEvent.click(first);
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ ps: [3, id] }));
  });

  it('WID-22 has a clear button', async () => {
    const { submitted } = renderForm(
      <PagedDropdown source="p" reference="people" label="Person" />,
      { p: 1 },
      provider().dataProvider,
    );
    await waitFor(() => expect(screen.getByLabelText('Person')).toHaveValue('Ada Lovelace'));
    fireEvent.click(screen.getByTitle('Clear')); // shown on hover/focus, so CSS-hidden here
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ p: null }));
  });

  it('WID-23 a required dropdown shows an asterisk', () => {
    renderForm(<PagedDropdown source="p" reference="people" label="Person" required />, {}, provider().dataProvider);
    expect(screen.getByLabelText('Person *')).toBeInTheDocument();
  });

  it('WID-24 the required message defaults to "required"', async () => {
    const { onSubmit } = renderForm(
      <>
        <PagedDropdown source="p" reference="people" label="Person" required />
        <PagedDropdown source="q" reference="people" label="Other" required requiredMessage="Pick one" />
      </>,
      {},
      provider().dataProvider,
    );
    submit();
    expect(await screen.findByText('required')).toBeInTheDocument();
    expect(screen.getByText('Pick one')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('WID-25 asks for a page sorted lastModifiedDate desc with the search', async () => {
    const { dataProvider, getList } = provider();
    renderForm(<PagedDropdown source="p" reference="people" label="Person" perPage={15} />, {}, dataProvider);
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: 'Ada' } });
    await waitFor(() => expect(getList.mock.calls.some(([, p]) => p.filter.q === 'Ada')).toBe(true), { timeout: 2000 });
    const [resource, params] = getList.mock.calls.at(-1)!;
    expect(resource).toBe('people');
    expect(params).toMatchObject({
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'lastModifiedDate', order: 'DESC' },
      filter: { q: 'Ada' },
    });
  });

  it('WID-26 page size is half the window height over 20, at least 10', async () => {
    expect(dropdownPageSize(768)).toBe(20);
    expect(dropdownPageSize(1000)).toBe(25);
    expect(dropdownPageSize(100)).toBe(10);
    const { dataProvider, getList } = provider();
    renderForm(<PagedDropdown source="p" reference="people" label="Person" />, {}, dataProvider);
    openList();
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0]![1].pagination?.perPage).toBe(dropdownPageSize(window.innerHeight));
  });

  it('WID-27 sends the fixed filter (positions: status.code=1)', async () => {
    const { dataProvider, getList } = provider();
    renderForm(
      <PagedDropdown source="p" reference="people" label="Person" filter={{ 'status.code': 1 }} />,
      {},
      dataProvider,
    );
    openList();
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0]![1].filter).toEqual({ 'status.code': 1 });
  });

  it('WID-28 debounces the search by 500 ms', async () => {
    const { dataProvider, getList, calledAt } = provider();
    renderForm(<PagedDropdown source="p" reference="people" label="Person" />, {}, dataProvider);
    const box = screen.getByLabelText('Person');
    fireEvent.change(box, { target: { value: 'P' } });
    fireEvent.change(box, { target: { value: 'Pe' } });
    fireEvent.change(box, { target: { value: 'Per' } });
    const typedAt = performance.now();
    await waitFor(() => expect(getList.mock.calls.filter(([, p]) => p.filter.q)).toHaveLength(1), { timeout: 3000 });
    // one search, for the last text, after a pause. Judged on the clock, with a margin: Node starts
    // a timer from the event loop's cached time, which a loaded machine leaves behind by tens of
    // milliseconds while the typing renders, so the pause can measure short by that much.
    const i = getList.mock.calls.findIndex(([, p]) => p.filter.q);
    expect(getList.mock.calls[i]![1].filter.q).toBe('Per');
    expect(calledAt[i]! - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS / 2);
  });

  it('WID-29 debounces scroll paging by 100 ms', async () => {
    const { dataProvider, getList, calledAt } = provider();
    renderForm(<PagedDropdown source="p" reference="people" label="Person" perPage={10} />, {}, dataProvider);
    openList();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    const listbox = screen.getByRole('listbox');
    fireEvent.scroll(listbox);
    fireEvent.scroll(listbox);
    fireEvent.scroll(listbox);
    const scrolledAt = performance.now();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(getList.mock.calls.filter(([, p]) => p.pagination?.page === 2)).toHaveLength(1);
    const i = getList.mock.calls.findIndex(([, p]) => p.pagination?.page === 2);
    expect(calledAt[i]! - scrolledAt).toBeGreaterThanOrEqual(SCROLL_DEBOUNCE_MS / 2); // the margin of WID-28
    expect(getList.mock.calls.filter(([, p]) => p.pagination?.page === 3)).toHaveLength(0);
    expect(within(listbox).getAllByRole('option')[10]).toBeDefined();
  });
});
