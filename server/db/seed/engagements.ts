import {
  clients,
  contacts,
  matterRates,
  matterTeams,
  matters,
  projectManagers,
  projects,
  verificationApprovers,
  verificationChains,
} from '../../../schemas/index';
import { baseDictionaries } from '../../../schemas/index';
import type { Reference } from './reference';
import type { Staff, StaffPosition } from './staff';
import { MATTER_SUBJECTS, PROJECT_KINDS } from './engagementTexts';
import { daysAgo, isoDate, REFERENCE_DATE, type Rng } from './random';
import { columnOf, insertRows, quote, syncIdSequence, type SeedRow, type Tx } from './sql';

const DAY_MS = 86_400_000;
/** Start of the year of work the time entries cover. */
export const YEAR_START = daysAgo(365).getTime();

/** What the time section needs to know of a seeded matter. */
export interface MatterPlan {
  id: number;
  project: number;
  client: number;
  /** The matter's working period in epoch ms (`end` = the reference date unless closed). */
  start: number;
  end: number;
  team: StaffPosition[];
  /** Relative amount of work (time entries are shared out by it). */
  weight: number;
  closed: boolean;
}

/** What the time section needs to know of a seeded project. */
export interface ProjectPlan {
  id: number;
  client: number;
  brm: StaffPosition;
  start: number;
  /** ISO 4217 code of the invoice currency. */
  currency: string;
}

export interface SeededEngagements {
  projects: ProjectPlan[];
  matters: MatterPlan[];
  counts: Record<string, number>;
}

/** Currencies projects invoice in, with a rough USD rate for the matter rates. */
const FX: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, KZT: 480 };
const TEAM_SIZES = [
  [20, 2],
  [30, 3],
  [25, 4],
  [14, 5],
  [8, 6],
  [3, 8],
] as const;

const money = (n: number) => n.toFixed(2);
const audit = (created: number, rng: Rng) => {
  const modified = rng.chance(0.5) ? created : rng.between(new Date(created), REFERENCE_DATE).getTime();
  return {
    createdDate: new Date(created).toISOString(),
    lastModifiedDate: new Date(modified).toISOString(),
    createdBy: 'billing',
    lastModifiedBy: 'billing',
  };
};
const activeDuring = (p: StaffPosition, from: number, to: number) => p.from <= to && p.to >= from;

/**
 * Seeds projects (PROJ-01/02: payer and beneficiary clients, currency, VAT like the client, one or
 * two periods with project managers sharing 100% each) and `matterCount` matters over them
 * (MAT-01..11): 2-8 lawyers a team, the responsible on it; status open, on hold or closed (code 3);
 * bill type 1 (fixed fee) or 2 (rate-based, with a rate per rate title in the project's
 * currency); some international or hunted (their fields only then); an approval chain each
 * (approved, pending with a partner or with billing, a few rejected). `demo.member` is put on the
 * teams of some matters of its practice, so the record-level rules give it real pages.
 */
