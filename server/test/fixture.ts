import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { StorageError, type FileStorage } from '../files/storage';
import { DICTIONARY_TYPES } from '../../schemas/dictionaries';
import { createTestUser } from '../auth/testing';
import type { Database } from '../db/database';
import { insertRow } from '../auth/testing';
import { insertCashboxLines } from './fixtureCashbox';

/**
 * A small deterministic data set for API tests: every dictionary type and entry of
 * `schemas/dictionaries.ts` (pinned ids 22, 66, 67 kept, H7) plus two countries and a language,
 * two offices, departments, employees, positions, clients with contacts, a lead, job titles,
 * two projects with a matter each (with teams), time entries and a task, and the users admin
 * (ADMIN), billing (BILL: full `client`), member (MEMBER: view on department, team, position,
 * office), lawyer (LAWYER: full `project`, `matter`, `time`, `TIME`, `LEAD_EMAIL`; on one matter's
 * team) and noaccess (NO_ACCESS). Passwords equal usernames.
 */
export interface FixtureIds {
  /** Dictionary entry ids by `TYPE_NAME:code`, type ids by `TYPE_NAME`. */
  entries: Record<string, number>;
  types: Record<string, number>;
  currencies: { usd: number; kzt: number };
  offices: { almaty: number; london: number };
  departments: { firm: number; sector: number; sector2: number };
  employees: { anna: number; boris: number; carl: number };
  /** anna in the Energy sector; boris and carl in the firm (carl is the lawyer user's employee). */
  positions: { annaSector: number; borisFirm: number; carlFirm: number };
  clients: { acme: number; globex: number; initech: number };
  contacts: { wile: number; hank: number };
  /** A lead in its initial deal stage (prospecting). */
  leads: { acmeDeal: number };
  /** Job titles used in matter rates. */
  titles: { associate: number; partner: number };
  /** Acme's project (managed by anna) and Globex's (managed by boris). */
  projects: { acmeProject: number; globexProject: number };
  /** acmeMatter: anna responsible, carl on the team; globexMatter: boris responsible and on the team. */
  matters: { acmeMatter: number; globexMatter: number };
  /** acmeMatter's approval chain: one step, boris, undecided. */
  verificationChains: { acmeChain: number };
  /** Time entries on each matter (anna's on Acme, boris's on Globex) and anna's task on the Acme lead. */
  times: { annaTime: number; borisTime: number; annaTask: number };
  /**
   * lawyer (LAWYER, employee carl: full `project`, `matter`, `time`, `TIME`, `LEAD_EMAIL`) is on
   * acmeMatter's team and on no other.
   */
  users: { admin: number; billing: number; member: number; noaccess: number; lawyer: number };
  /** anna: associate 2020-2023, partner since 2024 (open); boris: associate since 2023 (open). */
  employeeTitles: { annaAssociate: number; annaPartner: number; borisAssociate: number };
  /** annaSector's fund: scheme 2 to the Almaty office's firm department, put 10 %, get 5 %. */
  positionFunds: { annaFund: number };
  /** annaSector's rate in Almaty: 150 USD. */
  positionRates: { annaRate: number };
  /** A documents folder and one shared material in it on acmeMatter (its file is a row without bytes). */
  catalogs: { folder: number; acmeMemo: number; memoFile: number };
  /** A published country page of Almaty, tagged with Kazakhstan and the Energy sector. */
  contentPublicationForms: { almatyPage: number };
  contentTags: { almatyPageKz: number };
  /**
   * Billing on acmeMatter: a supplier; a courier expense of 120.00 USD paid by annaSector
   * (unbilled, code 2); a 1,000.00 USD pre-invoice (approved, then closed by the invoice that
   * holds it: status Closed, balance 0, with its status history) and an invoice (draft, code 1) to
   * Acme for October 2026 holding the pre-invoice; a quota of the invoice for annaSector (100 %);
   * a 250.00 USD payment of the pre-invoice (it counts toward the invoice).
   */
  billing: {
    supplier: number;
    acmeExpense: number;
    acmeExpensePayer: number;
    acmePreInvoice: number;
    acmeInvoice: number;
    acmeQuota: number;
    acmePayment: number;
    /** A generated document of acmeInvoice (generatedDocuments), pointing at the memo's file row. */
    acmeInvoiceDocument: number;
  };
}

