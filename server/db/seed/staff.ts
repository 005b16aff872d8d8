import { baseDictionaries, departments, employees, positions } from '../../../schemas/index';
import type { SeededDepartments } from './departments';
import { columnOf, quote, type Tx } from './sql';

/** A lawyer's position in a practice team, as the engagement and time sections pick them. */
export interface StaffPosition {
  id: number;
  employee: number;
  office: number;
  /** Index of the practice group (departments.ts PRACTICES). */
  practice: number;
  /** POSITION_LEVEL code: 1 subordinates .. 5 partner. */
  level: number;
  /** The position's period in epoch milliseconds; `to` is Infinity while it is open. */
  from: number;
  to: number;
}

/** The practice structure the engagements hang on. */
export interface Staff {
  /** Positions in practice teams (lawyers), ended ones included. */
  lawyers: StaffPosition[];
  /** Services (department type 15) and products (16) of each practice, by practice index. */
  services: number[][];
  products: number[][];
}

const DAY_MS = 86_400_000;

/** Reads back the seeded lawyers (positions in practice teams) and the services and products of each practice. */
export async function loadStaff(tx: Tx, deps: SeededDepartments): Promise<Staff> {
  const p = (f: string) => `p.${quote(columnOf(positions, f))}`;
  const d = (f: string) => quote(columnOf(departments, f));
  const practiceOf = new Map(deps.practiceTeams.map((t) => [t.id, t.practice]));
  const rows = await tx.query<{
    id: number;
    employee: number;
    office: number;
    department: number;
    level: number;
    date_gte: string | Date;
    date_lte: string | Date | null;
  }>(
    `SELECT p.id, ${p('employee')} AS employee, ${p('office')} AS office, ${p('department')} AS department,
            lv.${quote(columnOf(baseDictionaries, 'code'))} AS level, ${p('dateGte')}::text AS date_gte, ${p('dateLte')}::text AS date_lte
       FROM ${quote(positions.table)} p
       JOIN ${quote(baseDictionaries.table)} lv ON lv.id = ${p('level')}
       JOIN ${quote(employees.table)} e ON e.id = ${p('employee')}
      WHERE ${p('department')} = ANY($1::bigint[]) ORDER BY p.id`,
    [[...practiceOf.keys()]],
  );
  const lawyers = rows.map((r) => ({
    id: Number(r.id),
    employee: Number(r.employee),
    office: Number(r.office),
    practice: practiceOf.get(Number(r.department))!,
    level: Number(r.level),
    from: Date.parse(`${String(r.date_gte)}T00:00:00Z`),
    to: r.date_lte === null ? Infinity : Date.parse(`${String(r.date_lte)}T00:00:00Z`) + DAY_MS - 1,
  }));

  // practice teams hang under their practice group; services under the group, products under a service
  const tree = await tx.query<{ id: number; parent: number | null; type: number }>(
    `SELECT d.id, d.${d('parent')} AS parent, t.${quote(columnOf(baseDictionaries, 'code'))} AS type
       FROM ${quote(departments.table)} d JOIN ${quote(baseDictionaries.table)} t ON t.id = d.${d('type')}`,
  );
  const parentOf = new Map(tree.map((n) => [Number(n.id), n.parent === null ? null : Number(n.parent)]));
  const practiceOfGroup = new Map<number, number>();
  for (const team of deps.practiceTeams) practiceOfGroup.set(parentOf.get(team.id)!, team.practice);
  const services: number[][] = [];
  const products: number[][] = [];
  for (const n of tree) {
    const type = Number(n.type);
    if (type !== 15 && type !== 16) continue;
    const group = type === 15 ? parentOf.get(Number(n.id)) : parentOf.get(parentOf.get(Number(n.id)) ?? -1);
    const practice = practiceOfGroup.get(group ?? -1);
    if (practice === undefined) continue;
    const list = type === 15 ? services : products;
    (list[practice] ??= []).push(Number(n.id));
  }
  return { lawyers, services, products };
}
