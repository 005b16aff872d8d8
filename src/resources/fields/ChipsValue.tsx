/** Related records as chips (the display of `references` and `children` fields). */
import { lazy, Suspense } from 'react';
import { representRecord } from '../format';

const Chips = lazy(() => import('./chips'));

/**
 * Related records as chips, each labelled by the target's representation. The chips' code loads
 * with the first such value (first-load size); until then the same labels show as plain text.
 */
export const ChipsValue = ({ items, template }: { items: unknown; template?: string }) =>
  Array.isArray(items) && items.length > 0 ? (
    <Suspense fallback={<span>{items.map((item) => representRecord(template, item)).join(', ')}</span>}>
      <Chips items={items} template={template} />
    </Suspense>
  ) : null;
