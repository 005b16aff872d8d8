/**
 * One schema field as a form input: the input table's renderer of its type (or a bespoke input
 * passed for this field with `defineParts`), with validators; shows a `sendWhen` field only while
 * its condition holds (CLI-03 sanctionComments, CLI-13 language) and disables a `valueWhen` field
 * while its forced value applies (CLI-05 vatPercent without VAT).
 */
import type { ReactElement } from 'react';
import { FormDataConsumer, useResourceContext, useTranslate } from 'react-admin';
import { humanize, type EntitySchema, type Field, type WireRecord } from '../../../schemas/define';
import type { InputRenderer } from '../fieldTypes/types';
import { labelOf } from '../schemaUtils';
import { useStatusInput } from '../status/StatusFormScope';
import { validatorsFor } from './validators';

export interface InputByTypeProps {
  name: string;
  field: Field;
  inputsOf: (schema: EntitySchema, exclude: string[]) => ReactElement[];
  /** The renderer: the input table's for the field's type (`fieldInputs`), or a bespoke one. */
  render: InputRenderer;
}

export const InputByType = ({ name, field, inputsOf, render }: InputByTypeProps) => {
  const status = useStatusInput(name, field);
  const translate = useTranslate();
  const resource = useResourceContext();
  if (status?.replace !== undefined) return status.replace;
  // the start of a range this field ends (H2-09), named as its own input is
  const startLabel = field.notBefore
    ? translate(`resources.${resource ?? ''}.fields.${field.notBefore}`, { _: humanize(field.notBefore) })
    : undefined;
  const props = {
    name,
    field,
    label: labelOf(name, field),
    validate: validatorsFor(field, startLabel),
    helperText: status?.hint ?? field.help,
    inputsOf,
    // read-only, not disabled: a disabled input's value is left out of the submitted record
    ...(status?.locked ? { readOnly: true } : {}),
  };
  if (!field.sendWhen && !field.valueWhen) return render(props);
  return (
    <FormDataConsumer>
      {({ formData, scopedFormData }) => {
        const data = (scopedFormData ?? formData ?? {}) as WireRecord;
        if (field.sendWhen && !field.sendWhen(data)) return null;
        return render({
          ...props,
          disabled: field.valueWhen ? field.valueWhen.when(data) : undefined,
        });
      }}
    </FormDataConsumer>
  );
};
