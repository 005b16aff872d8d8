import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLocale } from '../../../i18n/activeLocale';
import { renderForm } from '../../../widgets/testUtils';
import { MoneyInput } from './MoneyInput';
import { applyMoneyShortcut, cleanTyped, groupDigits, moneyOf, moneySeparators, showMoney } from './moneyText';

const submit = () => fireEvent.click(screen.getByText('Submit'));
const amount = () => screen.getByLabelText('Amount');

describe('the money input: currency mask, exact decimal strings', () => {
  it('WID-51 two fixed decimals: the stored value has 2 places, typing a third decimal is dropped', async () => {
    const { submitted } = renderForm(<MoneyInput source="m" label="Amount" />, { m: '12.5' });
    expect(amount()).toHaveValue('12.50');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '7.123');
    expect(amount()).toHaveValue('7.12');
    await userEvent.tab();
    expect(amount()).toHaveValue('7.12');
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: '7.12' }));
    expect(moneyOf('5')).toBe('5.00');
    expect(moneyOf('-')).toBeNull();
  });

  it('WID-52 comma grouping while typing and when shown; the value stays exact beyond float digits', async () => {
    const { submitted } = renderForm(<MoneyInput source="m" label="Amount" />, { m: '1234567.8' });
    expect(amount()).toHaveValue('1,234,567.80');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '999999999999999.99');
    expect(amount()).toHaveValue('999,999,999,999,999.99');
    submit();
    // a float would read 1000000000000000
    await waitFor(() => expect(submitted()).toMatchObject({ m: '999999999999999.99' }));
    expect(groupDigits('-1234.5')).toBe('-1,234.5');
    expect(showMoney('0.1')).toBe('0.10');
    expect(cleanTyped('1,2a34.567')).toBe('1234.56');
  });

  it('WID-53 typing k multiplies what was typed by 1000: 1.5k -> 1,500.00', async () => {
    const { submitted } = renderForm(<MoneyInput source="m" label="Amount" />);
    await userEvent.type(amount(), '1.5k');
    expect(amount()).toHaveValue('1,500.00');
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: '1500.00' }));
    expect(applyMoneyShortcut('0.001', 'k')).toBe('0.00');
    expect(applyMoneyShortcut('1.11', 'K')).toBe('1110.00');
  });

  it('WID-54 typing m multiplies what was typed by 1000000: 2m -> 2,000,000.00', async () => {
    const { submitted } = renderForm(<MoneyInput source="m" label="Amount" />);
    await userEvent.type(amount(), '2m');
    expect(amount()).toHaveValue('2,000,000.00');
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: '2000000.00' }));
    expect(applyMoneyShortcut('123456789.12', 'm')).toBe('123456789120000.00');
    expect(applyMoneyShortcut('', 'm')).toBeNull();
  });

  it('WID-52 keyboard: typing inside a grouped number keeps the caret after the same digit; clearing stores null', async () => {
    const { submitted } = renderForm(<MoneyInput source="m" label="Amount" />, { m: '1234' });
    const el = amount() as HTMLInputElement;
    await userEvent.click(el);
    el.setSelectionRange(1, 1); // after the 1 of 1,234.00
    await userEvent.keyboard('9');
    expect(el).toHaveValue('19,234.00');
    await userEvent.clear(el);
    expect(el).toHaveValue('');
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: null }));
  });

  describe('in Russian', () => {
    afterEach(() => setActiveLocale('en'));
    const nbsp = '\u00a0';

    it('WID-52 groups with spaces and marks decimals with a comma; a typed comma or dot is the decimal mark; the stored value keeps its dot', async () => {
      setActiveLocale('ru');
      const { submitted } = renderForm(<MoneyInput source="m" label="Amount" />, { m: '1234567.8' });
      expect(amount()).toHaveValue(`1${nbsp}234${nbsp}567,80`);
      await userEvent.clear(amount());
      await userEvent.type(amount(), '2500,5');
      expect(amount()).toHaveValue(`2${nbsp}500,5`);
      await userEvent.tab();
      expect(amount()).toHaveValue(`2${nbsp}500,50`);
      submit();
      await waitFor(() => expect(submitted()).toMatchObject({ m: '2500.50' }));
      await userEvent.clear(amount());
      await userEvent.type(amount(), '1.5k');
      expect(amount()).toHaveValue(`1${nbsp}500,00`);
      submit();
      await waitFor(() => expect(submitted()).toMatchObject({ m: '1500.00' }));
    });

    it('WID-52 the mask functions take the locale separators from Intl', () => {
      const ru = moneySeparators('ru');
      expect(ru).toEqual({ group: nbsp, decimal: ',' });
      expect(moneySeparators('en')).toEqual({ group: ',', decimal: '.' });
      expect(showMoney('-1234.5', ru)).toBe(`-1${nbsp}234,50`);
      expect(cleanTyped(`1${nbsp}234,567`, ru)).toBe('1234.56');
      expect(cleanTyped('12.3', ru)).toBe('12.3');
      expect(groupDigits('1234.', ru)).toBe(`1${nbsp}234,`);
    });
  });
});