export interface Fixture extends FixtureIds {
  /** Dictionary entry id by type name and code (`dict('COUNTRY', 398)`). @throws for an entry not in the fixture */
  dict: (type: string, code: number) => number;
  /** Dictionary type id by name. */
  dictType: (type: string) => number;
}

/** Adds the lookup helpers to the plain ids (which are JSON, so a cached database can carry them). */
export function withLookups(ids: FixtureIds): Fixture {
  const get = (map: Record<string, number>, key: string) => {
    const id = map[key];
    if (id === undefined) throw new Error(`the fixture has no ${key}`);
    return id;
  };
  return {
    ...ids,
    dict: (type, code) => get(ids.entries, `${type}:${code}`),
    dictType: (type) => get(ids.types, type),
  };
}

type Db = Pick<Database, 'query'>;

/** The text of the fixture's one stored file (`catalogs.memoFile`). */
export const MEMO_TEXT = 'memo';

/**
 * Puts the bytes of the fixture's stored files into `storage` and points their rows at them, so
 * they download like uploads. A storage that cannot write (a test of storage failures) is left
 * without them.
 */
export async function storeFixtureFiles(db: Db, ids: FixtureIds, storage: FileStorage): Promise<void> {
  let key: string;
  try {
    key = await storage.put(Readable.from([Buffer.from(MEMO_TEXT)]));
  } catch (e) {
    if (e instanceof StorageError) return;
    throw e;
  }
  await db.query('UPDATE stored_files SET storage_key = $1 WHERE id = $2', [key, ids.catalogs.memoFile]);
}

async function seedDictionaries(db: Db): Promise<{ entries: Record<string, number>; types: Record<string, number> }> {
  const extra: Record<string, Array<{ code: number; gname: string; charCode?: string }>> = {
    COUNTRY: [
      { code: 398, gname: 'Kazakhstan', charCode: 'KZ' },
      { code: 826, gname: 'United Kingdom', charCode: 'GB' },
    ],
    LANGUAGE: [{ code: 1, gname: 'English', charCode: 'en' }],
  };
  const types: Record<string, number> = {};
  const entries: Record<string, number> = {};
  const typeValues: string[] = [];
  const typeParams: unknown[] = [];
  for (const t of DICTIONARY_TYPES) {
    types[t.name] = t.code;
    typeValues.push(`($${typeParams.push(t.code)}, $${typeParams.push(t.code)}, $${typeParams.push(t.gname)})`);
  }
  await db.query(`INSERT INTO base_dictionary_types (id, code, gname) VALUES ${typeValues.join(', ')}`, typeParams);
  const pinned = new Set<number>(
    DICTIONARY_TYPES.flatMap((t) => t.entries.map((e) => ('id' in e ? (e.id as number) : 0)).filter(Boolean)),
  );
  let next = 100;
  const values: string[] = [];
  const params: unknown[] = [];
  for (const t of DICTIONARY_TYPES) {
    const list = [...t.entries, ...(extra[t.name] ?? [])] as Array<{
      code: number;
      gname: string;
      charCode?: string;
      id?: number;
    }>;
    list.forEach((e, i) => {
      let id = e.id;
      if (!id) {
        while (pinned.has(next)) next++;
        id = next++;
      }
      entries[`${t.name}:${e.code}`] = id;
      values.push(
        `($${params.push(id)}, $${params.push(t.code)}, $${params.push(e.code)}, $${params.push(e.gname)}, $${params.push(e.charCode ?? null)}, $${params.push(i + 1)})`,
      );
    });
  }
  await db.query(
    `INSERT INTO base_dictionaries (id, type_id, code, gname, char_code, orderliness) VALUES ${values.join(', ')}`,
    params,
  );
  await db.query(
    `SELECT setval(pg_get_serial_sequence('base_dictionaries', 'id'), (SELECT max(id) FROM base_dictionaries))`,
  );
  await db.query(
    `SELECT setval(pg_get_serial_sequence('base_dictionary_types', 'id'), (SELECT max(id) FROM base_dictionary_types))`,
  );
  return { entries, types };
}

