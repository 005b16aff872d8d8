/**
 * The panels an area adds to the generated card of the entities it concerns, above the card's
 * fields (the approvals area's verification panel on every entity that declares `verification`).
 * Areas register them at start-up (`src/app/features.ts`); `SchemaShow.tsx` renders the ones
 * whose `shows` holds for its schema, in registration order, so this generic room never imports
 * an area.
 */
import type { ComponentType } from 'react';
import type { EntitySchema } from '../../../schemas/define';

/** One registered panel. */
export interface ShowPanel {
  /** Names the panel: registering the same key again replaces it (start-up may run twice in tests). */
  key: string;
  /** Whether the card of `schema` shows the panel. */
  shows: (schema: EntitySchema) => boolean;
  /** The panel, rendered inside the card's record context; may be `lazy` (the card waits in Suspense). */
  Panel: ComponentType<{ schema: EntitySchema }>;
}

const panels: ShowPanel[] = [];

/**
 * Adds a panel to the generated cards of the schemas it `shows` on, after the panels registered
 * before it.
 *
 * @example
 * registerShowPanel({
 *   key: 'verification',
 *   shows: (schema) => Boolean(schema.verification),
 *   Panel: lazy(() => import('../approvals/VerificationPanel').then((m) => ({ default: m.VerificationPanel }))),
 * });
 */
export function registerShowPanel(panel: ShowPanel): void {
  const at = panels.findIndex((p) => p.key === panel.key);
  if (at >= 0) panels[at] = panel;
  else panels.push(panel);
}

/** The registered panels the card of `schema` shows, in registration order. */
export const showPanelsOf = (schema: EntitySchema): readonly ShowPanel[] => panels.filter((p) => p.shows(schema));
