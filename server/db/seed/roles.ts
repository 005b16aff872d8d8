import { MODULES, PUBLISHER_SOURCE_TYPES, ROLES, type Module, type Role } from '../../../schemas/modules';

/**
 * The seeded privileges of every role (PERM-01, PERM-08): module -> flags, where the letters are
 * V view, C create, U update, D delete. Merging across a user's roles is a flag-wise OR (docs/decisions.md).
 * ADMIN and SUPER_ADMIN hold no rows: admins pass every check (PERM-02).
 */
export type Flags = 'V' | 'VC' | 'VU' | 'VCU' | 'VCUD';

type Grants = Partial<Record<Module, Flags>>;

const each = (modules: readonly Module[], flags: Flags): Grants => Object.fromEntries(modules.map((m) => [m, flags]));

const PUBLISHER_MODULES = PUBLISHER_SOURCE_TYPES.map((t) => `PUBLISHER_${t.toUpperCase()}` as Module);
const ORG_VIEW: Module[] = ['department', 'team', 'employee', 'position', 'office'];
const MATTER_WORK: Module[] = ['project', 'matter', 'time', 'TIME'];
const FINANCE: Module[] = [
  'expense',
  'invoice',
  'pre_invoice',
  'PAYMENT_HISTORY',
  'budget',
  'OFFICE_ACCOUNT',
  'OFFICE_ACCOUNT_TRANSIT_CURRENCY',
  'PAYMENT_OFFICE',
  'POSITION_PARTNER_FUND',
  'POSITION_OFFICE_RATE',
];

// prettier-ignore
export const ROLE_PRIVILEGES: Record<Role, { about: string; grants: Grants }> = {
  // A fee earner: sees the organisation and the matters, logs time and tasks; never sees clients.
  // Deletes time entries: only their own unbilled ones (TIME-18, schemas/work/times.ts).
  MEMBER: { about: 'Lawyer: organisation, projects, matters, own time and tasks; no clients', grants: { ...each(ORG_VIEW, 'V'), project: 'V', matter: 'V', time: 'VCUD', TIME: 'VCU', expense: 'VC', SHARED_MATERIAL: 'V', structure: 'V', COURT_DB: 'V', 'hr-request': 'VC', cashbox: 'V' } },
  // Reads issued invoices and their payments, with the client context to understand them.
  GET_INVOICE: { about: 'Reads invoices and payments', grants: { client: 'V', project: 'V', matter: 'V', pre_invoice: 'V', invoice: 'V', PAYMENT_HISTORY: 'V' } },
  // Enters expenses against matters.
  EXPENSE_CREATOR: { about: 'Enters expenses', grants: { client: 'V', project: 'V', matter: 'V', expense: 'VCU' } },
  // Billing for the offices of one country.
  COUNTRY_BILL: { about: 'Billing for one country', grants: { ...each(ORG_VIEW, 'V'), client: 'VCU', project: 'VCU', matter: 'VCU', time: 'V', TIME: 'V', expense: 'VCU', pre_invoice: 'VCU', invoice: 'VCU', PAYMENT_HISTORY: 'V' } },
  // Sector head who develops clients but stays out of invoicing.
  SECTOR_WITHOUT_INVOICES: { about: 'Sector head without invoices', grants: { ...each(ORG_VIEW, 'V'), client: 'VCU', project: 'VCU', matter: 'VCU', time: 'V', TIME: 'V', expense: 'V', LEAD_EMAIL: 'VC', RANKING: 'V' } },
  // Management reporting: reads everything a report needs, writes nothing.
  REPORT: { about: 'Reads for management reports', grants: { ...each(ORG_VIEW, 'V'), ...each(MATTER_WORK, 'V'), client: 'V', expense: 'V', pre_invoice: 'V', invoice: 'V', PAYMENT_HISTORY: 'V', budget: 'V', RANKING: 'V' } },
  // Reads budgets only.
  BUDGET_VIEW: { about: 'Reads budgets', grants: { budget: 'V', office: 'V', department: 'V' } },
  // Billing manager of one office (admin-or-billing-manager group, PERM-05).
  LOCAL_BILLING: { about: 'Billing manager of an office', grants: { ...each(ORG_VIEW, 'V'), client: 'VCU', project: 'VCU', matter: 'VCU', time: 'VCU', TIME: 'V', expense: 'VCU', pre_invoice: 'VCU', invoice: 'VCU', PAYMENT_HISTORY: 'VC', PAYMENT_OFFICE: 'V' } },
  // Deliberately nothing: the account can sign in and is shown the not-found page.
  NO_ACCESS: { about: 'Signs in, sees nothing', grants: {} },
  // Supports lawyers on matters and uses the chat bot (PERM-06).
  LEGAL_ASSISTANT: { about: 'Legal assistant: reads clients, matters, time; shared materials, chat bot', grants: { client: 'V', project: 'V', matter: 'V', time: 'V', TIME: 'V', SHARED_MATERIAL: 'V', CHAT_BOT: 'V' } },
  // People management.
  HR: { about: 'Human resources', grants: { ...each(['employee', 'team', 'position', 'EMPLOYEE_TITLE', 'job-titles', 'hr-request'], 'VCUD'), department: 'V', office: 'V', structure: 'V', POSITION_OFFICE_RATE: 'V' } },
  // Runs the monthly cashbox (profit distribution) with read access to its inputs.
  CASHBOX: { about: 'Cashbox periods and distributions', grants: { cashbox: 'VCUD', ...each(['office', 'department', 'employee', 'position', 'budget', 'OFFICE_ACCOUNT', 'OFFICE_ACCOUNT_TRANSIT_CURRENCY', 'PAYMENT_OFFICE', 'PAYMENT_HISTORY', 'POSITION_PARTNER_FUND', 'POSITION_OFFICE_RATE'], 'V') } },
  // Firm-wide billing manager (PERM-05): owns clients, runs the whole billing cycle.
  BILL: { about: 'Billing manager: clients, matters, time, expenses, pre-invoices, invoices, payments, budgets', grants: { client: 'VCUD', ...each(ORG_VIEW, 'VCU'), ...each(MATTER_WORK, 'VCU'), ...each(FINANCE, 'VCU'), EMPLOYEE_TITLE: 'VCU', LEAD_EMAIL: 'VCU', MATTER_LOG: 'V', SHARED_MATERIAL: 'V', cashbox: 'V' } },
  // Top manager of a sector: clients and business development, financial reads.
  TOP_AND_SECTOR: { about: 'Top manager of a sector', grants: { ...each(ORG_VIEW, 'V'), client: 'VCU', project: 'VCU', matter: 'VCU', time: 'V', TIME: 'V', expense: 'V', pre_invoice: 'V', invoice: 'V', PAYMENT_HISTORY: 'V', budget: 'V', LEAD_EMAIL: 'VCU', RANKING: 'V', structure: 'V' } },
  // Firm leadership: reads nearly everything, including clients and the cashbox; no user admin, no publishing.
  GLOBAL_TOP: { about: 'Firm leadership: reads nearly everything incl. clients and cashbox', grants: each(MODULES.filter((m) => m !== 'user' && !PUBLISHER_MODULES.includes(m)), 'V') },
  // The baseline every employee gets.
  BASE: { about: 'Every employee: organisation and shared materials', grants: { department: 'V', team: 'V', employee: 'V', office: 'V', structure: 'V', 'job-titles': 'V', SHARED_MATERIAL: 'V', DO_BIZ: 'V' } },
  // Visitors and interns.
  GUEST: { about: 'Guest: departments, offices, structure', grants: { department: 'V', office: 'V', structure: 'V' } },
  ADMIN: { about: 'Administrator: everything (no rows needed)', grants: {} },
  SUPER_ADMIN: { about: 'Super administrator: everything (no rows needed)', grants: {} },
  // Runs the public website content (PUB-07: all sixteen source types).
  PUBLISHER: { about: 'Website publisher: all sixteen content types', grants: { ...each(PUBLISHER_MODULES, 'VCUD'), department: 'V', team: 'V' } },
  // Edits website content but does not delete it.
  WEBSITE_EDITOR: { about: 'Website editor: edits content, no deletes', grants: { ...each(PUBLISHER_MODULES, 'VCU'), team: 'V' } },
  // Prepares tenders and proposals.
  TENDER: { about: 'Tenders and proposals', grants: { client: 'V', project: 'VC', LEAD_EMAIL: 'VC', SHARED_MATERIAL: 'V', COURT_DB: 'V', DO_BIZ: 'V', team: 'V' } },
};

