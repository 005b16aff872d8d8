/**
 * Which bulk buttons a generated list shows (`bulkActionButtons`); the status and field buttons
 * themselves (`BulkActions.tsx`, with their dialogs and the generated inputs) load when a list
 * first shows its bulk bar, i.e. when rows are selected, so the inputs and widgets stay out of the
 * first load.
 */
import type { ReactNode } from 'react';
import { BulkDeleteWithConfirmButton, useListContext } from 'react-admin';
import { servesGenericWrite, type EntitySchema } from '../../../schemas/define';
import { useDeleteWhen } from '../access';
import { lazyPart } from '../lazyPart';

const BulkStatusButton = lazyPart<{ schema: EntitySchema }>(() =>
  import('./BulkActions').then((m) => m.BulkStatusButton),
);
const BulkSetButton = lazyPart<{ schema: EntitySchema; field: string }>(() =>
  import('./BulkActions').then((m) => m.BulkSetButton),
);

/**
 * Bulk delete of a schema with `deleteWhen`: offered only when every selected row may be deleted
 * by the user (TIME-18: a lawyer's selection of their own unbilled entries), so no delete is
 * offered that the server would refuse for some of the rows.
 */
const BulkDeleteWhen = ({ schema }: { schema: EntitySchema }) => {
  const { selectedIds, data } = useListContext();
  const deletable = useDeleteWhen(schema);
  const selected = (data ?? []).filter((r) => selectedIds.includes(r.id));
  if (selected.length !== selectedIds.length || !selected.every((r) => deletable(r))) return null;
  return <BulkDeleteWithConfirmButton mutationMode="pessimistic" />;
};

/**
 * The bulk buttons a user may use on `schema`'s list: status and field changes to those who may
 * edit it (the server judges each record again), delete to those who may delete. Null when none.
 */
export function bulkActionButtons(
  schema: EntitySchema,
  canAccess: (action: string, resource: string) => boolean,
  canDelete: boolean,
): ReactNode | null {
  const canEdit = servesGenericWrite(schema, 'update') && canAccess('edit', schema.route);
  const status = canEdit && schema.status !== undefined;
  const fields = canEdit ? (schema.bulk?.fields ?? []) : [];
  if (!status && fields.length === 0 && !canDelete) return null;
  return (
    <>
      {status && <BulkStatusButton schema={schema} />}
      {fields.map((f) => (
        <BulkSetButton key={f} schema={schema} field={f} />
      ))}
      {canDelete &&
        (schema.deleteWhen ? (
          <BulkDeleteWhen schema={schema} />
        ) : (
          <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
        ))}
    </>
  );
}
