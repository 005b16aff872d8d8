/**
 * The generated create, edit and show views as lazy components (only the list is in the
 * first load). Forms wait for `setFormsPreparation`'s promise (main.tsx installs the widgets
 * there), so a form never renders with the default inputs. Tests keep importing the views eagerly.
 */
import { lazy, Suspense, type ComponentType } from 'react';

let prepareForms: () => Promise<unknown> = () => Promise.resolve();

/** Runs `prepare` (once per load, e.g. `import('../widgets/register')`) before any form or card renders. */
export const setFormsPreparation = (prepare: () => Promise<unknown>): void => {
  let once: Promise<unknown> | undefined;
  prepareForms = () => (once ??= prepare());
};

const withForms =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), prepareForms()]).then(([m]) => m);
const createEdit = withForms(() => import('./views/SchemaCreateEdit'));
const show = withForms(() => import('./views/SchemaShow'));

const suspended = <P extends object>(Lazy: ComponentType<P>) => {
  const Suspended = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Suspended;
};

/** `SchemaCreate`, loaded on first use. */
export const LazySchemaCreate = suspended(lazy(() => createEdit().then((m) => ({ default: m.SchemaCreate }))));
/** `SchemaEdit`, loaded on first use. */
export const LazySchemaEdit = suspended(lazy(() => createEdit().then((m) => ({ default: m.SchemaEdit }))));
/** `SchemaShow` (the card), loaded on first use. */
export const LazySchemaShow = suspended(lazy(() => show().then((m) => ({ default: m.SchemaShow }))));
