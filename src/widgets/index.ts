/**
 * The spec's shared form widgets (001 §2.11, §5, §9; ledger WID-01..64, CONST-08..11) as
 * react-admin inputs. The generated forms take them from the input table
 * (`src/resources/fieldTypes/inputs.tsx`).
 */
export { TextWidget, type TextWidgetProps } from './TextInput';
export { TextareaWidget, TEXTAREA_DEFAULTS, limitMessage, type TextareaWidgetProps } from './Textarea';
export { MaskedNumberWidget, PercentWidget, acceptsPercent, type NumberWidgetProps } from './NumberInputs';
export {
  numericMask,
  textMask,
  maskValidator,
  applyShortcut,
  shortcutFactor,
  type NumericMaskKind,
  type TextMaskKind,
} from './masks';
export { MaskedInput } from './MaskedInput';
export {
  DatePickerWidget,
  pickerLimits,
  EMPTY_DATE_TEXT,
  type DateMode,
  type DatePickerWidgetProps,
} from './DatePicker';
export {
  formatDate,
  normalizeRange,
  toValue,
  DATE_FLOOR,
  DATE_VALUE_FORMAT,
  DATE_DISPLAY_FORMAT,
  FIRST_YEAR,
  PICKER_LOCALE,
  pickerLocale,
  type DateRange,
} from './dates';
export {
  PagedDropdown,
  dropdownPageSize,
  DROPDOWN_TEXT,
  DROPDOWN_SORT,
  SEARCH_DEBOUNCE_MS,
  SCROLL_DEBOUNCE_MS,
  type PagedDropdownProps,
  type OptionText,
} from './PagedDropdown';
export { SimpleDropdown, type SimpleDropdownProps } from './SimpleDropdown';
export { ModalDialog, useModalState, type ModalDialogProps, type ModalState } from './Modal';
export { BackButton, type BackButtonProps } from './BackButton';
export { backTarget, type BackLocation } from './backTarget';
export { LAYERS, TOOLTIP_MAX_WIDTH, TOOLTIP_FADE_MS, tooltipProps } from './layers';
export { useWidgetInput, type WidgetInputOptions } from './useWidgetInput';
