import { employees, positions } from '../../../schemas/index';
import type { Reference } from './reference';
import type { SeededDepartments, SupportName } from './departments';
import type { SeededOffice } from './offices';
import { place } from './places';
import { auditDates, daysAgo, isoDate, monthEnd, slug, REFERENCE_DATE, type Rng } from './random';
import { cyrillicName } from './names';
import { insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

/** Where a person works: an office (index in the office list), a practice team or a support function, a level. */
interface Profile {
  office: number;
  practice?: number;
  support?: SupportName;
  /** POSITION_LEVEL code: 1 subordinates (id 22), 2 associate, 3 senior associate, 4 junior partner, 5 partner. */
  level: number;
  /** Also holds a current top-management position (PERM-07). */
  top?: boolean;
}

/** The people behind the demo accounts (roles.ts DEMO_ACCOUNTS), the first employees seeded. */
export const DEMO_PROFILES = {
  admin: { office: 0, support: 'IT', level: 3 },
  billing: { office: 0, support: 'Finance & Billing', level: 3 },
  member: { office: 0, practice: 0, level: 2 },
  top: { office: 0, practice: 0, level: 5, top: true },
  publisher: { office: 0, support: 'Marketing & Communications', level: 2 },
  assistant: { office: 0, practice: 1, level: 1 },
  noaccess: { office: 1, practice: 0, level: 2 },
} as const satisfies Record<string, Profile>;
export type DemoUsername = keyof typeof DEMO_PROFILES;

/** Head count by office, in office order (about 120 in all). */
const HEADCOUNT = [35, 20, 15, 18, 10, 12, 10];

export interface SeededPeople {
  employees: number;
  positions: number;
  /** Current positions of senior lawyers in practice teams: the contacts' relationship managers. */
  managers: number[];
  /** Employee id of each demo account. */
  demo: Record<DemoUsername, number>;
  /** Work e-mail by employee id. */
  emails: Map<number, string>;
}

const PRACTICE_LEVELS = [
  [25, 1],
  [30, 2],
  [20, 3],
  [12, 4],
  [13, 5],
] as const;
const SUPPORT_LEVELS = [
  [40, 1],
  [40, 2],
  [20, 3],
] as const;

function generateProfiles(rng: Rng, offices: SeededOffice[]): Profile[] {
  const profiles: Profile[] = Object.values(DEMO_PROFILES);
  HEADCOUNT.forEach((n, office) => {
    const already = profiles.filter((p) => p.office === office).length;
    for (let i = already; i < n && office < offices.length; i++) {
      if (rng.chance(0.18)) {
        const support = rng.pick<SupportName>(
          office === 0
            ? ['Finance & Billing', 'Human Resources', 'IT', 'Marketing & Communications', 'Knowledge Management']
            : ['Finance & Billing', 'Human Resources', 'IT'],
        );
        profiles.push({ office, support, level: rng.weighted(SUPPORT_LEVELS) });
      } else {
        profiles.push({ office, practice: -1, level: rng.weighted(PRACTICE_LEVELS) });
      }
    }
  });
  return profiles;
}

/**
 * Seeds about 120 employees with realistic names (local Cyrillic names for the Kazakh and Uzbek
 * offices), e-mails `first.last@bureau.example`, phones, birthdays, and 1-2 positions each
 * (EMP-14..21): a current main one, sometimes an earlier ended one (`dateLte` = end of a month),
 * a sector or top-management post for partners (PERM-07). Level code 1 is entry id 22 (H7).
 */
export async function seedPeople(
  tx: Tx,
  rng: Rng,
  ref: Reference,
  offices: SeededOffice[],
  deps: SeededDepartments,
): Promise<SeededPeople> {
  const employeeRows: SeedRow[] = [];
  const positionRows: SeedRow[] = [];
  const emails = new Set<string>();
  const emailOf = new Map<number, string>();
  const managers: number[] = [];
  const partnerOf = new Map<number, number>();
  const subordinates: Array<{ row: SeedRow; department: number }> = [];
  let topSeats = 0;

  const profiles = generateProfiles(rng, offices);
  profiles.forEach((profile, i) => {
    const id = i + 1;
    const office = offices[profile.office]!;
    const p = place(office.alpha2);
    const female = rng.chance(0.48);
    const sex = female ? 'female' : 'male';
    const local = office.alpha2 === 'DE' ? rng.de : office.alpha2 === 'TR' ? rng.tr : rng.en;
    const { first, last, gfirst, glast } = p.cyrillic
      ? cyrillicName(rng, office.alpha2, sex)
      : { first: '', last: '', gfirst: local.person.firstName(sex), glast: local.person.lastName(sex) };
    let email = `${slug(gfirst)}.${slug(glast)}@bureau.example`;
    for (let n = 2; emails.has(email); n++) email = `${slug(gfirst)}.${slug(glast)}${n}@bureau.example`;
    emails.add(email);
    emailOf.set(id, email);
    const demo = i < Object.keys(DEMO_PROFILES).length;
    const status = demo
      ? 1
      : rng.weighted([
          [92, 1],
          [3, 2],
          [5, 3],
        ] as const);
    const hired = rng.between(daysAgo(365 * 12), daysAgo(60));
    employeeRows.push({
      id,
      gfirstName: gfirst,
      glastName: glast,
      lfirstName: p.cyrillic ? first : null,
      llastName: p.cyrillic ? last : null,
      status: ref.dict('EMPLOYEE_STATUS', status),
      firstEmail: email,
      secondEmail: rng.chance(0.1)
        ? `${slug(gfirst)}${rng.int(1, 99)}@${rng.pick(['gmail.com', 'outlook.com', 'yahoo.com'])}`
        : null,
      gender: ref.dict('GENDER', female ? 1 : 2),
      birthDate: isoDate(rng.en.date.birthdate({ mode: 'age', min: 24, max: 64 })),
      firstPhoneNumber: rng.en.helpers.replaceSymbols(p.phone),
      secondPhoneNumber: rng.chance(0.2) ? rng.en.helpers.replaceSymbols(p.phone) : null,
      office: office.id,
      createdBy: 'seed',
      lastModifiedBy: 'seed',
      ...auditDates(rng, hired < daysAgo(730) ? daysAgo(730) : hired),
    });

    const teams = deps.practiceTeams.filter((t) => t.officeId === office.id);
    const department =
      profile.support !== undefined
        ? deps.support(profile.support, office.id)
        : (teams.find((t) => t.practice === profile.practice) ?? rng.pick(teams)).id;
    const position = (fields: SeedRow): SeedRow => {
      const row: SeedRow = {
        id: positionRows.length + 1,
        employee: id,
        office: office.id,
        virtual: false,
        createdBy: 'seed',
        lastModifiedBy: 'seed',
        ...auditDates(rng, daysAgo(730)),
        ...fields,
      };
      positionRows.push(row);
      return row;
    };
    const level = (code: number) => ref.dict('POSITION_LEVEL', code);
    const active = ref.dict('POSITION_STATUS', 1);
    const closed = ref.dict('POSITION_STATUS', 2);

    let start = hired;
    let history = false;
    if (!demo && profile.level > 1 && hired < daysAgo(400) && rng.chance(0.35)) {
      const promoted = rng.between(new Date(hired.getTime() + 365 * 86_400_000), daysAgo(30));
      const ended = new Date(Date.UTC(promoted.getUTCFullYear(), promoted.getUTCMonth() - 1, 1));
      position({
        department,
        level: level(profile.level - 1),
        status: closed,
        dateGte: isoDate(hired),
        dateLte: monthEnd(ended),
        main: true,
      });
      start = new Date(Date.UTC(promoted.getUTCFullYear(), promoted.getUTCMonth(), 1));
      history = true;
    }
    const leaves = status === 3 ? monthEnd(rng.between(start, REFERENCE_DATE)) : null;
    const current = position({
      department,
      level: level(profile.level),
      status: leaves ? closed : active,
      dateGte: isoDate(start),
      dateLte: leaves,
      main: true,
    });
    if (!leaves && profile.support === undefined) {
      if (profile.level >= 3) managers.push(current.id as number);
      if (profile.level === 5 && !partnerOf.has(department)) partnerOf.set(department, current.id as number);
      if (profile.level === 1) subordinates.push({ row: current, department });
    }
    // At most two positions each: a partner with an earlier post gets no second current one.
    if (!leaves && profile.level === 5 && !history) {
      const seat = 'top' in profile && profile.top ? 0 : !demo && topSeats < 8 ? ++topSeats : -1;
      if (seat >= 0) {
        position({
          department: deps.top[seat % deps.top.length]!,
          level: level(5),
          status: active,
          dateGte: isoDate(start),
          dateLte: null,
          main: false,
        });
      } else if (rng.chance(0.5)) {
        position({
          department: rng.pick(deps.sectors).id,
          level: level(5),
          status: active,
          dateGte: isoDate(start),
          dateLte: null,
          main: false,
        });
      }
    }
  });
  for (const { row, department } of subordinates) row.parent = partnerOf.get(department) ?? null;

  await insertRows(tx, employees, employeeRows);
  await insertRows(tx, positions, positionRows);
  await syncIdSequence(tx, employees);
  await syncIdSequence(tx, positions);
  const demo = Object.fromEntries(Object.keys(DEMO_PROFILES).map((name, i) => [name, i + 1])) as Record<
    DemoUsername,
    number
  >;
  return { employees: employeeRows.length, positions: positionRows.length, managers, demo, emails: emailOf };
}
