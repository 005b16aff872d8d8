/**
 * The money input (WID-51..54): a text field with the currency mask. It shows `1,234,567.89`
 * (grouping and 2 fixed decimals once left; `1 234 567,89` in Russian, the active locale's
 * separators, `src/i18n/activeLocale.ts`), keeps the form value a decimal string with 2
 * places (`'1234567.89'`, exact: no float on the way), and takes `k`/`m` to multiply what was
 * typed by 1,000 / 1,000,000 (`1.5k` -> `1,500.00`). Keyboard: digits, `.`, `-`, Backspace and
 * arrows as in any text field; the caret stays after the same digit while grouping changes.
 */
import { TextField } from '@mui/material';
import { useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, type Validator } from 'react-admin';
import { useWidgetInput } from '../../../widgets/useWidgetInput';
import { activeLocale } from '../../../i18n/activeLocale';
import {
  applyMoneyShortcut,
  cleanTyped,
  groupDigits,
  moneyOf,
  moneySeparators,
  moneyShortcut,
  showMoney,
  type MoneySeparators,
} from './moneyText';

export interface MoneyInputProps {
  source: string;
  label?: ReactNode;
  validate?: Validator | Validator[];
  required?: boolean;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form. */
  readOnly?: boolean;
  helperText?: ReactNode;
}

const separatorsByLocale = new Map<string, MoneySeparators>();
/** The active locale's separators, read from `Intl` once per locale. */
const activeSeparators = (): MoneySeparators => {
  const locale = activeLocale();
  let sep = separatorsByLocale.get(locale);
  if (!sep) separatorsByLocale.set(locale, (sep = moneySeparators(locale)));
  return sep;
};

/** How many characters other than the group separator stand before `caret` in `text`. */
const significantBefore = (text: string, caret: number, group: string) =>
  text.slice(0, caret).replaceAll(group, '').length;

/** The caret position in `text` after `n` characters other than the group separator. */
const caretAfter = (text: string, n: number, group: string) => {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (seen === n) return i;
    if (text[i] !== group) seen++;
  }
  return text.length;
};

export function MoneyInput(props: MoneyInputProps) {
  const { source, validate, required, disabled } = props;
  const input = useWidgetInput({ source, validate, required, disabled });
  const { field, showError, errorMessage, marked } = input;
  // While focused the field shows what is being typed (grouped); otherwise the stored value.
  const [typing, setTyping] = useState<string | null>(null);
  const sep = activeSeparators();
  const shown = typing ?? showMoney(field.value, sep);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const plain = cleanTyped(el.value, sep);
    const grouped = groupDigits(plain, sep);
    const keep = significantBefore(el.value, el.selectionStart ?? el.value.length, sep.group);
    setTyping(grouped);
    input.change(moneyOf(plain));
    requestAnimationFrame(() => {
      const at = caretAfter(grouped, Math.min(keep, grouped.replaceAll(sep.group, '').length), sep.group);
      if (document.activeElement === el) el.setSelectionRange(at, at);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!moneyShortcut(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault(); // WID-53/54: `1.5k` -> 1,500.00, `2m` -> 2,000,000.00
    const value = applyMoneyShortcut(e.currentTarget.value, e.key, sep);
    if (value === null) return;
    setTyping(groupDigits(value, sep));
    input.change(value);
  };

  return (
    <TextField
      id={input.id}
      name={field.name}
      inputRef={field.ref}
      value={shown}
      onChange={onChange}
      onFocus={() => setTyping(showMoney(field.value, sep))}
      onBlur={() => {
        setTyping(null);
        field.onBlur();
      }}
      label={<FieldTitle label={props.label} source={source} isRequired={marked} />}
      disabled={props.disabled || props.readOnly}
      error={showError}
      size="small"
      helperText={
        showError || props.helperText ? (
          <InputHelperText error={showError ? errorMessage : undefined} helperText={props.helperText} />
        ) : undefined
      }
      slotProps={{ htmlInput: { onKeyDown, inputMode: 'decimal', 'aria-invalid': showError, autoComplete: 'off' } }}
    />
  );
}
