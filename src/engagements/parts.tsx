/**
 * The bespoke parts of projects and matters (`defineParts`, wired in `src/app/resources.tsx`):
 * the project managers editor with per-period totals, the lead e-mails tab (`src/crm/`), and the payload preview under the last
 * step of the matter wizard. Everything else - lists, cards with their gated tabs, wizards, clone
 * - is generated from `schemas/engagements/`.
 */
import { matters } from '../../schemas/engagements/matters';
import { projects } from '../../schemas/engagements/projects';
import { lazyInput, lazyPart } from '../resources/lazyPart';
import { defineParts, type StepProps } from '../resources/parts';
import { ProjectEmails } from '../crm/parts';

// Loaded with the forms that show them (their inputs and widgets are not in the first load).
const ManagerSharesInput = lazyInput(() => import('./ManagerShares').then((m) => m.ManagerSharesInput));
const Preview = lazyPart<{ schema: StepProps['schema'] }>(() => import('./PayloadPreview').then((m) => m.Preview));

/** A wizard step's generated content followed by the payload preview (loaded with the step). */
const WithPayloadPreview = ({ schema, generated }: StepProps) => (
  <>
    {generated}
    <Preview schema={schema} />
  </>
);

export const projectParts = defineParts(projects, {
  fields: { projectManagerList: { input: ManagerSharesInput } },
  // the lead e-mails with their compose dialog, in place of the generated list
  show: { tabs: { emails: ProjectEmails } },
});

export const matterParts = defineParts(matters, {
  form: { steps: { 'international-information': WithPayloadPreview } },
});
