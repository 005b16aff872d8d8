import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyShortcut, numericMask } from './masks';
import { acceptsPercent, MaskedNumberWidget, PercentWidget } from './NumberInputs';
import { renderForm } from './testUtils';

const submit = () => fireEvent.click(screen.getByText('Submit'));

describe('numeric masks', () => {
  it('WID-48 offers currency, decimal, integer and percentage masks', () => {
    expect(numericMask('currency').scale).toBe(2);
    expect(numericMask('integer').scale).toBe(0);
    expect(numericMask('decimal').scale).toBeGreaterThan(2);
    expect(numericMask('percentage')).toMatchObject({ min: 0, max: 100 });
  });

  it('WID-48 integer mask drops decimals and groups thousands; the record holds a number', async () => {
    const { submitted } = renderForm(<MaskedNumberWidget source="n" label="Count" kind="integer" />);
    await userEvent.type(screen.getByLabelText('Count'), '12345.6');
    expect(screen.getByLabelText('Count')).toHaveValue('123,456');
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ n: 123456 }));
  });

  it('WID-49 percentage accepts 0 to 100 only', async () => {
    const { submitted } = renderForm(<PercentWidget source="p" label="Share" />, { p: 0.5 });
    const input = screen.getByLabelText('Share');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('max', '100');
    fireEvent.change(input, { target: { value: '101' } });
    expect(input).toHaveValue(50);
    fireEvent.change(input, { target: { value: '100' } });
    expect(input).toHaveValue(100);
    expect(acceptsPercent('100.5')).toBe(false);
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ p: 1 }));
  });

  it('WID-50 percentage rejects a minus sign', () => {
    renderForm(<PercentWidget source="p" label="Share" />, { p: 0.1 });
    const input = screen.getByLabelText('Share');
    fireEvent.change(input, { target: { value: '-5' } });
    expect(input).toHaveValue(10);
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false);
  });

  it('CONST-06 percentage shows 12 for 0.12 and stores 0.07 for 7', async () => {
    const { submitted } = renderForm(<PercentWidget source="p" label="Share" />, { p: 0.12 });
    expect(screen.getByLabelText('Share')).toHaveValue(12);
    fireEvent.change(screen.getByLabelText('Share'), { target: { value: '7' } });
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ p: 0.07 }));
  });

  it('WID-51 currency shows 2 fixed decimals and stores a number', async () => {
    const { submitted } = renderForm(<MaskedNumberWidget source="m" label="Amount" kind="currency" />, { m: 12.5 });
    expect(screen.getByLabelText('Amount')).toHaveValue('12.50');
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '7.123');
    expect(screen.getByLabelText('Amount')).toHaveValue('7.12');
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: 7.12 }));
  });

  it('WID-52 currency groups thousands with commas', async () => {
    renderForm(<MaskedNumberWidget source="m" label="Amount" kind="currency" />, { m: 1234567.8 });
    expect(screen.getByLabelText('Amount')).toHaveValue('1,234,567.80');
  });

  it('WID-53 typing k at the end multiplies by 1000 (5k -> 5,000.00)', async () => {
    const { submitted } = renderForm(<MaskedNumberWidget source="m" label="Amount" kind="currency" />);
    await userEvent.type(screen.getByLabelText('Amount'), '5k');
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('5,000.00'));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: 5000 }));
    expect(applyShortcut('1.1k')).toBe(1100);
  });

  it('WID-54 typing m at the end multiplies by 1000000', async () => {
    const { submitted } = renderForm(<MaskedNumberWidget source="m" label="Amount" kind="decimal" />);
    await userEvent.type(screen.getByLabelText('Amount'), '2.5m');
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('2,500,000'));
    submit();
    await waitFor(() => expect(submitted()).toMatchObject({ m: 2500000 }));
    expect(applyShortcut('3M')).toBe(3_000_000);
    expect(applyShortcut('abc')).toBeUndefined();
  });
});
