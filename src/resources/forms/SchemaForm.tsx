/**
 * The form of a schema by `schema.form.layout` (simple, sections, tabs, wizard). Wizard steps and
 * tabs come from `form.groups`; a group without fields is the summary step (NAV-17 "complete").
 * Render inside `<Create>`/`<Edit>`.
 */
import { Box, Typography } from '@mui/material';
import { DeleteWithConfirmButton, SaveButton, SimpleForm, TabbedForm, Toolbar, type RaRecord } from 'react-admin';
import type { EntitySchema, FormGroup } from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { inputsFor } from '../inputs';
import { editableFields, formPath } from '../schemaUtils';
import { FormSummary } from './FormSummary';
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
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {mode === 'edit' && canAccess('delete', schema.route) && (
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

export const SchemaForm = ({ schema, exclude = [], record, defaultValues, mode, deleteRedirect }: SchemaFormProps) => {
  const layout = schema.form?.layout ?? 'simple';
  const groups = groupsOf(schema, exclude);
  const toolbar = <FormToolbar schema={schema} mode={mode} deleteRedirect={deleteRedirect} />;
  const formProps = { record: record as RaRecord | undefined, defaultValues, toolbar };

  if (layout === 'wizard' && groups.length) {
    const summaryFields = groups.flatMap((g) => g.fields);
    const steps: WizardStep[] = groups.map((g) => ({
      name: g.name,
      label: g.label,
      paths: editableFields(schema, exclude)
        .filter(([n]) => g.fields.includes(n))
        .map(([n, fd]) => formPath(n, fd)),
      content: g.fields.length ? (
        inputsFor(schema, exclude, g.fields)
      ) : (
        <FormSummary schema={schema} fields={summaryFields} />
      ),
    }));
    return <WizardForm steps={steps} record={record} defaultValues={defaultValues} />;
  }
  if (layout === 'tabs' && groups.length) {
    return (
      <TabbedForm {...formProps}>
        {groups.map((g, i) => (
          <TabbedForm.Tab key={g.name} label={g.label} path={i === 0 ? undefined : g.name}>
            {inputsFor(schema, exclude, g.fields)}
          </TabbedForm.Tab>
        ))}
      </TabbedForm>
    );
  }
  return (
    <SimpleForm {...formProps}>
      {layout === 'sections' && groups.length
        ? groups.map((g) => (
            <Box key={g.name} component="section" aria-label={g.label} sx={{ width: '100%', mb: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {g.label}
              </Typography>
              {inputsFor(schema, exclude, g.fields)}
            </Box>
          ))
        : inputsFor(schema, exclude)}
    </SimpleForm>
  );
};
