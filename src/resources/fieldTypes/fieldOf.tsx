/** Helpers the display modules share: a field element from a value renderer. */
import type { ReactElement, ReactNode } from 'react';
import { FunctionField } from 'react-admin';
import type { Field } from '../../../schemas/define';
import { getPath } from '../format';
import type { DisplayProps, Rec } from './types';

/**
 * A react-admin field element that renders the value at `props.source` with `render`: one
 * `FunctionField`, so show views and list cells display what the type's `cell` does.
 */
export const fieldOf =
  (render: (value: unknown, field: Field, inList: boolean) => ReactNode, sortable = true) =>
  ({ inList, ...props }: DisplayProps, field: Field): ReactElement => (
    <FunctionField
      {...props}
      sortable={sortable}
      render={(r: Rec) => render(getPath(r, props.source), field, inList === true)}
    />
  );

/** Stops a link's click from also opening the row it sits in. */
export const stopRowClick = (event: { stopPropagation: () => void }) => event.stopPropagation();
