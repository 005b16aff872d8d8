/**
 * The `inputComponent` bridging MUI's `InputBase` and `react-imask` (WID-47/48): IMask owns the
 * keystrokes, MUI gets `onChange({ target: { name, value } })` with the accepted value.
 */
import { forwardRef, type InputHTMLAttributes } from 'react';
import { IMaskInput } from 'react-imask';

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name?: string;
  value?: string;
  onChange?: (event: { target: { name?: string; value: string } }) => void;
  /** IMask options (`mask`, `definitions`, `scale`, ...). */
  maskOptions: Record<string, unknown>;
  /** Hands the accepted value unmasked (numbers without grouping) rather than as displayed. */
  unmask?: boolean;
}

export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput(
  { onChange, maskOptions, unmask, name, value, ...other },
  ref,
) {
  return (
    // IMaskInput's props are a union over mask kinds; our options are built by ./masks.
    <IMaskInput
      {...(other as object)}
      {...(maskOptions as { mask: string })}
      name={name}
      value={value ?? ''}
      unmask={unmask}
      inputRef={ref}
      // Only user input: IMask also accepts while re-formatting a new `value` during render.
      onAccept={(accepted: string, _mask: unknown, event?: unknown) =>
        event && onChange?.({ target: { name, value: accepted } })
      }
    />
  );
});
