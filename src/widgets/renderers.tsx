/**
 * Field type -> widget renderers for the generated forms (E's `InputRenderer` contract,
 * src/resources/inputs/renderers.tsx). Installed by `registerWidgets()` (./register).
 */
import type { Validator } from 'react-admin';
import type { FieldType } from '../../schemas/define';
import { representRecord } from '../resources/format';
import type { InputRenderer, InputRenderProps } from '../resources/inputs';
import { maxLengthOf } from '../resources/inputs';
import { referenceFilter, targetRepresentation, targetRoute } from '../resources/schemaUtils';
import { DatePickerWidget } from './DatePicker';
import { MaskedNumberWidget, PercentWidget } from './NumberInputs';
import { PagedDropdown } from './PagedDropdown';
import { TextareaWidget } from './Textarea';
import { TextWidget } from './TextInput';
import type { TextMaskKind } from './masks';

/** Field names that are range or period ends: their pickers allow future months (WID-10). */
const END_DATE_NAME = /(Lte|End|To|Until|Till|Due|Deadline)$/i;

const common = (p: InputRenderProps) => ({
  source: p.name,
  label: p.label,
  validate: p.validate,
  // The asterisk follows the schema's `required`: every text field carries a length validator.
  required: p.field.required === true,
  disabled: p.disabled,
  helperText: p.helperText,
});

const withoutRequired = (vs: Validator[]) => vs.filter((v) => !(v as Validator & { isRequired?: boolean }).isRequired);

const text =
  (type?: string, mask?: TextMaskKind): InputRenderer =>
  (p) => <TextWidget {...common(p)} type={type} mask={mask} maxLength={maxLengthOf(p.field)} />;

const dropdown =
  (multiple: boolean): InputRenderer =>
  (p) => {
    const template = targetRepresentation(p.field);
    return (
      <PagedDropdown
        {...common(p)}
        // WID-24: the dropdown's own "required" message replaces the generic one.
        validate={withoutRequired(p.validate)}
        source={multiple || p.field.type === 'refId' ? p.name : `${p.name}.id`}
        reference={targetRoute(p.field)}
        filter={referenceFilter(p.field)}
        optionText={(record) => representRecord(template, record)}
        multiple={multiple}
      />
    );
  };

/** The renderer of each field type the widgets take over; the other types keep E's inputs. */
export const widgetRenderers: Partial<Record<FieldType, InputRenderer>> = {
  text: text(),
  email: text('email', 'email'),
  url: text('url', 'url'),
  phone: text('tel'),
  longText: (p) => <TextareaWidget {...common(p)} maxLength={maxLengthOf(p.field)} />,
  percent: (p) => <PercentWidget {...common(p)} />,
  money: (p) => <MaskedNumberWidget {...common(p)} kind="currency" />,
  number: (p) => <MaskedNumberWidget {...common(p)} kind={p.field.integer ? 'integer' : 'decimal'} />,
  date: (p) => <DatePickerWidget {...common(p)} mode="day" allowFuture={END_DATE_NAME.test(p.name)} />,
  month: (p) => <DatePickerWidget {...common(p)} mode="month" allowFuture={END_DATE_NAME.test(p.name)} />,
  ref: dropdown(false),
  refId: dropdown(false),
  dictionary: dropdown(false),
  refList: dropdown(true),
  dictionaryList: dropdown(true),
};