export async function seedEngagements(
  tx: Tx,
  rng: Rng,
  ref: Reference,
  staff: Staff,
  options: {
    matterCount: number;
    clientIds: number;
    rateTitles: Array<{ id: number; usd: number }>;
    demo: Record<string, number>;
  },
): Promise<SeededEngagements> {
  const lawyers = staff.lawyers;
  const senior = lawyers.filter((p) => p.level >= 3);
  const partners = lawyers.filter((p) => p.level === 5);
  const member = lawyers.find((p) => p.employee === options.demo.member && p.to === Infinity);
  const clientInfo = await clientsOf(tx, Math.max(1, options.clientIds));
  if (clientInfo.length === 0 || senior.length === 0) return { projects: [], matters: [], counts: {} };

  const projectCount = Math.max(1, Math.round(options.matterCount / 2.5));
  const projectRows: SeedRow[] = [];
  const managerRows: SeedRow[] = [];
  const projectPlans: ProjectPlan[] = [];
  for (let id = 1; id <= projectCount; id++) {
    const client = rng.pick(clientInfo);
    const start = rng.between(daysAgo(500), daysAgo(30)).getTime();
    const brm = rng.pick(senior.filter((p) => activeDuring(p, start, start)).concat(senior[0]!));
    const currency =
      client.alpha2 === 'KZ' && rng.chance(0.5)
        ? 'KZT'
        : rng.weighted([
            [60, 'USD'],
            [25, 'EUR'],
            [15, 'GBP'],
          ] as const);
    const periods =
      start < daysAgo(200).getTime() && rng.chance(0.5)
        ? (() => {
            const split = rng.between(new Date(start + 60 * DAY_MS), daysAgo(40));
            return [
              {
                periodIndexNumber: 0,
                dateGte: isoDate(new Date(start)),
                dateLte: isoDate(new Date(split.getTime() - DAY_MS)),
              },
              { periodIndexNumber: 1, dateGte: isoDate(split), dateLte: null },
            ];
          })()
        : [{ periodIndexNumber: 0, dateGte: isoDate(new Date(start)), dateLte: null }];
    for (const period of periods) {
      const shares = rng.weighted([
        [60, [1]],
        [25, [0.5, 0.5]],
        [15, [0.6, 0.4]],
      ] as const);
      const managers = [
        brm,
        ...rng.some(
          senior.filter((p) => p !== brm),
          shares.length,
        ),
      ].slice(0, shares.length);
      managers.forEach((m, i) =>
        managerRows.push({
          id: managerRows.length + 1,
          project: id,
          managerPosition: m.id,
          percentage: String(shares[i]),
          periodIndexNumber: period.periodIndexNumber,
          dateGte: period.dateGte,
          dateLte: period.dateLte,
          ...audit(start, rng),
        }),
      );
    }
    const other = rng.chance(0.15) ? rng.pick(clientInfo) : client;
    projectRows.push({
      id,
      number: `P-${String(id).padStart(4, '0')}`,
      description: `${rng.pick(PROJECT_KINDS)}`,
      dealStage: ref.dict(
        'DEAL_STAGE',
        start < daysAgo(300).getTime() && rng.chance(0.3) ? 8 : start > daysAgo(60).getTime() ? 9 : 7,
      ),
      businessRelationshipManagerPosition: brm.id,
      contact: client.contact,
      payerClient: client.id,
      beneficiaryClient: other.id,
      invoiceCurrency: ref.currency(currency),
      invoiceLanguage: ref.language(rng.chance(0.6) ? 'en' : 'ru'),
      timeLanguage: ref.language(rng.chance(0.7) ? 'en' : 'ru'),
      technicalExpensesPercent: rng.pick(['0', '0.03', '0.05']),
      tenderFund: rng.chance(0.05),
      vatEnabled: client.vat !== '0',
      vatPercent: client.vat,
      periods,
      ...audit(start, rng),
    });
    projectPlans.push({ id, client: client.id, brm, start, currency });
  }

  const matterRows: SeedRow[] = [];
  const teamRows: SeedRow[] = [];
  const rateRows: SeedRow[] = [];
  const chainRows: SeedRow[] = [];
  const approverRows: SeedRow[] = [];
  const plans: MatterPlan[] = [];
  for (let id = 1; id <= options.matterCount; id++) {
    const project = projectPlans[(id - 1) % projectPlans.length]!;
    const start = rng.between(new Date(Math.max(project.start, YEAR_START - 120 * DAY_MS)), daysAgo(10)).getTime();
    const closable = Math.max(start + 45 * DAY_MS, YEAR_START + 30 * DAY_MS) < daysAgo(10).getTime();
    const status = rng.weighted<number>(
      closable
        ? [
            [72, 1],
            [8, 2],
            [20, 3],
          ]
        : [
            [90, 1],
            [10, 2],
          ],
    );
    const end =
      status === 3
        ? rng.between(new Date(Math.max(start + 45 * DAY_MS, YEAR_START + 30 * DAY_MS)), daysAgo(10)).getTime()
        : REFERENCE_DATE.getTime();
    const active = lawyers.filter((p) => activeDuring(p, start, end));
    const responsible = rng.pick(active.filter((p) => p.level >= 3).concat(project.brm));
    const practice = responsible.practice;
    const size = rng.weighted(TEAM_SIZES);
    const team = new Set<StaffPosition>([responsible]);
    const own = active.filter((p) => p.practice === practice && p !== responsible);
    if (
      member &&
      activeDuring(member, start, end) &&
      (practice === member.practice ? rng.chance(0.3) : rng.chance(0.02))
    )
      team.add(member);
    for (const p of rng.some(own, size)) if (team.size < size) team.add(p);
    while (team.size < size && team.size < active.length) team.add(rng.pick(active));
    const billType = rng.chance(0.45) ? 2 : 1;
    const currency = project.currency;
    const international = rng.chance(0.12);
    const hunted = rng.chance(0.1);
    const foreign = active.filter((p) => p.level >= 3 && p.office !== responsible.office);
    const subject = rng.pick(MATTER_SUBJECTS[practice] ?? MATTER_SUBJECTS[0]!);
    matterRows.push({
      id,
      number: `M-${String(id).padStart(4, '0')}`,
      project: project.id,
      date: isoDate(new Date(start)),
      deadline: rng.chance(0.8) ? isoDate(new Date(start + rng.int(60, 365) * DAY_MS)) : null,
      description: subject,
      status: ref.dict('MATTER_STATUS', status),
      responsiblePosition: responsible.id,
      serviceDepartment: staff.services[practice]?.length ? rng.pick(staff.services[practice]!) : null,
      productDepartment:
        staff.products[practice]?.length && rng.chance(0.3) ? rng.pick(staff.products[practice]!) : null,
      notNeedDocumentUpload: rng.chance(0.1),
      internationalMatter: international && foreign.length > 0,
      internationalResponsiblePosition: international && foreign.length > 0 ? rng.pick(foreign).id : null,
      internationalPercent: international && foreign.length > 0 ? rng.pick(['0.3', '0.5', '0.7']) : '0.5',
      hunted,
      hunterPosition: hunted ? rng.pick(partners.length ? partners : senior).id : null,
      hunterPercent: hunted ? rng.pick(['0.1', '0.2', '0.5']) : '0.5',
      billType: ref.dict('BILL_TYPE', billType),
      amountFee: billType === 1 ? money(Math.round((rng.int(5, 150) * 1000 * FX[currency]!) / 500) * 500) : null,
      currency: ref.currency(currency),
      feeWithTax: rng.chance(0.2),
      verificationChain: id,
      ...audit(start, rng),
    });
    for (const p of team)
      teamRows.push({ id: teamRows.length + 1, matter: id, teamPosition: p.id, ...audit(start, rng) });
    if (billType === 2)
      for (const t of options.rateTitles)
        rateRows.push({
          id: rateRows.length + 1,
          matter: id,
          title: t.id,
          rate: money(Math.round((t.usd * FX[currency]! * rng.int(90, 110)) / 100)),
          ...audit(start, rng),
        });
    chain(rng, ref, { id, start, subject, practice, partners, demo: options.demo }, chainRows, approverRows);
    plans.push({
      id,
      project: project.id,
      client: project.client,
      start,
      end,
      team: [...team],
      weight: Math.exp(rng.en.number.float({ min: -1.2, max: 1.2 })),
      closed: status === 3,
    });
  }

  await insertRows(tx, projects, projectRows);
  await insertRows(tx, projectManagers, managerRows);
  await insertRows(tx, verificationChains, chainRows);
  await insertRows(tx, verificationApprovers, approverRows);
  await insertRows(tx, matters, matterRows);
  await insertRows(tx, matterTeams, teamRows);
  await insertRows(tx, matterRates, rateRows);
  for (const s of [
    projects,
    projectManagers,
    verificationChains,
    verificationApprovers,
    matters,
    matterTeams,
    matterRates,
  ])
    await syncIdSequence(tx, s);
  return {
    projects: projectPlans,
    matters: plans,
    counts: {
      projects: projectRows.length,
      projectManagers: managerRows.length,
      matters: matterRows.length,
      matterTeams: teamRows.length,
      matterRates: rateRows.length,
      verificationChains: chainRows.length,
      verificationApprovers: approverRows.length,
    },
  };
}

