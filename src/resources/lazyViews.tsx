/**
 * The generated create, edit and show views as lazy components (only the list is in the first
 * load): their code, with the input table and its widgets, loads on first use. Tests keep
 * importing the views eagerly.
 */
import { lazy, Suspense, type ComponentType } from 'react';

const createEdit = () => import('./views/SchemaCreateEdit');
const show = () => import('./views/SchemaShow');

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
export const LazyCloneCreate = suspended(lazy(() => createEdit().then((m) => ({ default: m.CloneCreate }))));
/** `StatusBoard` (a status's board, with its drag and drop code), loaded on first use. */
export const LazyStatusBoard = suspended(
  lazy(() => import('./status/StatusBoard').then((m) => ({ default: m.StatusBoard }))),
);
/** `SchemaShow` (the card), loaded on first use. */
export const LazySchemaShow = suspended(lazy(() => show().then((m) => ({ default: m.SchemaShow }))));
/** The trash page of an entity with one (`src/trash/TrashList.tsx`), loaded on first use. */
export const LazyTrashList = suspended(lazy(() => import('../trash/TrashList')));
