/**
 * A generic multi-step form (NAV-17): MUI Stepper, Back/Next, Next validates the current step's
 * fields with react-hook-form `trigger`, the last step saves. The step is kept in `?step=<name>`.
 * Editing (`editing`), the stored record is whole: every step's button is clickable (a keyboard
 * reaches it) and Save stands on every step, so changing one field needs no walk through the rest.
 * Enter in a single-line input moves to the next step instead of submitting early.
 * All steps stay mounted (hidden) so values and validation rules survive step changes.
 */
import { Box, Button, Step, StepButton, Stepper, Typography } from '@mui/material';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Form, SaveButton, type RaRecord } from 'react-admin';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';

export interface WizardStep {
  /** URL-safe name, shown in `?step=` (`client-info`). */
  name: string;
  label: string;
  /** Form paths validated by Next (`gname`, `country.id`, `contactList`). */
  paths: string[];
  content: ReactNode;
}

export interface WizardFormProps {
  steps: WizardStep[];
  record?: Partial<RaRecord>;
  defaultValues?: Record<string, unknown>;
  /**
   * Shown above the active step's fields, given its name: the server's refusals the step cannot
   * show at an input (an error at a field of another step, or of no step).
   * @example alert={(step) => <UnplacedErrors schema={clients} exclude={fieldsNotIn(step)} />}
   */
  alert?: (step: string) => ReactNode;
  /** An edit form: any step opens from the stepper, Save on every step. Default: create's walk. */
  editing?: boolean;
}

/** The wizard; render it inside `<Create>` or `<Edit>` so the last step's Save uses their save. */
export const WizardForm = ({ steps, record, defaultValues, alert, editing = false }: WizardFormProps) => (
  <Form record={record} defaultValues={defaultValues} noValidate>
    <WizardBody steps={steps} alert={alert} editing={editing} />
  </Form>
);

const WizardBody = ({ steps, alert, editing }: Pick<WizardFormProps, 'steps' | 'alert' | 'editing'>) => {
  const [params, setParams] = useSearchParams();
  const { trigger } = useFormContext();
  const active = Math.max(
    0,
    steps.findIndex((s) => s.name === params.get('step')),
  );
  const last = active === steps.length - 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  useEffect(() => {
    if (mounted.current) heading.current?.focus();
    mounted.current = true;
  }, [active]);

  const goTo = (index: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('step', steps[index]!.name);
        return next;
      },
      { replace: true },
    );

  // editing, Save can be pressed on any step: a check of the form's own that fails at a field of
  // another step opens that step (the server's refusals are listed by `alert` instead)
  const { errors, submitCount } = useFormState();
  useEffect(() => {
    if (!editing || submitCount === 0) return;
    const failing = (i: number) =>
      steps[i]!.paths.some((p) => {
        const error = get(errors, p) as { type?: unknown } | undefined;
        return error !== undefined && error.type !== 'server';
      });
    if (failing(active)) return;
    const first = steps.findIndex((_, i) => failing(i));
    if (first >= 0) goTo(first);
    // only a new submit decides; errors alone change as the user types
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  const next = async () => {
    const step = steps[active]!;
    const ok = step.paths.length === 0 || (await trigger(step.paths, { shouldFocus: true }));
    if (ok) goTo(active + 1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || last || event.defaultPrevented || target.tagName !== 'INPUT') return;
    event.preventDefault();
    void next();
  };

  return (
    <Box sx={{ p: 2, width: '100%' }} onKeyDown={onKeyDown}>
      <Stepper activeStep={active} nonLinear sx={{ mb: 3 }} aria-label="Steps">
        {steps.map((step, i) => (
          <Step key={step.name} completed={!editing && i < active}>
            <StepButton
              onClick={() => (editing || i < active ? goTo(i) : undefined)}
              disabled={!editing && i > active}
              aria-current={i === active ? 'step' : undefined}
            >
              {step.label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {alert?.(steps[active]!.name)}
      {steps.map((step, i) => (
        <Box key={step.name} role="group" aria-label={step.label} hidden={i !== active}>
          {i === active && (
            <Typography variant="h6" component="h2" tabIndex={-1} ref={heading} gutterBottom sx={{ outline: 'none' }}>
              {step.label}
            </Typography>
          )}
          {step.content}
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
        <Button onClick={() => goTo(active - 1)} disabled={active === 0}>
          Back
        </Button>
        {!last && (
          <Button variant={editing ? 'outlined' : 'contained'} onClick={() => void next()}>
            Next
          </Button>
        )}
        {(last || editing) && <SaveButton />}
      </Box>
    </Box>
  );
};
