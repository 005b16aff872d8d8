import type { ReactElement } from 'react';
import type { EntitySchema } from '../../schemas/define';
import { createCanAccess, type Permissions } from '../access/canAccess';
import { partsSet } from '../resources/parts';
import { resourceFor } from '../resources/resource';
import { matterParts, projectParts } from '../engagements/parts';
import { ideaParts } from '../workspace/ideaParts';
import { approvalParts } from '../approvals/approvalParts';
import { timeParts } from '../times/parts';
import { userParts } from '../users/parts';
import { budgetParts, officeDebtParts } from '../budgets/parts';
import { expenseParts } from '../billing/expenses/parts';
import { preInvoiceParts } from '../billing/preInvoices/parts';
import { invoiceParts } from '../billing/invoices/parts';

/** The bespoke parts of every area (`defineParts` in each area's folder). */
const parts = partsSet(
  ideaParts,
  approvalParts,
  projectParts,
  matterParts,
  timeParts,
  userParts,
  budgetParts,
  officeDebtParts,
  expenseParts,
  preInvoiceParts,
  invoiceParts,
);

/**
 * One react-admin `<Resource>` per schema (`resourceFor` in `src/resources/resource.tsx`), built
 * with the signed-in user's `canAccess` so generated views hide what the user may not do (PERM-10).
 */
export const mountResources = (
  schemas: readonly EntitySchema[],
  permissions: Permissions | null | undefined,
): ReactElement[] => {
  const check = createCanAccess(schemas, permissions ?? { roles: [], privileges: new Map() });
  const canAccess = (action: string, resource: string) => check({ action, resource });
  return schemas.map((s) => resourceFor(s, canAccess, parts));
};
