/**
 * Schema -> react-admin views (docs/architecture.md, "The SPA"): `resourceFor` builds a Resource
 * per schema; renderers per field type (`fieldTypes/`); bespoke parts per entity (`parts.tsx`);
 * spec-shaped paths.
 */
export { resourceFor, recordRepresentationOf } from './resource';
export type { CanAccess } from './access';
export { CanAccessContext, useResourceAccess } from './access';
export * from './paths';
export {
  defineParts,
  partsSet,
  useEntityParts,
  type EntityParts,
  type PartsSet,
  type SchemaParts,
  type PageProps,
  type TabProps,
  type CellProps,
  type ActionProps,
  type StepProps,
} from './parts';
export { fieldFor, formatValue } from './fields';
export { fieldDisplays } from './fieldTypes/display';
export { inputFor, inputsFor, validatorsFor, type InputRenderer, type InputRenderProps } from './inputs';
export { SchemaForm } from './forms/SchemaForm';
export { WizardForm, type WizardStep } from './forms/WizardForm';
export { SchemaList, EmptyList, DEFAULT_PER_PAGE_OPTIONS } from './views/SchemaList';
export { SchemaShow, SchemaShowLayout, RecordTitle } from './views/SchemaShow';
export { SchemaCreate, SchemaEdit } from './views/SchemaCreateEdit';
export { representRecord, formatDate, formatDateTime, formatMoney, formatPercent, formatDuration } from './format';
