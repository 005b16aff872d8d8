/**
 * The registry: every entity the product serves, as `payload.config.ts` lists collections.
 * Adding an entity = one file in an area folder + one line here + a generated migration
 * (README, "Adding an entity").
 */
import type { EntitySchema } from './define';
import { checkRegistry } from './check';
import { DICTIONARIES, DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import { MODULES } from './modules';
import { baseDictionaryTypes } from './administration/baseDictionaryTypes';
import { baseDictionaries } from './administration/baseDictionaries';
import { currencies } from './administration/currencies';
import { currencyRates } from './administration/currencyRates';
import { countries } from './administration/countries';
import { offices } from './organisation/offices';
import { departments } from './organisation/departments';
import { employees } from './organisation/employees';
import { positions } from './organisation/positions';
import { employeeTitles } from './people/employeeTitles';
import { positionFunds } from './people/positionFunds';
import { positionRates } from './people/positionRates';
import { clients } from './crm/clients';
import { contacts } from './crm/contacts';
import { contactComments } from './crm/contactComments';
import { leads } from './crm/leads';
import { leadEmails } from './crm/leadEmails';
import { emailTemplates } from './crm/emailTemplates';
import { outboxMessages } from './administration/outboxMessages';
import { users } from './auth/users';
import { roles } from './auth/roles';
import { privileges } from './auth/privileges';
import { storedFiles } from './files/storedFiles';
import { ideas, ideaVotes } from './workspace/ideas';
import { savedViews } from './workspace/savedViews';
import { projects } from './engagements/projects';
import { projectManagers } from './engagements/projectManagers';
import { matters } from './engagements/matters';
import { matterTeams } from './engagements/matterTeams';
import { matterRates } from './engagements/matterRates';
import { titles } from './engagements/titles';
import { times } from './work/times';
import { verificationChains, verificationApprovers } from './approvals/verificationChains';
import { officeApprovers } from './approvals/officeApprovers';
import { officeAccounts } from './offices/officeAccounts';
import { officeTransitAccounts } from './offices/officeTransitAccounts';
import { officeIncomeDistributions } from './offices/officeIncomeDistributions';
import { officeIncomeDistributionPercents } from './offices/officeIncomeDistributionPercents';
import { officeTemplates } from './offices/officeTemplates';
import { generatedDocuments } from './documents/generatedDocuments';
import { budgets } from './budgets/budgets';
import { budgetPayers } from './budgets/budgetPayers';
import { cashboxPeriods } from './cashbox/cashboxPeriods';
import { cashboxOfficeDebts } from './cashbox/cashboxOfficeDebts';
import { cashboxOfficeDebtCreditors } from './cashbox/cashboxOfficeDebtCreditors';
import { cashboxOfficeDebtDetails } from './cashbox/cashboxOfficeDebtDetails';
import { storageFolders } from './catalogs/storageFolders';
import { matterSharedMaterials } from './catalogs/matterSharedMaterials';
import { contentPublicationForms } from './website/contentPublicationForms';
import { contentTags } from './website/contentTags';
import { suppliers } from './billing/suppliers';
import { expenses } from './billing/expenses';
import { expensePayers } from './billing/expensePayers';
import { preInvoices } from './billing/preInvoices';
import { invoices } from './billing/invoices';
import { invoiceQuotas } from './billing/invoiceQuotas';
import { paymentHistories } from './billing/paymentHistories';

const registry: EntitySchema[] = [
  clients,
  contacts,
  contactComments,
  leads,
  leadEmails,
  emailTemplates,
  times,
  projects,
  projectManagers,
  matters,
  matterTeams,
  matterRates,
  titles,
  verificationChains,
  verificationApprovers,
  officeApprovers,
  offices,
  departments,
  employees,
  positions,
  employeeTitles,
  positionFunds,
  positionRates,
  baseDictionaryTypes,
  baseDictionaries,
  currencies,
  currencyRates,
  countries,
  users,
  roles,
  privileges,
  ideas,
  ideaVotes,
  savedViews,
  storedFiles,
  outboxMessages,
  officeAccounts,
  officeTransitAccounts,
  officeIncomeDistributions,
  officeIncomeDistributionPercents,
  officeTemplates,
  generatedDocuments,
  budgets,
  budgetPayers,
  cashboxPeriods,
  cashboxOfficeDebts,
  cashboxOfficeDebtCreditors,
  cashboxOfficeDebtDetails,
  storageFolders,
  matterSharedMaterials,
  contentPublicationForms,
  contentTags,
  suppliers,
  expenses,
  expensePayers,
  preInvoices,
  invoices,
  invoiceQuotas,
  paymentHistories,
] as EntitySchema[];

/** Every registered entity, in registry order (menu order within an area). */
export const schemas: readonly EntitySchema[] = registry;

const names = {
  dictionaries: DICTIONARY_TYPE_NAMES,
  dictionaryCodes: new Map(DICTIONARIES.map((d) => [d.name, d.entries.map((e) => e.code)])),
  modules: MODULES,
};
// Every name a schema uses outside itself must exist: a typo fails here, in the SPA and the server.
checkRegistry(schemas, names);

const byName = new Map(schemas.map((s) => [s.name, s]));
const byRoute = new Map(schemas.map((s) => [s.route, s]));

/**
 * Adds an entity to the registry at run time - the seam a test uses to run the whole app with an
 * extra schema, exactly as if it had one more line above. Call it before anything reads the
 * registry for good: before the app is built (`buildApp` registers routes and the OpenAPI document
 * from the registry) and before migrations are generated (`server/db/generate.ts`). Production
 * code never calls it: entities are registered by the list above.
 *
 * @example
 * registerSchema(gadgets);
 * await generateMigrationFiles(tempDir, 'gadgets');
 * const h = await createHarness({}, { migrationsDir: tempDir });
 * @throws Error when the name or route is taken, or the registry check fails with it (nothing is registered then)
 */
export function registerSchema(schema: EntitySchema): void {
  if (byName.has(schema.name) || byRoute.has(schema.route))
    throw new Error(`schema ${schema.name}: the name or route "${schema.route}" is already registered`);
  checkRegistry([...registry, schema], names);
  registry.push(schema);
  byName.set(schema.name, schema);
  byRoute.set(schema.route, schema);
}

/** The menu areas in registry order (the area of the first schema that names it comes first). */
export const areas = (): string[] => [...new Set(schemas.map((s) => s.area))];

/** The schema of a collection name. @throws Error for an unknown name. */
export const getSchema = (name: string): EntitySchema => {
  const s = byName.get(name);
  if (!s) throw new Error(`no schema named "${name}"`);
  return s;
};

/** The schema of a collection name, or undefined. */
export const findSchema = (name: string): EntitySchema | undefined => byName.get(name);

/** The schema whose SPA route (react-admin resource name) is `route`. */
export const findSchemaByRoute = (route: string): EntitySchema | undefined => byRoute.get(route);

/** Schemas that own a table (presets excluded). */
export const storedSchemas = (): EntitySchema[] => schemas.filter((s) => !s.preset);

export {
  suppliers,
  expenses,
  expensePayers,
  preInvoices,
  invoices,
  invoiceQuotas,
  paymentHistories,
  clients,
  contacts,
  contactComments,
  leads,
  times,
  projects,
  projectManagers,
  matters,
  matterTeams,
  matterRates,
  titles,
  verificationChains,
  verificationApprovers,
  officeApprovers,
  offices,
  departments,
  employees,
  positions,
  employeeTitles,
  positionFunds,
  positionRates,
  baseDictionaryTypes,
  baseDictionaries,
  currencies,
  currencyRates,
  countries,
  users,
  roles,
  privileges,
  storedFiles,
  ideas,
  ideaVotes,
  savedViews,
  officeAccounts,
  officeTransitAccounts,
  officeIncomeDistributions,
  officeIncomeDistributionPercents,
  officeTemplates,
  generatedDocuments,
  budgets,
  budgetPayers,
  cashboxPeriods,
  cashboxOfficeDebts,
  cashboxOfficeDebtCreditors,
  cashboxOfficeDebtDetails,
  storageFolders,
  matterSharedMaterials,
  contentPublicationForms,
  contentTags,
};
