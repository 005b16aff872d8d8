import { useEffect, useState, type ReactNode } from 'react';
import type { EntitySchema } from '../../schemas/define';
import { findSchemaByRoute } from '../../schemas/registry';
import { isSchemaLoaded, loadSchema } from './schemaLoader';

/**
 * Renders `children(schema)` once the schema of `route` is loaded (`loadSchema`); nothing before
 * (the route's progress bar runs meanwhile). A failed load is thrown to the layout's error boundary.
 */
export const SchemaGate = ({
  route,
  children,
}: {
  route: string;
  children: (schema: EntitySchema) => ReactNode;
}): ReactNode => {
  const ready = () => (isSchemaLoaded(route) ? findSchemaByRoute(route) : undefined);
  const [schema, setSchema] = useState<EntitySchema | undefined>(ready);
  const [failure, setFailure] = useState<unknown>();
  const current = schema?.route === route ? schema : ready();
  useEffect(() => {
    if (current) return;
    let live = true;
    loadSchema(route).then(
      (s) => live && setSchema(s),
      (e: unknown) => live && setFailure(e),
    );
    return () => {
      live = false;
    };
  }, [route, current]);
  if (failure) throw failure;
  return current ? children(current) : null;
};
