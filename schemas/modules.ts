/**
 * Privilege modules exactly as the spec writes them; case matters (`time` and `TIME` are two
 * modules, docs/decisions.md H9). Source: the ledger lines NAV and PERM.
 */
export const PUBLISHER_SOURCE_TYPES = [
  'country',
  'office',
  'department',
  'employee',
  'news',
  'newsletter',
  'matter',
  'publication',
  'events',
  'video',
  'page',
  'experience',
  'project',
  'menu',
  'vacancy',
  'podcast',
] as const; // all sixteen website content types

/** A website content type's privilege module: `PUBLISHER_NEWS`, ... */
export type PublisherModule = `PUBLISHER_${Uppercase<(typeof PUBLISHER_SOURCE_TYPES)[number]>}`;

/** The sixteen publisher modules, typed as their names (so {@link Module} stays a union of names). */
export const PUBLISHER_MODULES = PUBLISHER_SOURCE_TYPES.map((t) => `PUBLISHER_${t.toUpperCase()}` as PublisherModule);

export const MODULES = [
  'client',
  'project',
  'matter',
  'time',
  'TIME',
  'expense',
  'pre_invoice',
  'invoice',
  'LEAD_EMAIL',
  'SHARED_MATERIAL',
  'PAYMENT_HISTORY',
  'budget',
  'OFFICE_ACCOUNT',
  'OFFICE_ACCOUNT_TRANSIT_CURRENCY',
  'office',
  'PAYMENT_OFFICE',
  'employee',
  'team',
  'EMPLOYEE_TITLE',
  'position',
  'POSITION_PARTNER_FUND',
  'POSITION_OFFICE_RATE',
  'department',
  'cashbox',
  'user',
  ...PUBLISHER_MODULES,
  'MATTER_LOG',
  'job-titles',
  'structure',
  'COURT_DB',
  'CHAT_BOT',
  'DO_BIZ',
  'RANKING',
  'hr-request',
] as const;

export type Module = (typeof MODULES)[number];

/** The roles, exactly (PERM-01). */
export const ROLES = [
  'MEMBER',
  'GET_INVOICE',
  'EXPENSE_CREATOR',
  'COUNTRY_BILL',
  'SECTOR_WITHOUT_INVOICES',
  'REPORT',
  'BUDGET_VIEW',
  'LOCAL_BILLING',
  'NO_ACCESS',
  'LEGAL_ASSISTANT',
  'HR',
  'CASHBOX',
  'BILL',
  'TOP_AND_SECTOR',
  'GLOBAL_TOP',
  'BASE',
  'GUEST',
  'ADMIN',
  'SUPER_ADMIN',
  'PUBLISHER',
  'WEBSITE_EDITOR',
  'TENDER',
] as const;

export type Role = (typeof ROLES)[number];
