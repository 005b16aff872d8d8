import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { matters, times } from '../../schemas/index';
import { partsSet } from '../resources/parts';
import { renderAdmin } from '../resources/testUtils';
import { timeParts } from './parts';
import { WorkTypeCell } from './listParts';
import { testProvider } from './testProvider';
import { timeData } from './testData';

afterEach(cleanup);
const WAIT = { timeout: 10_000 };

const parts = partsSet(timeParts);

describe('the time list', { timeout: 40_000 }, () => {
  it('NAV-104 TIME-11 TIME-19 shows the total duration of the filtered rows in hours, from the totalDuration action', async () => {
    const { provider, verbs } = testProvider(timeData());
    renderAdmin('/times?filter={"matter.id":7}', [times, matters], {}, undefined, () => provider, parts);
    expect(await screen.findByText('Drafted the memo', {}, WAIT)).toBeInTheDocument();
    const total = await screen
      .findByRole('status', { name: 'Total duration' }, WAIT)
      .catch(() => screen.findByLabelText('Total duration', {}, WAIT));
    await waitFor(() => expect(total).toHaveTextContent('Total 1.5 h'));
    // the URL this call becomes: dataProvider/actions.test.ts
    expect(verbs.action).toHaveBeenCalledWith(
      'times',
      expect.objectContaining({ name: 'totalDuration', data: expect.objectContaining({ 'matter.id': 7 }) }),
    );
  });

  it('TIME-20 exports the filtered rows with the excel verb and saves times.xlsx', async () => {
    const { provider, verbs } = testProvider(timeData());
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    try {
      renderAdmin('/times?filter={"q":"memo"}', [times, matters], {}, undefined, () => provider, parts);
      fireEvent.click(await screen.findByRole('button', { name: 'Excel' }, WAIT));
      await waitFor(() => expect(saved).toEqual(['times.xlsx']));
      // the POST and the stream it asks for: dataProvider/actions.test.ts
      expect(verbs.excel).toHaveBeenCalledTimes(1);
      expect(verbs.excel).toHaveBeenCalledWith(
        'times',
        expect.objectContaining({ filter: { search: 'memo', 'workType.code': 1 } }),
      );
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('TIME-07 TIME-08 TIME-09 billing statuses 2, 3, 4 show as danger, warning, success chips', async () => {
    const { provider } = testProvider(timeData());
    renderAdmin('/times', [times, matters], {}, undefined, () => provider, parts);
    const chip = async (name: string) =>
      (await screen.findByText(name, {}, WAIT)).closest('[data-color]')?.getAttribute('data-color');
    expect(await chip('Unbilled')).toBe('error');
    expect(await chip('In pre-invoice')).toBe('warning');
    expect(await chip('Invoiced')).toBe('success');
  });

  it('TIME-05 a task shows its work type icon (in its task list, TIME-13)', async () => {
    // the time list holds time entries only (MC-7 below): the icon is read from the cell itself
    const { container } = render(
      <WorkTypeCell
        schema={times}
        record={{ id: 4 }}
        source="workType"
        field={times.fields.workType}
        value={{ id: 32, code: 2, gname: 'Phone' }}
      />,
    );
    expect(within(container).getByText('Phone')).toBeInTheDocument();
    expect(container.querySelector('[data-icon="phone"]')).not.toBeNull();
  });

  it('MC-7 TIME-14 TIME-19 the time list, its total and its export send workType.code=1: tasks are neither listed nor counted', async () => {
    const { provider, verbs, calls } = testProvider(timeData());
    renderAdmin('/times', [times, matters], {}, undefined, () => provider, parts);
    expect(await screen.findByText('Drafted the memo', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Call the CFO')).toBeNull();
    const lists = calls.filter((c) => c.method === 'getList' && c.resource === 'times');
    expect(lists.length).toBeGreaterThan(0);
    for (const c of lists) expect(c.params.filter).toMatchObject({ 'workType.code': 1 });
    await waitFor(() =>
      expect(verbs.action).toHaveBeenCalledWith(
        'times',
        expect.objectContaining({ name: 'totalDuration', data: expect.objectContaining({ 'workType.code': 1 }) }),
      ),
    );
    // the URL the total becomes: the same key the list sends
    await waitFor(() =>
      expect(provider.httpClient.mock.calls.map(([url]) => url).find((u) => u.includes('totalDuration'))).toMatch(
        /totalDuration\?(.*&)?workType\.code=1(&|$)/,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Excel' }, WAIT));
    await waitFor(() =>
      expect(verbs.excel).toHaveBeenCalledWith(
        'times',
        expect.objectContaining({ filter: expect.objectContaining({ 'workType.code': 1 }) }),
      ),
    );
  });

  it('MC-7 TIME-14 a filter in the address cannot bring tasks back into the time list', async () => {
    const { provider, calls } = testProvider(timeData());
    renderAdmin('/times?filter={"workType.code":2}', [times, matters], {}, undefined, () => provider, parts);
    expect(await screen.findByText('Drafted the memo', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Call the CFO')).toBeNull();
    const last = calls.filter((c) => c.method === 'getList' && c.resource === 'times').at(-1)!;
    expect(last.params.filter).toMatchObject({ 'workType.code': 1 });
  });

  it('NAV-106 the list links to the calendar', async () => {
    const { provider } = testProvider(timeData());
    renderAdmin('/times', [times, matters], {}, undefined, () => provider, parts);
    expect(await screen.findByRole('link', { name: 'Calendar' }, WAIT)).toHaveAttribute('href', '/times/calendar');
  });
});

describe('the time form', { timeout: 40_000 }, () => {
  it('NAV-105 TIME-03 TIME-04 a new entry lasts 15 minutes (typed as hours) and is billable by default', async () => {
    const { provider } = testProvider(timeData());
    renderAdmin('/times/create', [times, matters], {}, undefined, () => provider, parts);
    const duration = await screen.findByRole('textbox', { name: /duration/i }, WAIT);
    expect(duration).toHaveValue('0:15');
    expect(screen.getByLabelText(/billable/i)).toBeChecked();
    fireEvent.change(duration, { target: { value: 'soon' } });
    fireEvent.click(await screen.findByRole('button', { name: /save/i, hidden: true }, WAIT));
    expect(await screen.findByText('Type hours as 1.5 or 1:30', {}, WAIT)).toBeInTheDocument();
  });

  it('TIME-03 TIME-17 the duration is typed as hours and kept in milliseconds', async () => {
    const { provider, calls } = testProvider(timeData());
    renderAdmin('/times/1/edit', [times, matters], {}, undefined, () => provider, parts);
    const duration = await screen.findByRole('textbox', { name: /duration/i }, WAIT);
    expect(duration).toHaveValue('0:15');
    fireEvent.change(duration, { target: { value: '1.5' } });
    fireEvent.blur(duration);
    expect(duration).toHaveValue('1:30');
    fireEvent.click(await screen.findByRole('button', { name: /save/i, hidden: true }, WAIT));
    await waitFor(() => expect(calls.some((c) => c.method === 'update')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'update')?.params.data).toMatchObject({ duration: 5_400_000 });
  });
});