/** Loads the fixture into a migrated, empty database. */
export async function loadFixture(db: Db): Promise<FixtureIds> {
  const { entries, types } = await seedDictionaries(db);
  const { dict } = withLookups({ entries, types } as FixtureIds);
  const usd = await insertRow(db, 'currencies', { code: 'USD', gname: 'US dollar' });
  const kzt = await insertRow(db, 'currencies', { code: 'KZT', gname: 'Tenge' });
  await insertRow(db, 'currencyRates', { currency: kzt, date: '2026-10-01', rateToUsd: '0.00208333' });
  const almaty = await insertRow(db, 'offices', {
    gfirmName: 'Bureau Almaty',
    physicalCity: 'Almaty',
    physicalCountry: dict('COUNTRY', 398),
    currency: kzt,
    status: dict('OFFICE_STATUS', 1),
  });
  const london = await insertRow(db, 'offices', {
    gfirmName: 'Bureau London',
    physicalCity: 'London',
    physicalCountry: dict('COUNTRY', 826),
    currency: usd,
    status: dict('OFFICE_STATUS', 1),
  });
  const firm = await insertRow(db, 'departments', {
    gname: 'Bureau',
    type: dict('DEPARTMENT_TYPE', 2),
    status: dict('DEPARTMENT_STATUS', 1),
    top: true,
    businessTeam: false,
  });
  const sector = await insertRow(db, 'departments', {
    gname: 'Energy',
    type: dict('DEPARTMENT_TYPE', 7),
    status: dict('DEPARTMENT_STATUS', 1),
    parent: firm,
    officeId: almaty,
    top: false,
    businessTeam: false,
  });
  const sector2 = await insertRow(db, 'departments', {
    gname: 'Banking',
    type: dict('DEPARTMENT_TYPE', 7),
    status: dict('DEPARTMENT_STATUS', 2),
    parent: firm,
    officeId: london,
    top: false,
    businessTeam: true,
  });
  const anna = await insertRow(db, 'employees', {
    gfirstName: 'Anna',
    glastName: 'Abenova',
    office: almaty,
    status: dict('EMPLOYEE_STATUS', 1),
    firstEmail: 'anna@bureau.test',
    birthDate: '1990-05-17',
  });
  const boris = await insertRow(db, 'employees', {
    gfirstName: 'Boris',
    glastName: 'Baker',
    office: london,
    status: dict('EMPLOYEE_STATUS', 1),
    firstEmail: 'boris@bureau.test',
  });
  const carl = await insertRow(db, 'employees', {
    gfirstName: 'Carl',
    glastName: 'Chen',
    office: london,
    status: dict('EMPLOYEE_STATUS', 3),
  });
  const annaSector = await insertRow(db, 'positions', {
    employee: anna,
    department: sector,
    office: almaty,
    level: 22,
    dateGte: '2024-01-01',
    status: dict('POSITION_STATUS', 1),
    main: true,
    virtual: false,
  });
  // started before 2024, so filters on positions' dateGte keep finding annaSector alone
  const borisFirm = await insertRow(db, 'positions', {
    employee: boris,
    department: firm,
    office: london,
    level: 22,
    dateGte: '2023-06-01',
    status: dict('POSITION_STATUS', 1),
    main: true,
    virtual: false,
  });
  const carlFirm = await insertRow(db, 'positions', {
    employee: carl,
    department: firm,
    office: london,
    level: 22,
    dateGte: '2023-06-01',
    status: dict('POSITION_STATUS', 1),
    main: true,
    virtual: false,
  });
  const acme = await insertRow(db, 'clients', {
    gname: 'Acme LLP',
    country: dict('COUNTRY', 398),
    sector,
    underSanctions: false,
    vatEnabled: true,
    vatPercent: '0.12',
    businessForm: dict('BUSINESS_FORM', 1),
    iinBin: '123456789012',
  });
  const globex = await insertRow(db, 'clients', {
    gname: 'Globex Corporation',
    country: dict('COUNTRY', 826),
    sector: sector2,
    underSanctions: true,
    sanctionComments: 'listed',
    vatEnabled: false,
    vatPercent: '0',
  });
  const initech = await insertRow(db, 'clients', {
    gname: 'Initech',
    country: dict('COUNTRY', 398),
    underSanctions: false,
    vatEnabled: false,
    vatPercent: '0',
  });
  const wile = await insertRow(db, 'contacts', {
    client: acme,
    gname: 'Wile Coyote',
    firstEmail: 'wile@acme.test',
    stage: dict('CONTACT_STAGE', 1),
    emailSubscribed: false,
  });
  const hank = await insertRow(db, 'contacts', {
    client: globex,
    gname: 'Hank Scorpio',
    emailSubscribed: true,
    language: dict('LANGUAGE', 1),
  });
  const acmeDeal = await insertRow(db, 'leads', {
    date: '2026-10-01',
    dealStage: dict('DEAL_STAGE', 1),
    contact: wile,
    businessRelationshipManager: anna,
    leadSource: dict('LEAD_SOURCE', 1),
    description: 'Acme pipeline review',
    notifyTimeInterval: 0,
  });
  const associate = await insertRow(db, 'titles', { name: 'Associate', order: 1, exist: true, rate: true });
  const partner = await insertRow(db, 'titles', { name: 'Partner', order: 2, exist: true, rate: true });
  const annaAssociate = await insertRow(db, 'employeeTitles', {
    employee: anna,
    title: associate,
    dateGte: '2020-01-01',
    dateLte: '2023-12-31',
  });
  const annaPartner = await insertRow(db, 'employeeTitles', { employee: anna, title: partner, dateGte: '2024-01-01' });
  const borisAssociate = await insertRow(db, 'employeeTitles', {
    employee: boris,
    title: associate,
    dateGte: '2023-06-01',
  });
  const annaFund = await insertRow(db, 'positionFunds', {
    position: annaSector,
    type: dict('POSITION_FUND_TYPE', 1),
    dateGte: '2024-01-01',
    put: '0.1',
    get: '0.05',
    scheme: dict('FUND_SCHEME', 2),
    transferOffice: almaty,
    transferDepartment: firm,
  });
  const annaRate = await insertRow(db, 'positionRates', {
    position: annaSector,
    office: almaty,
    rate: '150',
    currency: usd,
    dateGte: '2024-01-01',
  });
  const acmeProject = await insertRow(db, 'projects', {
    number: 'P-0001',
    description: 'Acme restructuring',
    dealStage: dict('DEAL_STAGE', 7),
    payerClient: acme,
    beneficiaryClient: acme,
    contact: wile,
    invoiceCurrency: usd,
    vatEnabled: false,
    vatPercent: '0',
    tenderFund: false,
    periods: JSON.stringify([{ periodIndexNumber: 0, dateGte: '2026-01-01', dateLte: null }]),
  });
  await insertRow(db, 'projectManagers', {
    project: acmeProject,
    managerPosition: annaSector,
    percentage: '1',
    periodIndexNumber: 0,
    dateGte: '2026-01-01',
  });
  const globexProject = await insertRow(db, 'projects', {
    number: 'P-0002',
    description: 'Globex compliance',
    dealStage: dict('DEAL_STAGE', 7),
    payerClient: globex,
    beneficiaryClient: globex,
    vatEnabled: false,
    vatPercent: '0',
    tenderFund: false,
    periods: JSON.stringify([]),
  });
  await insertRow(db, 'projectManagers', { project: globexProject, managerPosition: borisFirm, percentage: '1' });
  const matterRow = (project: number, number: string, description: string, responsible: number) => ({
    number,
    project,
    date: '2026-10-05',
    description,
    status: dict('MATTER_STATUS', 1),
    responsiblePosition: responsible,
    billType: dict('BILL_TYPE', 1),
    amountFee: '15000.00',
    currency: usd,
    notNeedDocumentUpload: false,
    internationalMatter: false,
    internationalPercent: '0.5',
    hunted: false,
    hunterPercent: '0.5',
    feeWithTax: false,
  });
  const acmeMatter = await insertRow(
    db,
    'matters',
    matterRow(acmeProject, 'M-0001', 'Acme share purchase', annaSector),
  );
  const globexMatter = await insertRow(db, 'matters', matterRow(globexProject, 'M-0002', 'Globex audit', borisFirm));
  // acmeMatter awaits boris's approval, the first step of its chain
  const acmeChain = await insertRow(db, 'verificationChains', {
    description: 'Acme share purchase',
    decision: dict('VERIFICATION_DECISION', 1),
    ownerType: 'MATTER',
    ownerId: acmeMatter,
  });
  await insertRow(db, 'verificationApprovers', {
    verificationChain: acmeChain,
    orderliness: 1,
    employee: boris,
    decision: dict('VERIFICATION_DECISION', 1),
  });
  await db.query('UPDATE matters SET verification_chain_id = $1 WHERE id = $2', [acmeChain, acmeMatter]);
  await insertRow(db, 'matterTeams', { matter: acmeMatter, teamPosition: carlFirm });
  await insertRow(db, 'matterTeams', { matter: globexMatter, teamPosition: borisFirm });
  const timeRow = (employee: number, position: number, matter: number, project: number, client: number) => ({
    dateTime: '2026-11-02T09:00:00Z',
    workType: dict('WORK_TYPE', 1),
    executorPosition: position,
    employee,
    workDescription: 'Drafting',
    duration: 3600000,
    billable: true,
    billingStatus: dict('BILLING_STATUS', 2),
    client,
    project,
    matter,
  });
  const annaTime = await insertRow(db, 'times', timeRow(anna, annaSector, acmeMatter, acmeProject, acme));
  const borisTime = await insertRow(db, 'times', timeRow(boris, borisFirm, globexMatter, globexProject, globex));
  const annaTask = await insertRow(db, 'times', {
    dateTime: '2026-11-03T10:00:00Z',
    workType: dict('WORK_TYPE', 5),
    employee: anna,
    workDescription: 'Call Wile about the review',
    duration: 900000,
    billable: false,
    client: acme,
    lead: acmeDeal,
  });
  // Almaty's bank account with a USD transit account, its inbound income distribution with one
  // row, and a template without a file yet (the file is uploaded by the tests that need it)
  const almatyAccount = await insertRow(db, 'officeAccounts', {
    office: almaty,
    expenseIncreasePercent: 0.05,
    active: true,
    account: JSON.stringify({ gbankName: 'Halyk Bank', number: 'KZ86601A871001726091', swiftCode: 'HSBKKZKX' }),
  });
  await insertRow(db, 'officeTransitAccounts', {
    officeAccount: almatyAccount,
    currency: usd,
    correspondingAccount: '30111840',
  });
  const almatyInbound = await insertRow(db, 'officeIncomeDistributions', {
    office: almaty,
    trafficType: dict('TRAFFIC_TYPE', 1),
    softDevelopmentLawyerPercent: 0.21,
  });
  await insertRow(db, 'officeIncomeDistributionPercents', {
    officeIncomeDistribution: almatyInbound,
    incomeDistributionType: dict('INCOME_DISTRIBUTION_TYPE', 1),
    percent: 0.5,
    transferable: true,
  });
  await insertRow(db, 'officeTemplates', { office: almaty, documentType: dict('DOCUMENT_TYPE', 1) });
  // a saved view of admin's, shared with no one
  await insertRow(db, 'savedViews', {
    name: 'Acme clients',
    resource: 'clients',
    params: { filter: '{"search":"Acme"}', sort: 'gname', order: 'ASC', perPage: 20 },
    owner: 'admin',
  });
  // an idea by anna with boris's vote (votes are written by the vote action only)
  const idea = await insertRow(db, 'ideas', { idea: 'Paperless onboarding', date: '2026-11-02', author: anna });
  await insertRow(db, 'ideaVotes', { idea, employee: boris });
  // an Almaty budget paid by Almaty and by boris's position, and Almaty's October debt to London
  // for it (one creditor, unpaid, with its two detail lines)
  const almatyBudget = await insertRow(db, 'budgets', {
    date: '2026-10-12',
    budgetType: dict('BUDGET_TYPE', 1),
    amount: '800.00',
    currency: kzt,
    coverBudgetOffice: almaty,
    cash: false,
    closed: false,
    description: 'Energy forum stand',
  });
  await insertRow(db, 'budgetPayers', {
    budget: almatyBudget,
    payerType: dict('PAYER_TYPE', 1),
    payerOffice: almaty,
    percentage: '0.5',
    closedByFund: false,
  });
  await insertRow(db, 'budgetPayers', {
    budget: almatyBudget,
    payerType: dict('PAYER_TYPE', 3),
    payerOffice: london,
    payerPosition: borisFirm,
    percentage: '0.5',
    closedByFund: false,
  });
  const almatyOctober = await insertRow(db, 'cashboxPeriods', {
    office: almaty,
    currency: kzt,
    reportDateGte: '2026-10-01',
    reportDateLte: '2026-10-31',
  });
  const almatyDebt = await insertRow(db, 'cashboxOfficeDebts', { cashboxPeriod: almatyOctober, budget: almatyBudget });
  await insertRow(db, 'cashboxOfficeDebtCreditors', {
    cashboxOfficeDebt: almatyDebt,
    office: london,
    amount: '400.00',
    paymentStatus: dict('DEBT_PAYMENT_STATUS', 1),
  });
  for (const detailSide of ['DEBTOR', 'CREDITOR'])
    await insertRow(db, 'cashboxOfficeDebtDetails', {
      cashboxOfficeDebt: almatyDebt,
      detailSide,
      creditorOffice: london,
      amount: '400.00',
      description: "Boris's share of the forum stand",
    });
  await insertCashboxLines(db, dict, { almatyOctober, firm, almaty, boris, borisFirm, almatyBudget });
  const catalogFolder = await insertRow(db, 'storageFolders', {
    name: 'Fixture folder',
    type: dict('STORAGE_FOLDER_TYPE', 2),
  });
  // its bytes are put in each harness's storage when it starts (storeFixtureFiles)
  const memoFile = await insertRow(db, 'storedFiles', {
    name: 'memo.txt',
    contentType: 'text/plain',
    size: Buffer.byteLength(MEMO_TEXT),
    sha256: createHash('sha256').update(MEMO_TEXT).digest('hex'),
    storageKey: `00/00/${'0'.repeat(32)}`,
  });
  const acmeMemo = await insertRow(db, 'matterSharedMaterials', {
    name: 'Acme memo',
    file: memoFile,
    matter: acmeMatter,
    folder: catalogFolder,
  });
  const almatyPage = await insertRow(db, 'contentPublicationForms', {
    sourceType: dict('PUBLISH_LEVEL', 1),
    sourceTypeName: 'country',
    contentForm: 'Country page',
    status: dict('CONTENT_STATUS', 2),
    creationDate: '2026-10-01T09:00:00Z',
    country: dict('COUNTRY', 398),
    office: almaty,
    imageHide: 100,
    focus: false,
  });
  const almatyPageKz = await insertRow(db, 'contentTags', {
    contentPublicationForm: almatyPage,
    country: dict('COUNTRY', 398),
  });
  await db.query('INSERT INTO content_tags_departments (owner_id, target_id) VALUES ($1, $2)', [almatyPageKz, sector]);
  const supplier = await insertRow(db, 'suppliers', { gname: 'Swift Couriers', bin: '990140000123' });
  const acmeInvoice = await insertRow(db, 'invoices', {
    number: 'INV-2026-0001',
    date: '2026-11-05',
    periodGte: '2026-10-01',
    periodLte: '2026-10-31',
    billType: dict('BILL_TYPE', 1),
    project: acmeProject,
    payerClient: acme,
    previewType: 'Project',
    currency: usd,
    totalAmount: '1000.00',
    totalAmountUsd: '1000.00',
    status: dict('INVOICE_STATUS', 1),
    signed: false,
    paid: false,
  });
  await db.query('INSERT INTO invoices_matter_list (owner_id, target_id) VALUES ($1, $2)', [acmeInvoice, acmeMatter]);
  const acmeExpense = await insertRow(db, 'expenses', {
    date: '2026-10-20',
    payerMatter: acmeMatter,
    expenseType: dict('EXPENSE_TYPE', 4),
    supplier,
    description: 'Courier to the court',
    amount: '120.00',
    currency: usd,
    amountUsd: '120.00',
    cash: false,
    increaseInvoice: false,
    prepaid: false,
    fundExpense: false,
    unCalculate: false,
    vatEnabled: false,
    billingStatus: dict('BILLING_STATUS', 2),
  });
  const acmeExpensePayer = await insertRow(db, 'expensePayers', {
    expense: acmeExpense,
    payerPosition: annaSector,
    percentage: '1',
  });
  const acmePreInvoice = await insertRow(db, 'preInvoices', {
    number: 'PI-2026-0001',
    date: '2026-10-25',
    project: acmeProject,
    matter: acmeMatter,
    payerClient: acme,
    hoursAmount: '10',
    currency: usd,
    amount: '1000.00',
    vatPercent: '0',
    vatAmount: '0.00',
    manualClosedAmount: '0.00',
    // held by acmeInvoice, so closed by it with nothing left to owe on it (MC-5): what it owes is
    // owed on the invoice, and its payment counts toward the invoice
    balance: '0.00',
    status: dict('PRE_INVOICE_STATUS', 6),
    signed: false,
    invoice: acmeInvoice,
  });
  // its way there, as the product writes it: approved, then closed by the invoice that holds it
  for (const [from, to, comment] of [
    [1, 2, null],
    [2, 4, null],
    [4, 6, 'Invoiced by INV-2026-0001'],
  ] as const)
    await db.query(
      `INSERT INTO status_changes (collection, record_id, field, from_id, to_id, comment, changed_by, changed_date)
       VALUES ('preInvoices', $1, 'status', $2, $3, $4, 'admin', $5)`,
      [
        acmePreInvoice,
        dict('PRE_INVOICE_STATUS', from),
        dict('PRE_INVOICE_STATUS', to),
        comment,
        `2026-10-2${to}T09:00:00Z`,
      ],
    );
  const acmeQuota = await insertRow(db, 'invoiceQuotas', {
    invoiceId: acmeInvoice,
    dateGte: '2026-10-01',
    dateLte: '2026-10-31',
    percentage: '1',
    position: annaSector,
  });
  const acmePayment = await insertRow(db, 'paymentHistories', {
    paymentDate: '2026-11-01',
    amount: '250.00',
    notes: 'First instalment',
    preInvoice: acmePreInvoice,
  });
  // a document rendered for the invoice (its file is the memo's row: the matrix reads rows only)
  const acmeInvoiceDocument = await insertRow(db, 'generatedDocuments', {
    collection: 'invoices',
    ownerId: acmeInvoice,
    documentType: dict('DOCUMENT_TYPE', 1),
    document: memoFile,
  });
  const admin = await createTestUser(db, { username: 'admin', password: 'admin', roles: [{ name: 'ADMIN' }] });
  const billing = await createTestUser(db, {
    username: 'billing',
    password: 'billing',
    employeeId: boris,
    roles: [{ name: 'BILL', privileges: [{ module: 'client', view: true, create: true, update: true, delete: true }] }],
  });
  const view = { view: true, create: false, update: false, delete: false };
  const member = await createTestUser(db, {
    username: 'member',
    password: 'member',
    employeeId: anna,
    roles: [
      {
        name: 'MEMBER',
        privileges: ['department', 'team', 'position', 'office'].map((module) => ({ module, ...view })),
      },
    ],
  });
  const full = { view: true, create: true, update: true, delete: true };
  const lawyer = await createTestUser(db, {
    username: 'lawyer',
    password: 'lawyer',
    employeeId: carl,
    roles: [
      {
        name: 'LAWYER',
        privileges: ['project', 'matter', 'time', 'TIME', 'LEAD_EMAIL'].map((module) => ({ module, ...full })),
      },
    ],
  });
  const noaccess = await createTestUser(db, {
    username: 'noaccess',
    password: 'noaccess',
    roles: [{ name: 'NO_ACCESS' }],
  });
  return {
    entries,
    types,
    currencies: { usd, kzt },
    offices: { almaty, london },
    departments: { firm, sector, sector2 },
    employees: { anna, boris, carl },
    positions: { annaSector, borisFirm, carlFirm },
    clients: { acme, globex, initech },
    contacts: { wile, hank },
    leads: { acmeDeal },
    titles: { associate, partner },
    projects: { acmeProject, globexProject },
    matters: { acmeMatter, globexMatter },
    verificationChains: { acmeChain },
    times: { annaTime, borisTime, annaTask },
    users: { admin, billing, member, noaccess, lawyer },
    employeeTitles: { annaAssociate, annaPartner, borisAssociate },
    positionFunds: { annaFund },
    positionRates: { annaRate },
    catalogs: { folder: catalogFolder, acmeMemo, memoFile },
    contentPublicationForms: { almatyPage },
    contentTags: { almatyPageKz },
    billing: {
      supplier,
      acmeExpense,
      acmeExpensePayer,
      acmePreInvoice,
      acmeInvoice,
      acmeQuota,
      acmePayment,
      acmeInvoiceDocument,
    },
  };
}