/**
 * The approval chain of a new matter (MAT-06): a partner of its practice, then billing. Matters of
 * the last three weeks are still pending (with the partner, or approved by the partner and with
 * billing); a few older ones were rejected by the partner with a comment; the rest are approved.
 */
function chain(
  rng: Rng,
  ref: Reference,
  m: {
    id: number;
    start: number;
    subject: string;
    practice: number;
    partners: StaffPosition[];
    demo: Record<string, number>;
  },
  chains: SeedRow[],
  approvers: SeedRow[],
): void {
  const own = m.partners.filter((p) => p.practice === m.practice);
  const partner = m.practice === 0 || own.length === 0 ? m.demo.top! : rng.pick(own).employee;
  const recent = m.start > daysAgo(21).getTime();
  const outcome = recent ? (rng.chance(0.5) ? 'partner' : 'billing') : rng.chance(0.03) ? 'rejected' : 'approved';
  const decided = (days: number) =>
    new Date(Math.min(m.start + days * DAY_MS, REFERENCE_DATE.getTime() - 3_600_000)).toISOString();
  const decision = { approved: 2, rejected: 3, partner: 1, billing: 1 }[outcome];
  chains.push({
    id: m.id,
    description: `Matter ${m.subject}`,
    decision: ref.dict('VERIFICATION_DECISION', decision),
    ownerType: 'MATTER',
    ownerId: m.id,
    ...audit(m.start, rng),
  });
  const step = (orderliness: number, employee: number, code: number, comment: string | null, when: string | null) =>
    approvers.push({
      id: approvers.length + 1,
      verificationChain: m.id,
      orderliness,
      employee,
      decision: ref.dict('VERIFICATION_DECISION', code),
      comment,
      decisionDate: when,
      ...audit(m.start, rng),
    });
  step(
    1,
    partner,
    outcome === 'partner' ? 1 : outcome === 'rejected' ? 3 : 2,
    outcome === 'rejected' ? 'Conflict of interest with an existing client' : null,
    outcome === 'partner' ? null : decided(1),
  );
  step(2, m.demo.billing!, outcome === 'approved' ? 2 : 1, null, outcome === 'approved' ? decided(2) : null);
}

/** The first `limit` clients with their country, VAT and first contact. */
async function clientsOf(tx: Tx, limit: number) {
  const c = (f: string) => `c.${quote(columnOf(clients, f))}`;
  const rows = await tx.query<{ id: number; alpha2: string; vat: string; contact: number | null }>(
    `SELECT c.id, d.${quote(columnOf(baseDictionaries, 'charCode'))} AS alpha2, ${c('vatPercent')}::text AS vat,
            (SELECT min(k.id) FROM ${quote(contacts.table)} k WHERE k.${quote(columnOf(contacts, 'client'))} = c.id) AS contact
       FROM ${quote(clients.table)} c LEFT JOIN ${quote(baseDictionaries.table)} d ON d.id = ${c('country')}
      WHERE c.id <= $1 ORDER BY c.id`,
    [limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    alpha2: r.alpha2,
    vat: String(Number(r.vat)),
    contact: r.contact === null ? null : Number(r.contact),
  }));
}
