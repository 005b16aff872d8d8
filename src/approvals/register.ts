/** The approvals area's panel on the generated card, registered into the generic views. */
import { lazy } from 'react';
import { registerShowPanel } from '../resources/views/showPanels';

const VerificationPanel = lazy(() => import('./VerificationPanel').then((m) => ({ default: m.VerificationPanel })));

/**
 * Registers the verification panel (`VerificationPanel.tsx`) on the card of every entity that
 * declares `verification`; run at start-up, before the first render. The panel's code loads with
 * the first such card.
 */
export function registerVerificationPanel(): void {
  registerShowPanel({
    key: 'verification',
    shows: (schema) => Boolean(schema.verification),
    Panel: VerificationPanel,
  });
}
