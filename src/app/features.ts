/**
 * The areas' registrations into the generic rooms that are not per entity (per-entity parts are
 * in `resources.tsx`): the files area's field type renderers and the approvals area's card panel.
 * `main.tsx` runs it before the first render; the unit tests' setup (`src/test/setup.ts`) runs it
 * before every test file of the SPA.
 */
import { registerVerificationPanel } from '../approvals/register';
import { registerFileFieldTypes } from '../files/register';

/** Registers every area's renderers and panels; running it again changes nothing. */
export function registerFeatures(): void {
  registerFileFieldTypes();
  registerVerificationPanel();
}
