/**
 * The spec's date picker (001 §2.11, §5, §9, WID-07..16) over `@mui/x-date-pickers` (dayjs):
 * day / month / year modes, Monday-first week, `YYYY-MM-DD` values (a month stores its first
 * day, a year its 1 January), future months blocked unless `allowFuture`, inclusive `min`/`max`
 * (docs/decisions.md, WID-11), clear button, "Select Date" when empty, years 1900..this year
 * (an end date, `allowFuture`, reaches {@link FUTURE_YEARS} years ahead).
 */
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import type { DateView } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, type ReactNode } from 'react';
import { get } from 'react-hook-form';
import { FieldTitle, InputHelperText, useTranslate, type Validator } from 'react-admin';
import { DATE_VALUE_FORMAT, FIRST_YEAR, pickerLocale, toValue } from './dates';
import { useWidgetInput } from './useWidgetInput';

export type DateMode = 'day' | 'month' | 'year';

/** How many years past the current one an end date (`allowFuture`) may reach: contracts, plans, end dates. */
export const FUTURE_YEARS = 10;

/** WID-13: what an empty picker reads. */
export const EMPTY_DATE_TEXT = 'Select Date';

/** The picker's own texts (buttons, headings) in Russian. */
const RU_TEXT = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;

const MODES: Record<DateMode, { views: DateView[]; openTo: DateView; format: string; unit: 'day' | 'month' | 'year' }> =
  {
    day: { views: ['year', 'month', 'day'], openTo: 'day', format: DATE_VALUE_FORMAT, unit: 'day' },
    month: { views: ['year', 'month'], openTo: 'month', format: 'YYYY-MM', unit: 'month' },
    year: { views: ['year'], openTo: 'year', format: 'YYYY', unit: 'year' },
  };

export interface PickerLimitOptions {
  /** Earliest selectable day, `YYYY-MM-DD` (itself selectable). */
  min?: string;
  /** Latest selectable day, `YYYY-MM-DD` (itself selectable). */
  max?: string;
  /** Allows months after the current one (an end date, WID-10), up to the end of the year {@link FUTURE_YEARS} ahead. */
  allowFuture?: boolean;
}

/**
 * The inclusive day range of a picker: from the later of `min` and 1 Jan 1900 (WID-14) to the
 * earlier of `max` and the end of this month (WID-10), or with `allowFuture` the end of the year
 * {@link FUTURE_YEARS} years ahead (docs/decisions.md, "end dates"); a `max` further out is capped there.
 *
 * @example
 * pickerLimits({ allowFuture: true }, dayjs('2026-06-15')).maxDate // 2036-12-31 end of day
 * pickerLimits({}, dayjs('2026-06-15')).maxDate // 2026-06-30 end of day
 */
export function pickerLimits(
  { min, max, allowFuture }: PickerLimitOptions,
  today: Dayjs = dayjs(),
): { minDate: Dayjs; maxDate: Dayjs } {
  const floor = dayjs(`${FIRST_YEAR}-01-01`);
  const ceiling = allowFuture ? today.add(FUTURE_YEARS, 'year').endOf('year') : today.endOf('month');
  const minDate = min && dayjs(min).isAfter(floor) ? dayjs(min).startOf('day') : floor;
  const maxDate = max && dayjs(max).isBefore(ceiling) ? dayjs(max).endOf('day') : ceiling;
  return { minDate, maxDate };
}

/** Out-of-range typed dates fail; a value the record already had passes (editing other fields stays possible). */
const rangeValidator =
  (minDate: Dayjs, maxDate: Dayjs, initial: { current: unknown }): Validator =>
  (value: unknown) => {
    if (typeof value !== 'string' || value === '' || value === initial.current) return undefined;
    const d = dayjs(value);
    // catalogue keys (`bureau.ui.*`), translated where the form shows them
    if (!d.isValid()) return 'bureau.ui.date_invalid';
    if (d.isBefore(minDate, 'day'))
      return { message: 'bureau.ui.date_min', args: { date: minDate.format(DATE_VALUE_FORMAT) } };
    if (d.isAfter(maxDate, 'day'))
      return { message: 'bureau.ui.date_max', args: { date: maxDate.format(DATE_VALUE_FORMAT) } };
    return undefined;
  };

export interface DatePickerWidgetProps extends PickerLimitOptions {
  source: string;
  label?: ReactNode;
  /** WID-07: day (default), month-only or year-only. */
  mode?: DateMode;
  validate?: Validator | Validator[];
  required?: boolean;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form (a field read-only in the record's status). */
  readOnly?: boolean;
  helperText?: ReactNode;
}

/** WID-07..16: a react-admin date input holding `YYYY-MM-DD` (or null). */
export function DatePickerWidget(props: DatePickerWidgetProps) {
  const translate = useTranslate();
  const {
    source,
    label,
    mode = 'day',
    validate,
    required,
    disabled,
    readOnly,
    helperText,
    min,
    max,
    allowFuture,
  } = props;
  const { minDate, maxDate } = useMemo(() => pickerLimits({ min, max, allowFuture }), [min, max, allowFuture]);
  const initial = useRef<unknown>(undefined);
  const extraValidators = useMemo(() => [rangeValidator(minDate, maxDate, initial)], [minDate, maxDate]);
  const input = useWidgetInput({ source, validate, required, disabled, extraValidators });
  const { field, showError, errorMessage, marked } = input;
  initial.current = get(input.formState.defaultValues, field.name);
  const config = MODES[mode];
  const value = typeof field.value === 'string' && field.value ? dayjs(field.value) : null;
  const onChange = (d: Dayjs | null) => {
    if (d && !d.isValid()) return; // a half-typed date: the field keeps it until complete
    input.change(d ? toValue(d.startOf(config.unit)) : null);
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={pickerLocale()}
      {...(pickerLocale() === 'ru' ? { localeText: RU_TEXT } : {})}
    >
      <DesktopDatePicker
        value={value}
        onChange={onChange}
        onClose={field.onBlur}
        views={config.views}
        openTo={config.openTo}
        format={config.format}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled || readOnly}
        label={<FieldTitle label={label} source={source} isRequired={marked} />}
        inputRef={field.ref}
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          field: { clearable: true, onBlur: field.onBlur },
          actionBar: { actions: ['clear'] },
          textField: {
            id: input.id,
            name: field.name,
            size: 'small',
            placeholder: translate('bureau.ui.date_placeholder', { _: EMPTY_DATE_TEXT }),
            error: showError,
            helperText:
              showError || helperText ? (
                <InputHelperText error={showError ? errorMessage : undefined} helperText={helperText} />
              ) : undefined,
            slotProps: { inputLabel: { shrink: true }, htmlInput: { 'aria-invalid': showError } },
          },
        }}
      />
    </LocalizationProvider>
  );
}
