import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatePickerWidget, pickerLimits } from './DatePicker';
import { renderForm } from './testUtils';
import { setActiveLocale } from '../i18n/activeLocale';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T12:00:00'));
});
afterEach(() => vi.useRealTimers());

const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: /choose date/i }));
  return screen.findByRole('dialog');
};
const day = (dialog: HTMLElement, n: number) => within(dialog).getByRole('gridcell', { name: String(n) });
const submit = () => fireEvent.click(screen.getByText('Submit'));

describe('DatePickerWidget', () => {
  it('WID-07 day mode picks a day, month mode stores the first of the month, year mode 1 January', async () => {
    const { submitted, unmount } = renderForm(
      <>
        <DatePickerWidget source="m" label="Month" mode="month" />
        <DatePickerWidget source="y" label="Year" mode="year" />
      </>,
      { m: '2026-03-17', y: '2024-05-05' },
    );
    expect(screen.getByLabelText('Month')).toHaveValue('2026-03');
    expect(screen.getByLabelText('Year')).toHaveValue('2024');
    fireEvent.click(screen.getAllByRole('button', { name: /choose date/i })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'May' }));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: '2026-05-01', y: '2024-05-05' }));
    unmount();
    renderForm(<DatePickerWidget source="d" label="Day" />, { d: '2026-06-01' });
    expect(within(await open()).getByRole('grid')).toBeInTheDocument();
  });

  it('WID-08 the week starts on Monday', async () => {
    renderForm(<DatePickerWidget source="d" label="Day" />);
    const headers = within(await open()).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-label', 'Monday');
    expect(headers[6]).toHaveAttribute('aria-label', 'Sunday');
  });

  it('WID-09 shows and stores YYYY-MM-DD', async () => {
    const { submitted } = renderForm(<DatePickerWidget source="d" label="Day" />, { d: '2026-06-01' });
    expect(screen.getByLabelText('Day')).toHaveValue('2026-06-01');
    fireEvent.click(day(await open(), 3));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ d: '2026-06-03' }));
  });

  it('WID-10 blocks months after the current one unless allowFuture', async () => {
    const { unmount } = renderForm(<DatePickerWidget source="d" label="Day" />);
    const dialog = await open();
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(day(dialog, 30)).not.toBeDisabled(); // later days of the current month stay open
    unmount();
    renderForm(<DatePickerWidget source="d" label="Day" allowFuture />);
    expect(within(await open()).getByRole('button', { name: 'Next month' })).toBeEnabled();
    expect(pickerLimits({}, dayjs('2026-06-15')).maxDate.format('YYYY-MM-DD')).toBe('2026-06-30');
    expect(pickerLimits({ allowFuture: true }, dayjs('2026-06-15')).maxDate.format('YYYY-MM-DD')).toBe('2036-12-31');
  });

  it('an end date reaches ten years ahead, not only the end of the current year; its own max still caps it', async () => {
    const next = dayjs().add(1, 'year').format('YYYY');
    const { submitted } = renderForm(<DatePickerWidget source="d" label="To" allowFuture />);
    const input = screen.getByLabelText('To');
    fireEvent.change(input, { target: { value: `${next}-03-31` } });
    fireEvent.blur(input);
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ d: `${next}-03-31` }));
    expect(
      pickerLimits({ allowFuture: true, max: '2027-02-01' }, dayjs('2026-06-15')).maxDate.format('YYYY-MM-DD'),
    ).toBe('2027-02-01');
  });

  it('WID-10 month mode disables the months after the current one', async () => {
    const { unmount } = renderForm(<DatePickerWidget source="m" label="Month" mode="month" />);
    let dialog = await open();
    expect(within(dialog).getByRole('radio', { name: 'June' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: 'July' })).toBeDisabled();
    unmount();
    renderForm(<DatePickerWidget source="m" label="Month" mode="month" allowFuture />);
    dialog = await open();
    expect(within(dialog).getByRole('radio', { name: 'July' })).toBeEnabled();
  });

  it('WID-11 disables days before min and after max; min and max themselves are selectable', async () => {
    const { submitted } = renderForm(<DatePickerWidget source="d" label="Day" min="2026-06-10" max="2026-06-20" />, {
      d: '2026-06-12',
    });
    const dialog = await open();
    expect(day(dialog, 9)).toBeDisabled();
    expect(day(dialog, 10)).toBeEnabled();
    expect(day(dialog, 20)).toBeEnabled();
    expect(day(dialog, 21)).toBeDisabled();
    fireEvent.click(day(dialog, 20));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ d: '2026-06-20' }));
  });

  it('WID-11 a typed date outside min/max is a validation error', async () => {
    const { onSubmit } = renderForm(<DatePickerWidget source="d" label="Day" min="2026-06-10" />, { d: '2026-06-12' });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-06-01' } });
    expect(await screen.findByText('Must be on or after 2026-06-10')).toBeInTheDocument();
    submit();
    await waitFor(() => expect(onSubmit).not.toHaveBeenCalled());
  });

  it('WID-10 a stored date beyond the limits does not block saving other edits', async () => {
    const { submitted } = renderForm(<DatePickerWidget source="d" label="Day" />, { d: '2030-01-01' });
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ d: '2030-01-01' }));
  });

  it('WID-12 has a clear button that empties the value', async () => {
    const { submitted, container } = renderForm(<DatePickerWidget source="d" label="Day" />, { d: '2026-06-01' });
    expect(container.querySelector('.clearButton')).not.toBeNull();
    fireEvent.click(within(await open()).getByRole('button', { name: 'Clear' }));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ d: null }));
  });

  it('WID-13 reads "Select Date" when empty', () => {
    renderForm(<DatePickerWidget source="d" label="Day" />);
    expect(screen.getByLabelText('Day')).toHaveAttribute('placeholder', 'Select Date');
  });

  it("I18N-01 the empty date and a date out of range read in the user's language", async () => {
    renderForm(<DatePickerWidget source="d" label="Day" min="2026-06-10" />, { d: '2026-06-12' }, undefined, {
      inRussian: true,
    });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '' } });
    expect(screen.getByLabelText('Day')).toHaveAttribute('placeholder', 'Выберите дату');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-06-01' } });
    expect(await screen.findByText('Не раньше 2026-06-10')).toBeInTheDocument();
  });

  it('WID-14 offers years from 1900 to the current year', async () => {
    const { submitted } = renderForm(<DatePickerWidget source="d" label="Year" mode="year" />);
    const dialog = await open();
    expect(within(dialog).getByRole('radio', { name: '1900' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '2026' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: '1899' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: '2027' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: '2025' }));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ d: '2025-01-01' })); // WID-07 year mode
  });

  it('WID-15 a required picker shows an asterisk', () => {
    renderForm(<DatePickerWidget source="d" label="Start" required />);
    expect(screen.getByLabelText('Start *')).toBeInTheDocument();
  });

  it('WID-16 shows the invalid state only when touched and in error', async () => {
    renderForm(<DatePickerWidget source="d" label="Start" required />, { d: '2026-06-01' });
    const input = screen.getByLabelText('Start *');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    fireEvent.click(within(await open()).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Start *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('in Russian the calendar speaks Russian, starts on Monday and stores the same YYYY-MM-DD', async () => {
    setActiveLocale('ru');
    try {
      const { submitted } = renderForm(<DatePickerWidget source="d" label="Day" />, { d: '2026-06-01' });
      expect(screen.getByLabelText('Day')).toHaveValue('2026-06-01');
      fireEvent.click(screen.getByRole('button', { name: /выберите дату/i }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/июнь 2026/i)).toBeInTheDocument();
      const headers = within(dialog).getAllByRole('columnheader');
      expect(headers[0]).toHaveAttribute('aria-label', 'понедельник');
      fireEvent.click(day(dialog, 3));
      submit();
      await waitFor(() => expect(submitted()).toMatchObject({ d: '2026-06-03' }));
    } finally {
      setActiveLocale('en');
    }
  });
});