/** The privilege rows of a role: `{ module, view, create, update, delete }`. */
export function privilegeRows(
  role: Role,
): Array<{ module: Module; view: boolean; create: boolean; update: boolean; delete: boolean }> {
  return Object.entries(ROLE_PRIVILEGES[role].grants).map(([module, flags = 'V']) => ({
    module: module as Module,
    view: flags.includes('V'),
    create: flags.includes('C'),
    update: flags.includes('U'),
    delete: flags.includes('D'),
  }));
}

/** A demo account: sign in with the username as the password. */
export interface DemoAccount {
  username: 'admin' | 'billing' | 'member' | 'top' | 'publisher' | 'assistant' | 'noaccess';
  role: Role;
  can: string;
}

/** The demo accounts `server/main.ts` prints at start (password = username). */
// prettier-ignore
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', role: 'ADMIN', can: 'everything, including users, roles and dictionaries' },
  { username: 'billing', role: 'BILL', can: 'clients (full), matters, time, expenses, pre-invoices, invoices, payments, budgets' },
  { username: 'member', role: 'MEMBER', can: 'organisation, projects, matters, own time and tasks; no clients' },
  { username: 'top', role: 'GLOBAL_TOP', can: 'reads nearly everything incl. clients and the cashbox; a top manager (PERM-07)' },
  { username: 'publisher', role: 'PUBLISHER', can: 'all sixteen website content types; reads departments and the team' },
  { username: 'assistant', role: 'LEGAL_ASSISTANT', can: 'reads clients, projects, matters, time; shared materials and the chat bot' },
  { username: 'noaccess', role: 'NO_ACCESS', can: 'signs in and sees nothing' },
];

// Every role of PERM-01 has an entry (the Record type checks it); this keeps the list order.
export const SEEDED_ROLES: readonly Role[] = ROLES;
