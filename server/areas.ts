/**
 * The server's rooms: every entity's server declaration (`defineServer`, `server/define.ts`),
 * listed once, as `schemas/index.ts` lists the schemas, and provided to the generic registry
 * (`server/rest/rooms.ts`) when this module loads, with the rooms' extensions of every write
 * (the approvals' chain). Adding server code to an entity = one declaration in `server/<area>/`
 * + one line here.
 */
import type { PendingDeclaration } from './define';
import { provideRooms, type WriteExtension } from './rest/rooms';
import { approvalsExtension } from './approvals/start';
import { storedFilesServer } from './files/storedFiles';
import { verificationChainsServer } from './approvals/verificationChains';
import { authServer } from './auth/rooms';
import { leadEmailsServer } from './crm/leadEmails';
import { engagementsServer } from './engagements/rooms';
import { ideasServer } from './workspace/ideas';
import { expensesServer } from './billing/expenses';
import { invoiceQuotasServer } from './billing/invoiceQuotas';
import { invoicesServer } from './billing/invoices';
import { paymentHistoriesServer } from './billing/payments';
import { preInvoicesServer } from './billing/preInvoices';
import { budgetPayersServer } from './budgets/budgetPayers';
import { budgetsServer } from './budgets/budgets';
import { timesServer } from './work/times';
import { departmentsServer } from './organisation/departments';
import { employeesServer } from './organisation/employees';
import { positionsServer } from './organisation/positions';
import { contentPublicationFormsServer } from './website/contentPublicationForms';
import { officeTemplatesServer } from './offices/officeTemplates';
import { matterSharedMaterialsServer } from './catalogs/matterSharedMaterials';
import { cashboxOfficeDebtsServer } from './cashbox/cashboxOfficeDebts';
import { cashboxServer } from './cashbox/rooms';
import { savedViewsServer } from './workspace/savedViews';

/** Every declaration; a function, so the list is read after every module of the areas loaded. */
const declarations = (): PendingDeclaration[] => [
  ...authServer,
  verificationChainsServer,
  ...engagementsServer,
  leadEmailsServer,
  ideasServer,
  savedViewsServer,
  expensesServer,
  invoiceQuotasServer,
  invoicesServer,
  paymentHistoriesServer,
  preInvoicesServer,
  budgetPayersServer,
  budgetsServer,
  timesServer,
  departmentsServer,
  employeesServer,
  positionsServer,
  contentPublicationFormsServer,
  officeTemplatesServer,
  matterSharedMaterialsServer,
  cashboxOfficeDebtsServer,
  ...cashboxServer,
  storedFilesServer,
];

/** The rooms' parts in every write and action (`WriteExtension`, `server/rest/rooms.ts`), in the order they run. */
const extensions = (): WriteExtension[] => [approvalsExtension];

provideRooms(declarations, extensions);

export { checkServerDeclarations, computedSqlOf, registerServer, serverHooksOf, serverOf } from './rest/rooms';
