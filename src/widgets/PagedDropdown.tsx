/**
 * The spec's searchable paged dropdown (001 §2.11, §5, §7, §9, WID-17..29) as a react-admin
 * input over a resource: MUI `Autocomplete` with a search box debounced 500 ms sent as `q`
 * (the data provider's `search`), pages of `dropdownPageSize()` sorted `lastModifiedDate,desc`
 * loaded by infinite scroll debounced 100 ms, a fixed `filter` (positions: `status.code=1`),
 * "Select" / "Not found" texts, single or multiple choice, clear button, required asterisk and
 * a "required" message by default.
 */
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useMemo, useState, type ReactNode, type UIEvent } from 'react';
import {
  FieldTitle,
  InputHelperText,
  useGetManyAggregate,
  useInfiniteGetList,
  useTranslate,
  type Identifier,
  type RaRecord,
  type SortPayload,
  type Validator,
} from 'react-admin';
import { useDebouncedCallback } from './useDebounced';
import { useWidgetInput } from './useWidgetInput';

/** WID-19 / WID-20 / WID-24 texts. */
export const DROPDOWN_TEXT = { placeholder: 'Select', notFound: 'Not found' } as const;
/** WID-25: the pick-list order. */
export const DROPDOWN_SORT: SortPayload = { field: 'lastModifiedDate', order: 'DESC' };
/** WID-28 / WID-29 debounce delays, milliseconds. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SCROLL_DEBOUNCE_MS = 100;

/** WID-26 (docs/decisions.md): rows per page, `Math.max(10, Math.ceil(innerHeight / 2 / 20))`. */
export const dropdownPageSize = (
  innerHeight: number = typeof window === 'undefined' ? 0 : window.innerHeight,
): number => Math.max(10, Math.ceil(innerHeight / 2 / 20));

export type OptionText = string | ((record: RaRecord) => string);

const labelOf = (optionText: OptionText, record: RaRecord): string =>
  typeof optionText === 'function' ? optionText(record) : String(record[optionText] ?? record.id);

/** Near the bottom of a scrolled list (within 20 px). */
const nearBottom = (el: HTMLElement) => el.scrollTop + el.clientHeight >= el.scrollHeight - 20;

export interface PagedDropdownProps {
  source: string;
  /** The react-admin resource listed. */
  reference: string;
  label?: ReactNode;
  validate?: Validator | Validator[];
  /** WID-23/24: asterisk and a required validator with `requiredMessage`. */
  required?: boolean;
  /** WID-24: default "required". */
  requiredMessage?: string;
  /** WID-21: the value is an id array. */
  multiple?: boolean;
  /** WID-27: fixed filter, e.g. `{ 'status.code': 1 }` for positions. */
  filter?: Record<string, unknown>;
  optionText?: OptionText;
  sort?: SortPayload;
  perPage?: number;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form (a field read-only in the record's status). */
  readOnly?: boolean;
  helperText?: ReactNode;
  /** Called with the picked record (null when cleared) of a single dropdown, after the value is set. */
  onPick?: (record: RaRecord | null) => void;
  /** Sent with the list and the picked records' reads: `{ projection: 'lookup' }` for a user who looks the target up (H2-04). */
  meta?: { projection?: string };
}

/** WID-17..29: a searchable, infinitely scrolled pick-list holding an id (or ids when `multiple`). */
export function PagedDropdown(props: PagedDropdownProps) {
  const translate = useTranslate();
  const {
    source,
    reference,
    label,
    validate,
    required,
    multiple = false,
    filter,
    optionText = 'name',
    disabled,
    readOnly,
    helperText,
  } = props;
  const requiredMessage = props.requiredMessage ?? 'bureau.ui.required';
  const input = useWidgetInput({
    source,
    validate,
    required,
    requiredMessage,
    disabled,
    defaultValue: multiple ? [] : undefined,
  });
  const { field, showError, errorMessage, marked } = input;
  const [open, setOpen] = useState(false);
  const [inputText, setInputText] = useState('');
  const [query, setQuery] = useState('');
  const search = useDebouncedCallback(setQuery, SEARCH_DEBOUNCE_MS);
  const [perPage] = useState(() => props.perPage ?? dropdownPageSize());

  const list = useInfiniteGetList(
    reference,
    {
      pagination: { page: 1, perPage },
      sort: props.sort ?? DROPDOWN_SORT,
      filter: { ...filter, ...(query ? { q: query } : {}) },
      meta: props.meta,
    },
    { enabled: open },
  );
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const nextPage = useDebouncedCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, SCROLL_DEBOUNCE_MS);

  const ids: Identifier[] = useMemo(() => {
    const v: unknown = field.value;
    if (multiple) return Array.isArray(v) ? (v as Identifier[]) : [];
    return v == null || v === '' ? [] : [v as Identifier];
  }, [field.value, multiple]);
  const { data: selectedRecords } = useGetManyAggregate(
    reference,
    { ids, meta: props.meta },
    { enabled: ids.length > 0 },
  );

  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const byId = useMemo(
    () => new Map([...(selectedRecords ?? []), ...loaded].map((r) => [String(r.id), r])),
    [selectedRecords, loaded],
  );
  const selected = ids.map((id) => byId.get(String(id))).filter((r): r is RaRecord => r !== undefined);
  // Selected records outside the loaded pages stay options, so MUI can show them.
  const options = useMemo(
    () => [...loaded, ...selected.filter((s) => !loaded.some((r) => r.id === s.id))],
    [loaded, selected],
  );

  const onChange = (_: unknown, value: RaRecord | RaRecord[] | null) => {
    input.change(Array.isArray(value) ? value.map((r) => r.id) : (value?.id ?? null));
    if (!Array.isArray(value)) props.onPick?.(value);
  };

  return (
    <Autocomplete<RaRecord, boolean>
      id={input.id}
      multiple={multiple}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setInputText(''); // the next opening lists from the top again
        search(''); // also replaces a pending search
        field.onBlur();
      }}
      options={options}
      value={multiple ? selected : (selected[0] ?? null)}
      onChange={onChange as never}
      inputValue={open || multiple ? inputText : selected[0] ? labelOf(optionText, selected[0]) : ''}
      onInputChange={(_, text, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setInputText(text);
        search(text);
      }}
      filterOptions={(x) => x}
      getOptionLabel={(r) => labelOf(optionText, r)}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      loading={list.isPending && open}
      noOptionsText={translate('bureau.ui.not_found', { _: DROPDOWN_TEXT.notFound })}
      disabled={disabled || readOnly}
      size="small"
      slotProps={{
        listbox: {
          onScroll: (e: UIEvent<HTMLElement>) => {
            if (nearBottom(e.currentTarget)) nextPage();
          },
        },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={<FieldTitle label={label} source={source} isRequired={marked || required} />}
          placeholder={ids.length === 0 ? translate('bureau.ui.select', { _: DROPDOWN_TEXT.placeholder }) : undefined}
          error={showError}
          helperText={
            showError || helperText ? (
              <InputHelperText error={showError ? errorMessage : undefined} helperText={helperText} />
            ) : undefined
          }
          slotProps={{
            htmlInput: { ...params.inputProps, 'aria-invalid': showError },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetchingNextPage || (list.isPending && open) ? <CircularProgress size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
