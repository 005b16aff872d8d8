/**
 * `useInput` plus the spec's form-state rules shared by every widget (000 §5, 001 §5): typing
 * marks the field touched and validates it (WID-36), errors show once touched (or after a submit)
 * and in error (WID-16/34/42), and the required marker follows `required` or, when `required` is
 * not given, the presence of validators (WID-35).
 */
import { useCallback, useMemo } from 'react';
import { required as requiredValidator, useInput, type InputProps, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';

export const toValidators = (validate: Validator | Validator[] | undefined): Validator[] =>
  validate == null ? [] : Array.isArray(validate) ? validate : [validate];

const hasRequired = (vs: Validator[]) => vs.some((v) => (v as Validator & { isRequired?: boolean }).isRequired);

export interface WidgetInputOptions extends Omit<InputProps, 'validate'> {
  validate?: Validator | Validator[];
  /** Asterisk (and a required validator when none is given); unset: asterisk when validators exist. */
  required?: boolean;
  /** Message of the added required validator. */
  requiredMessage?: string;
  /** Extra validators of the widget itself (a mask's completeness); they do not add the asterisk. */
  extraValidators?: Validator[];
}

const ASYNC = Symbol('async');

/** The first error of `validators` (a react-admin message), `ASYNC` when one returns a promise. */
function firstError(validators: Validator[], value: unknown, values: unknown, source: string): unknown {
  for (const validate of validators) {
    const result: unknown = validate(value, values as Record<string, unknown>, { source });
    if (result instanceof Promise) return ASYNC;
    if (result) return result;
  }
  return undefined;
}

/** The `useInput` result plus `showError`, `errorMessage`, `marked` (asterisk) and `change(value)`. */
export function useWidgetInput({
  validate,
  required,
  requiredMessage,
  extraValidators,
  ...options
}: WidgetInputOptions) {
  const validators = useMemo(() => {
    const vs = [...toValidators(validate), ...(extraValidators ?? [])];
    return required && !hasRequired(vs) ? [requiredValidator(requiredMessage), ...vs] : vs;
  }, [validate, extraValidators, required, requiredMessage]);
  const input = useInput({ ...options, validate: validators });
  const { trigger, getValues, setError, clearErrors } = useFormContext();
  const { field, fieldState } = input;
  const change = useCallback(
    (value: unknown) => {
      field.onChange(value);
      field.onBlur(); // WID-36: typing marks the field touched
      // Validated synchronously when possible: `trigger` would hold the form in `isValidating`
      // (react-admin's Save button disabled) until a promise settles.
      const error = firstError(validators, value, getValues(), field.name);
      if (error === ASYNC) void trigger(field.name);
      else if (error) setError(field.name, { type: 'validate', message: `@@react-admin@@${JSON.stringify(error)}` });
      else clearErrors(field.name);
    },
    [field, validators, trigger, getValues, setError, clearErrors],
  );
  // react-admin validates on submit, on an explicit `trigger` (wizard steps) and here on typing, so an
  // error exists only once the field was touched, submitted or checked.
  const showError = fieldState.invalid;
  return {
    ...input,
    validators,
    change,
    showError,
    errorMessage: fieldState.error?.message,
    marked: required ?? toValidators(validate).length > 0,
  };
}
