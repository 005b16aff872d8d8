import { leads } from '../../../schemas/index';
import { columnName } from '../naming';
import type { Reference } from './reference';
import { daysAgo, isoDate } from './random';
import type { Tx } from './sql';

/**
 * Demo leads: one per walk along the deal stages (schemas/crm/leads.ts), each with the history
 * rows the moves would have written, so the card shows a believable past. Contacts and managers
 * are the first rows of their tables; dates run back from the reference date.
 */

const WALKS: Array<{ path: number[]; description: string; by: string }> = [
  { path: [], description: 'Tax structuring for a new holding', by: 'billing' },
  { path: [2], description: 'Employment audit after a merger', by: 'billing' },
  { path: [2, 3], description: 'Arbitration support, construction dispute', by: 'billing' },
  { path: [2, 4], description: 'Compliance training for the sales team', by: 'billing' },
  { path: [2, 6], description: 'Licensing of a mining site', by: 'billing' },
  { path: [2, 6, 5], description: 'Share purchase, due diligence', by: 'billing' },
  { path: [2, 3, 9], description: 'Bank refinancing documentation', by: 'billing' },
  { path: [2, 3, 9, 7], description: 'Trademark portfolio clean-up', by: 'billing' },
  { path: [2, 3, 9, 7, 8], description: 'Lease renegotiation, head office', by: 'billing' },
  { path: [2, 10], description: 'Data protection review (lost to a competitor)', by: 'billing' },
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

/** Seeds the demo leads and their stage history; answers how many leads. */
export async function seedLeads(tx: Tx, ref: Reference): Promise<number> {
  const contacts = await tx.query<{ id: number }>('SELECT id FROM contacts ORDER BY id LIMIT $1', [WALKS.length]);
  const managers = await tx.query<{ id: number }>('SELECT id FROM employees ORDER BY id LIMIT $1', [WALKS.length]);
  if (contacts.length === 0) return 0;
  const col = (name: keyof typeof leads.fields) => `"${columnName(name, leads.fields[name])}"`;
  for (const [i, walk] of WALKS.entries()) {
    const start = daysAgo(60 - i * 3);
    const stages = [1, ...walk.path];
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO "${leads.table}" (${col('date')}, ${col('dealStage')}, ${col('contact')}, ${col('businessRelationshipManager')},
         ${col('leadSource')}, ${col('description')}, ${col('notifyTimeInterval')}, created_date, last_modified_date, created_by, last_modified_by)
       VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $9) RETURNING id`,
      [
        isoDate(start),
        ref.dict('DEAL_STAGE', stages[stages.length - 1]!),
        contacts[i % contacts.length]!.id,
        managers.length ? managers[i % managers.length]!.id : null,
        ref.dict('LEAD_SOURCE', (i % 4) + 1),
        walk.description,
        start.toISOString(),
        new Date(start.getTime() + (stages.length - 1) * 86_400_000).toISOString(),
        walk.by,
      ],
    );
    for (const [step, code] of stages.entries()) {
      await tx.query(
        `INSERT INTO status_changes (collection, record_id, field, from_id, to_id, comment, changed_by, changed_date)
         VALUES ($1, $2, 'dealStage', $3, $4, $5, $6, $7)`,
        [
          leads.name,
          Number(row!.id),
          step === 0 ? null : ref.dict('DEAL_STAGE', stages[step - 1]!),
          ref.dict('DEAL_STAGE', code),
          step === 0 ? null : (COMMENTS[code] ?? null),
          walk.by,
          new Date(start.getTime() + step * 86_400_000).toISOString(),
        ],
      );
    }
  }
  return WALKS.length;
}
