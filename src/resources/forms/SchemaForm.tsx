/**
 * The form of a schema by `schema.form.layout` (simple, sections, tabs, wizard). Wizard steps and
 * tabs come from `form.groups`; a group without fields is the summary step (NAV-17 "complete").
 * The entity's bespoke parts (`parts.tsx`) replace a field's input or a wizard step's content.
 * A field of `form.duplicateCheck` gets a `DuplicateWarning` under its input.
 * Render inside `<Create>`/`<Edit>`.
 */
import { Box, Typography } from '@mui/material';
import { useContext, type ComponentType, type ReactNode } from 'react';
import {
  DeleteWithConfirmButton,
  SaveButton,
  SimpleForm,
  TabbedForm,
  Toolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { EntitySchema, FormGroup } from '../../../schemas/define';
import type { StepProps } from '../parts';
import { stepKey } from '../../i18n/keys';
import { unreadFields, useDeleteWhen, useResourceAccess } from '../access';
import { inputsFor as inputsOfSchema } from '../inputs';
import { PartsContext } from '../parts';
import { editableFields, formPath } from '../schemaUtils';
import { DuplicateWarning } from './DuplicateWarning';
import { FormSummary } from './FormSummary';
import { UnplacedErrors } from './UnplacedErrors';
import { WizardForm, type WizardStep } from './WizardForm';

export interface SchemaFormProps {
  schema: EntitySchema;
  /** Fields left out (a child form's `via` when the parent is fixed by the route). */
  exclude?: string[];
  /** The edited record (edit) - already in form shape (`toFormRecord`). */
  record?: Partial<RaRecord>;
  /** Create defaults. */
  defaultValues?: Record<string, unknown>;
  /** Edit forms offer Delete when allowed. */
  mode: 'create' | 'edit';
  /** Where Delete goes afterwards. */
  deleteRedirect?: string;
}

const FormToolbar = ({ schema, mode, deleteRedirect }: Pick<SchemaFormProps, 'schema' | 'mode' | 'deleteRedirect'>) => {
  const canAccess = useResourceAccess();
  const deletable = useDeleteWhen(schema);
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {mode === 'edit' && canAccess('delete', schema.route) && deletable(record) && (
        <DeleteWithConfirmButton mutationMode="pessimistic" redirect={deleteRedirect ?? 'list'} />
      )}
    </Toolbar>
  );
};

/** Groups as declared, plus one holding the fields no group names (so nothing is lost). */
const groupsOf = (schema: EntitySchema, exclude: string[]): FormGroup[] => {
  const groups = schema.form?.groups ?? [];
  const named = new Set(groups.flatMap((g) => g.fields));
  const rest = editableFields(schema, exclude)
    .map(([n]) => n)
    .filter((n) => !named.has(n));
  return rest.length && groups.length ? [...groups, { name: 'other', label: 'Other', fields: rest }] : groups;
};

export const SchemaForm = ({
  schema,
  exclude: given = [],
  record,
  defaultValues,
  mode,
  deleteRedirect,
}: SchemaFormProps) => {
  // a personal field the user does not read is not asked for (H2-05)
  const unread = unreadFields(schema, useResourceAccess());
  const exclude = unread.length ? [...given, ...unread] : given;
  const layout = schema.form?.layout ?? 'simple';
  const groups = groupsOf(schema, exclude);
  const parts = useContext(PartsContext);
  // a name field of `form.duplicateCheck` is followed by the warning of a likely duplicate
  const checked = new Set<string>(schema.form?.duplicateCheck ?? []);
  const inputsFor = (s: EntitySchema, ex: string[], only?: string[]) =>
    inputsOfSchema(s, ex, only, parts).flatMap((input) =>
      s === schema && input.key !== null && checked.has(input.key)
        ? [input, <DuplicateWarning key={`${input.key}-duplicate`} schema={schema} source={input.key} />]
        : [input],
    );
  const translate = useTranslate();
  /** A group's label in the user's language (`resources.<route>.steps.<group>`). */
  const groupLabel = (g: FormGroup) => translate(stepKey(schema.route, g.name), { _: g.label });
  const steps = parts.get(schema.name)?.form?.steps as Partial<Record<string, ComponentType<StepProps>>> | undefined;
  /** A group's inputs, or the bespoke step given for it (with the inputs as `generated`). */
  const groupContent = (g: FormGroup, generated: ReactNode = inputsFor(schema, exclude, g.fields)) => {
    const Bespoke = steps?.[g.name];
    return Bespoke ? <Bespoke schema={schema} generated={generated} /> : generated;
  };
  const toolbar = <FormToolbar schema={schema} mode={mode} deleteRedirect={deleteRedirect} />;
  const formProps = { record: record as RaRecord | undefined, defaultValues, toolbar };

  if (layout === 'wizard' && groups.length) {
    const summaryFields = groups.flatMap((g) => g.fields);
    const wizardSteps: WizardStep[] = groups.map((g) => {
      const generated = g.fields.length ? undefined : <FormSummary schema={schema} fields={summaryFields} />;
      return {
        name: g.name,
        label: groupLabel(g),
        paths: editableFields(schema, exclude)
          .filter(([n]) => g.fields.includes(n))
          .map(([n, fd]) => formPath(n, fd)),
        content: groupContent(g, generated),
      };
    });
    // an error at a field of another step is as hidden as one at a field without an input
    const alert = (step: string) => {
      const inStep = new Set(groups.find((g) => g.name === step)?.fields);
      const elsewhere = Object.keys(schema.fields).filter((n) => !inStep.has(n));
      return <UnplacedErrors schema={schema} exclude={[...exclude, ...elsewhere]} />;
    };
    return (
      <WizardForm
        steps={wizardSteps}
        record={record}
        defaultValues={defaultValues}
        alert={alert}
        editing={mode === 'edit'}
      />
    );
  }
  if (layout === 'tabs' && groups.length) {
    return (
      <TabbedForm {...formProps}>
        {groups.map((g, i) => (
          <TabbedForm.Tab key={g.name} label={groupLabel(g)} path={i === 0 ? undefined : g.name}>
            <UnplacedErrors schema={schema} exclude={exclude} />
            {groupContent(g)}
          </TabbedForm.Tab>
        ))}
      </TabbedForm>
    );
  }
  return (
    <SimpleForm {...formProps}>
      <UnplacedErrors schema={schema} exclude={exclude} />
      {layout === 'sections' && groups.length
        ? groups.map((g) => (
            <Box key={g.name} component="section" aria-label={groupLabel(g)} sx={{ width: '100%', mb: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {groupLabel(g)}
              </Typography>
              {groupContent(g)}
            </Box>
          ))
        : inputsFor(schema, exclude)}
    </SimpleForm>
  );
};
