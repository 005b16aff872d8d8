import { contacts, leads } from '../../../schemas/index';
import type { Reference } from './reference';
import { daysAgo, isoDate, REFERENCE_DATE, type Rng } from './random';
import { columnOf, insertRows, quote, syncIdSequence, type SeedRow, type Tx } from './sql';

/**
 * Demo leads: first one per walk along the deal stages (every stage 1-10 is some lead's current
 * one), then leads opened over the year, each walking the declared moves of schemas/crm/leads.ts
 * at random. Every lead has the history rows its moves would have written (status_changes: the
 * create, then one per move with its comment), so the card and the kanban show a believable past.
 */

const WALKS: Array<{ path: number[]; description: string }> = [
  { path: [], description: 'Tax structuring for a new holding' },
  { path: [2], description: 'Employment audit after a merger' },
  { path: [2, 3], description: 'Arbitration support, construction dispute' },
  { path: [2, 4], description: 'Compliance training for the sales team' },
  { path: [2, 6], description: 'Licensing of a mining site' },
  { path: [2, 6, 5], description: 'Share purchase, due diligence' },
  { path: [2, 3, 9], description: 'Bank refinancing documentation' },
  { path: [2, 3, 9, 7], description: 'Trademark portfolio clean-up' },
  { path: [2, 3, 9, 7, 8], description: 'Lease renegotiation, head office' },
  { path: [2, 10], description: 'Data protection review (lost to a competitor)' },
];

const SUBJECTS = [
  'Acquisition of a logistics company',
  'Defence in a tax audit',
  'Joint venture in renewables',
  'Supply agreement dispute',
  'Bond issue advice',
  'Office lease in the new business centre',
  'Sanctions screening of suppliers',
  'Restructuring of the group',
  'Employment policies update',
  'Merger clearance filing',
  'Licence for a telecom network',
  'Construction claim against the contractor',
];

const COMMENTS: Record<number, string> = {
  2: 'First call held',
  3: 'Terms under discussion',
  4: 'Presentation booked',
  5: 'Client is deciding',
  6: 'Proposal sent by e-mail',
  7: 'Engagement letter signed',
  8: 'First invoice issued',
  9: 'Client accepted the proposal',
  10: 'Client chose another firm',
};

/** Leads opened over the year besides the walks above. */
const YEAR_LEADS = 140;
const DAY_MS = 86_400_000;

/** What the task section needs of a seeded lead. */
export interface SeededLead {
  id: number;
  client: number;
  /** The business relationship manager (an employee id), if any. */
  manager: number | null;
}

/** The moves the lead schema allows, by stage code. */
function nextStages(): Map<number, number[]> {
  const next = new Map<number, number[]>();
  for (const t of leads.status?.transitions ?? [])
    for (const from of t.from ?? []) next.set(from, [...(next.get(from) ?? []), ...t.to]);
  return next;
}

/**
 * Seeds the demo leads and their stage history. `managers` are the employees who manage client
 * relationships (senior lawyers); the first leads go to the first employees (the demo accounts).
 */
export async function seedLeads(tx: Tx, rng: Rng, ref: Reference, managers: number[]): Promise<SeededLead[]> {
  const people = await tx.query<{ id: number; client: number }>(
    `SELECT id, ${quote(columnOf(contacts, 'client'))} AS client FROM ${quote(contacts.table)} ORDER BY id LIMIT 2000`,
  );
  if (people.length === 0) return [];
  const next = nextStages();
  const leadRows: SeedRow[] = [];
  const history: unknown[][] = [];
  const seeded: SeededLead[] = [];
  const add = (
    start: Date,
    stages: number[],
    description: string,
    contact: { id: number; client: number },
    manager: number | null,
  ) => {
    const id = leadRows.length + 1;
    const moved = stages.map((_, step) =>
      step === 0
        ? start.getTime()
        : Math.min(start.getTime() + step * rng.int(3, 25) * DAY_MS, REFERENCE_DATE.getTime() - DAY_MS),
    );
    for (let step = 1; step < moved.length; step++) moved[step] = Math.max(moved[step]!, moved[step - 1]! + 3_600_000);
    leadRows.push({
      id,
      date: isoDate(start),
      dealStage: ref.dict('DEAL_STAGE', stages[stages.length - 1]!),
      contact: contact.id,
      businessRelationshipManager: manager,
      leadSource: ref.dict('LEAD_SOURCE', rng.int(1, 4)),
      description,
      notifyTimeInterval: 0,
      createdDate: start.toISOString(),
      lastModifiedDate: new Date(moved[moved.length - 1]!).toISOString(),
      createdBy: 'billing',
      lastModifiedBy: 'billing',
    });
    stages.forEach((code, step) =>
      history.push([
        leads.name,
        id,
        'dealStage',
        step === 0 ? null : ref.dict('DEAL_STAGE', stages[step - 1]!),
        ref.dict('DEAL_STAGE', code),
        step === 0 ? null : (COMMENTS[code] ?? null),
        'billing',
        new Date(moved[step]!).toISOString(),
      ]),
    );
    seeded.push({ id, client: contact.client, manager });
  };

  WALKS.forEach((walk, i) =>
    add(
      daysAgo(60 - i * 3),
      [1, ...walk.path],
      walk.description,
      people[i % people.length]!,
      managers[i % managers.length] ?? null,
    ),
  );
  for (let n = 0; n < YEAR_LEADS; n++) {
    const start = rng.between(daysAgo(365), daysAgo(2));
    const stages = [1];
    // older leads have moved further; each step may also be the last one
    for (let stage = 1; next.get(stage)?.length && rng.chance(start < daysAgo(60) ? 0.75 : 0.5);) {
      // most leads that move on are not lost at this step
      const choices = next.get(stage)!;
      const onward = choices.filter((c) => c !== 10);
      stage = onward.length && !rng.chance(0.25) ? rng.pick(onward) : rng.pick(choices);
      stages.push(stage);
    }
    add(start, stages, rng.pick(SUBJECTS), rng.pick(people), managers.length ? rng.pick(managers) : null);
  }

  await insertRows(tx, leads, leadRows);
  await syncIdSequence(tx, leads);
  for (let k = 0; k < history.length; k += 2000) {
    const chunk = history.slice(k, k + 2000);
    await tx.query(
      `INSERT INTO status_changes (collection, record_id, field, from_id, to_id, comment, changed_by, changed_date) VALUES ${chunk
        .map((_, r) => `(${Array.from({ length: 8 }, (__, c) => `$${r * 8 + c + 1}`).join(', ')})`)
        .join(', ')}`,
      chunk.flat(),
    );
  }
  return seeded;
}
