import { times } from '../../../schemas/index';
import type { Reference } from './reference';
import type { MatterPlan, ProjectPlan } from './engagements';
import { YEAR_START } from './engagements';
import type { SeededLead } from './leads';
import type { StaffPosition } from './staff';
import { OBJECTS, TASKS, VERBS } from './engagementTexts';
import { REFERENCE_DATE, type FastRng } from './random';
import { insertColumns, type Tx } from './sql';

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;
/** Rows generated before they are inserted (bounds memory at a million entries). */
const BATCH = 100_000;
/** Tasks (work types 2-5) written besides the time entries, as a share of the entries. */
const TASK_SHARE = 0.04;

// prettier-ignore
const TYPES: Record<string, string> = {
  dateTime: 'timestamptz', workType: 'bigint', executorPosition: 'bigint', employee: 'bigint', workDescription: 'text',
  duration: 'bigint', billable: 'boolean', billingStatus: 'bigint', client: 'bigint', lead: 'bigint', project: 'bigint',
  matter: 'bigint', createdDate: 'timestamptz', lastModifiedDate: 'timestamptz', createdBy: 'text', lastModifiedBy: 'text',
};

/** Monday-to-Friday days of the year of work, as epoch ms at midnight UTC. */
function workingDays(): number[] {
  const days: number[] = [];
  for (let d = YEAR_START - (YEAR_START % DAY_MS); d < REFERENCE_DATE.getTime(); d += DAY_MS) {
    const weekday = new Date(d).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d);
  }
  return days;
}

