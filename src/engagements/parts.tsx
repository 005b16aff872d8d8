/**
 * The bespoke parts of projects and matters (`defineParts`, wired in `src/app/resources.tsx`):
 * the project managers editor with per-period totals, and the payload preview under the last
 * step of the matter wizard. Everything else - lists, cards with their gated tabs, wizards, clone
 * - is generated from `schemas/engagements/`.
 */
import { matters, projects } from '../../schemas/index';
import { defineParts } from '../resources/parts';
import { ManagerSharesInput } from './ManagerShares';
import { WithPayloadPreview } from './PayloadPreview';

export const projectParts = defineParts(projects, {
  fields: { projectManagerList: { input: ManagerSharesInput } },
});

export const matterParts = defineParts(matters, {
  form: { steps: { 'international-information': WithPayloadPreview } },
});
