import type { ReactElement } from 'react';
import type { Permissions } from '../access/canAccess';
import { createCanAccess } from '../access/canAccess';
import type { EntityParts, SchemaParts } from '../resources/parts';
import { EntityResource } from '../resources/lazyResource';
import { entries, onSchemasLoaded, type ManifestEntry } from '../resources/schemaLoader';

const engagements = () => import('../engagements/parts').then((m) => [m.projectParts, m.matterParts]);
const budgets = () => import('../budgets/parts').then((m) => [m.budgetParts, m.officeDebtParts]);

/**
 * The bespoke parts of every area (`defineParts` in each area's folder), by the entity they serve:
 * each module loads with its entity's schema (`loadSchema`), not at start.
 */
const PART_LOADERS: Record<string, () => Promise<SchemaParts[]>> = {
  ideas: () => import('../workspace/ideaParts').then((m) => [m.ideaParts]),
  verificationChains: () => import('../approvals/approvalParts').then((m) => [m.approvalParts]),
  projects: engagements,
  matters: engagements,
  times: () => import('../times/parts').then((m) => [m.timeParts]),
  users: () => import('../users/parts').then((m) => [m.userParts]),
  budgets,
  cashboxOfficeDebts: budgets,
  expenses: () => import('../billing/expenses/parts').then((m) => [m.expenseParts]),
  preInvoices: () => import('../billing/preInvoices/parts').then((m) => [m.preInvoiceParts]),
  invoices: () => import('../billing/invoices/parts').then((m) => [m.invoiceParts]),
};

/** The parts loaded so far, by entity name; filled before `loadSchema` resolves. */
const parts = new Map<string, EntityParts>();

// the parts of the entity a route (or a related tab's child form) asks for, before it renders
onSchemasLoaded(async (_fresh, primary) => {
  const loaded = (await PART_LOADERS[primary.name]?.()) ?? [];
  for (const { schema, parts: own } of loaded) parts.set(schema.name, own);
});

/**
 * One react-admin resource per manifest entry (`EntityResource`, `src/resources/lazyResource.tsx`:
 * its schema, parts and texts load with its first route), built with the signed-in user's
 * `canAccess` so generated views hide what the user may not do (PERM-10).
 */
export const mountResources = (
  list: readonly ManifestEntry[],
  permissions: Permissions | null | undefined,
): ReactElement[] => {
  const check = createCanAccess(list, permissions ?? { roles: [], privileges: new Map() });
  const canAccess = (action: string, resource: string) => check({ action, resource });
  return list.map((e) => <EntityResource key={e.route} name={e.route} canAccess={canAccess} parts={parts} />);
};

export { entries };