/** First index of `days` at or after `t` (binary search). */
function indexAt(days: number[], t: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Juniors log more hours than partners. */
const LEVEL_WEIGHT = [0, 4, 4, 3, 2, 1];

export interface WorkOptions {
  /** Time entries to write (work type 1); tasks come on top ({@link TASK_SHARE} of them). */
  total: number;
  matters: MatterPlan[];
  projects: ProjectPlan[];
  leads: SeededLead[];
  /** Current position of an employee (tasks of lead managers). */
  positionOf: Map<number, StaffPosition>;
  /** Demo usernames by employee id (their rows are created by them). */
  usernames: Map<number, string>;
  log?: (message: string) => void;
}

/**
 * Seeds a year of work (TIME-01..): `total` time entries (work type 1) on working days by the
 * members of each matter's team while they held the position, shared out over the matters by
 * size and open period; durations in quarter hours (15 min to 6 h); 90% billable, the billing
 * status by age (recent work unbilled, older work in a pre-invoice, invoiced or written off; closed
 * matters billed out); and 4% as many tasks (work types 2-5) on leads, projects and matters,
 * not billable, a few planned after the reference date. Deterministic for a given `rng` and options.
 * @returns the numbers of time entries and tasks written
 */
export async function seedWork(
  tx: Tx,
  rng: FastRng,
  ref: Reference,
  o: WorkOptions,
): Promise<{ times: number; tasks: number }> {
  const days = workingDays();
  const billing = [1, 2, 3, 4, 5].map((code) => ref.dict('BILLING_STATUS', code));
  const workType = [1, 2, 3, 4, 5].map((code) => ref.dict('WORK_TYPE', code));
  const cols: Record<string, unknown[]> = Object.fromEntries(Object.keys(TYPES).map((k) => [k, []]));
  let written = 0;
  const flush = async (force = false) => {
    const n = cols.dateTime!.length;
    if (n === 0 || (!force && n < BATCH)) return;
    await insertColumns(tx, times, TYPES, cols);
    written += n;
    for (const k of Object.keys(cols)) cols[k] = [];
    o.log?.(`times ${written}/${o.total + tasks}`);
  };
  const push = (row: Record<keyof typeof TYPES, unknown>) => {
    for (const k in TYPES) cols[k]!.push(row[k] ?? null);
  };
  const audit = (at: number, employee: number | null) => {
    const by = (employee !== null && o.usernames.get(employee)) || 'seed';
    const created = Math.min(at + rng.int(1, 72) * 3_600_000, REFERENCE_DATE.getTime());
    return {
      createdDate: new Date(created).toISOString(),
      lastModifiedDate: new Date(created).toISOString(),
      createdBy: by,
      lastModifiedBy: by,
    };
  };
  const at = (day: number) => day + rng.int(12, 54) * QUARTER_MS; // 03:00-13:30 UTC: office hours from Almaty to London

  // time entries: each matter's share of the work, by weight and by how long it was open this year
  const tasks = Math.round(o.total * TASK_SHARE);
  const entries = o.total;
  const plans = o.matters
    .map((m) => {
      const lo = indexAt(days, Math.max(m.start, YEAR_START));
      const hi = indexAt(days, Math.min(m.end, REFERENCE_DATE.getTime())) - 1;
      const team = m.team
        .map((p) => ({ p, lo: Math.max(lo, indexAt(days, p.from)), hi: Math.min(hi, indexAt(days, p.to + 1) - 1) }))
        .filter((t) => t.lo <= t.hi);
      return { m, team, share: team.length ? m.weight * (hi - lo + 1) : 0 };
    })
    .filter((x) => x.share > 0);
  const sum = plans.reduce((s, x) => s + x.share, 0);
  let left = entries;
  // first who worked on which matter on which day (compact), then the rows in date order, as a
  // firm's table fills up: a matter's entries are spread over the table, not stored together
  const matterOf = new Int32Array(entries);
  const memberOf = new Int32Array(entries);
  const dayOf = new Int32Array(entries);
  let e = 0;
  for (const [i, x] of plans.entries()) {
    const n = i === plans.length - 1 ? left : Math.min(left, Math.round((entries * x.share) / sum));
    left -= n;
    const weights = x.team.map((t) => LEVEL_WEIGHT[t.p.level] ?? 1);
    const total = weights.reduce((a, b) => a + b, 0);
    for (let k = 0; k < n; k++, e++) {
      let r = rng.next() * total;
      let j = 0;
      while (r >= weights[j]! && j < weights.length - 1) r -= weights[j++]!;
      matterOf[e] = i;
      memberOf[e] = j;
      dayOf[e] = rng.int(x.team[j]!.lo, x.team[j]!.hi);
    }
  }
  // counting sort by day
  const starts = new Int32Array(days.length + 1);
  for (let k = 0; k < e; k++) starts[dayOf[k]! + 1]!++;
  for (let d = 0; d < days.length; d++) starts[d + 1]! += starts[d]!;
  const order = new Int32Array(e);
  for (let k = 0; k < e; k++) order[starts[dayOf[k]!]!++] = k;

  for (let o = 0; o < e; o++) {
    const k = order[o]!;
    const x = plans[matterOf[k]!]!;
    const t = x.team[memberOf[k]!]!;
    const day = days[dayOf[k]!]!;
    const age = (REFERENCE_DATE.getTime() - day) / DAY_MS;
    const billable = rng.chance(0.9);
    const status = !billable
      ? 1
      : x.m.closed
        ? rng.chance(0.93)
          ? 4
          : 5
        : age > 120
          ? rng.pick([4, 4, 4, 4, 4, 4, 4, 3, 2, 5])
          : age > 45
            ? rng.pick([4, 4, 4, 3, 3, 3, 3, 2, 2, 2])
            : rng.pick([2, 2, 2, 2, 2, 2, 2, 2, 3, 3]);
    const when = at(day);
    push({
      dateTime: new Date(when).toISOString(),
      workType: workType[0],
      executorPosition: t.p.id,
      employee: t.p.employee,
      workDescription: `${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`,
      duration: rng.pick([1, 1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8, 12, 16, 24]) * QUARTER_MS,
      billable,
      billingStatus: billing[status - 1],
      client: x.m.client,
      project: x.m.project,
      matter: x.m.id,
      ...audit(when, t.p.employee),
    });
    await flush();
  }
  await flush(true);

  // tasks: on leads (their manager), projects (the relationship manager) and matters (a team member)
  const matterPlans = plans.map((x) => x.m);
  for (let k = 0; k < tasks; k++) {
    const kind = rng.int(1, 10);
    const code = rng.int(2, 5);
    let row: {
      client: number | null;
      lead?: number;
      project?: number;
      matter?: number;
      position: StaffPosition | undefined;
      employee: number | null;
    };
    if (kind <= 4 && o.leads.length) {
      const l = rng.pick(o.leads);
      row = {
        client: l.client,
        lead: l.id,
        position: l.manager === null ? undefined : o.positionOf.get(l.manager),
        employee: l.manager,
      };
    } else if (kind <= 7 && o.projects.length) {
      const p = rng.pick(o.projects);
      row = { client: p.client, project: p.id, position: p.brm, employee: p.brm.employee };
    } else if (matterPlans.length) {
      const m = rng.pick(matterPlans);
      const p = rng.pick(m.team);
      row = { client: m.client, project: m.project, matter: m.id, position: p, employee: p.employee };
    } else continue;
    const planned = rng.chance(0.05);
    // planned tasks fall on the working days of the next two weeks
    const day = planned ? days[days.length - 10 + rng.int(0, 9)]! + 14 * DAY_MS : days[rng.int(0, days.length - 1)]!;
    const when = at(day);
    push({
      dateTime: new Date(when).toISOString(),
      workType: workType[code - 1],
      executorPosition: row.position?.id ?? null,
      employee: row.employee,
      workDescription: rng.pick(TASKS[code]!),
      duration: rng.pick([1, 2, 2, 4]) * QUARTER_MS,
      billable: false,
      billingStatus: null,
      client: row.client,
      lead: row.lead ?? null,
      project: row.project ?? null,
      matter: row.matter ?? null,
      ...audit(Math.min(when, REFERENCE_DATE.getTime() - DAY_MS), row.employee),
    });
    await flush();
  }
  await flush(true);
  return { times: e, tasks: written - e };
}
