import { departments } from '../../../schemas/index';
import type { Reference } from './reference';
import { auditDates, daysAgo, type Rng } from './random';
import { shortCity, type SeededOffice } from './offices';
import { insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

/** Sectors (DEPARTMENT_TYPE 7) and their sub-sectors (also type 7), as clients pick them (CLI-01). */
// prettier-ignore
const SECTORS: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['Energy', 'Энергетика', ['Oil & Gas', 'Power & Utilities', 'Renewables']],
  ['Banking & Finance', 'Банки и финансы', ['Banking', 'Insurance', 'Fintech', 'Asset Management']],
  ['Technology', 'Технологии', ['Software & IT Services', 'Telecommunications', 'Media & Entertainment']],
  ['Real Estate', 'Недвижимость', ['Commercial Real Estate', 'Construction', 'Hospitality']],
  ['Mining', 'Горнодобывающая отрасль', ['Metals & Mining', 'Coal', 'Precious Metals']],
  ['Healthcare', 'Здравоохранение', ['Pharmaceuticals', 'Medical Devices', 'Hospitals & Clinics']],
  ['Transport', 'Транспорт', ['Logistics', 'Aviation', 'Rail & Ports']],
  ['Retail', 'Розничная торговля', ['Consumer Goods', 'E-commerce', 'Food & Beverage']],
  ['Agriculture', 'Сельское хозяйство', ['Agribusiness', 'Food Processing']],
  ['Public Sector', 'Государственный сектор', ['State Enterprises', 'Development Institutions']],
];

/** Practice groups (type 9): offices with a local team, services (15) and products (16, under a service index). */
// prettier-ignore
const PRACTICES: ReadonlyArray<{ name: string; lname: string; offices: readonly string[]; services: readonly string[]; products: ReadonlyArray<readonly [string, number]> }> = [
  { name: 'Corporate & M&A', lname: 'Корпоративное право и M&A', offices: ['Almaty', 'Astana', 'Tashkent', 'London', 'Frankfurt'], services: ['Mergers & Acquisitions', 'Joint Ventures', 'Corporate Governance'], products: [['Legal Due Diligence', 0], ['Shareholder Agreement Package', 1]] },
  { name: 'Dispute Resolution', lname: 'Разрешение споров', offices: ['Almaty', 'Astana', 'London', 'Istanbul'], services: ['Commercial Litigation', 'International Arbitration', 'Enforcement of Judgments'], products: [['Pre-litigation Review', 0]] },
  { name: 'Tax', lname: 'Налоги', offices: ['Almaty', 'Tashkent', 'Frankfurt'], services: ['Tax Advisory', 'Tax Disputes', 'Transfer Pricing'], products: [['Tax Health Check', 0]] },
  { name: 'Banking & Finance', lname: 'Банковское право и финансы', offices: ['Almaty', 'London', 'Dubai'], services: ['Project Finance', 'Lending', 'Capital Markets'], products: [['Loan Documentation Review', 1]] },
  { name: 'Competition & Antitrust', lname: 'Конкурентное право', offices: ['Almaty', 'Frankfurt'], services: ['Merger Control', 'Antitrust Investigations'], products: [] },
  { name: 'Employment', lname: 'Трудовое право', offices: ['Almaty', 'Astana', 'Dubai'], services: ['Employment Advisory', 'Immigration'], products: [['HR Compliance Audit', 0]] },
  { name: 'Intellectual Property & Technology', lname: 'Интеллектуальная собственность и технологии', offices: ['Almaty', 'London'], services: ['Trademarks & Patents', 'IT & Data Protection'], products: [['Data Protection Readiness Review', 1]] },
  { name: 'Real Estate & Construction', lname: 'Недвижимость и строительство', offices: ['Almaty', 'Istanbul'], services: ['Real Estate Transactions', 'Construction Contracts'], products: [] },
  { name: 'Energy & Natural Resources', lname: 'Энергетика и природные ресурсы', offices: ['Almaty', 'Astana', 'Tashkent', 'Dubai'], services: ['Subsoil Use', 'Power Projects'], products: [['Subsoil Licence Review', 0]] },
  { name: 'Compliance & Investigations', lname: 'Комплаенс и расследования', offices: ['Almaty', 'London', 'Frankfurt'], services: ['Sanctions & Export Controls', 'Anti-bribery'], products: [['Sanctions Screening', 0]] },
];

/** Support functions (type 10); the first three have a team in every office. */
export const SUPPORT = [
  'Finance & Billing',
  'Human Resources',
  'IT',
  'Marketing & Communications',
  'Knowledge Management',
] as const;
export type SupportName = (typeof SUPPORT)[number];

/** Where the people and clients of the demo attach to the department tree. */
export interface SeededDepartments {
  /** Top-management departments (types 4, 5, 6), PERM-07. */
  top: number[];
  /** Active sectors and their active sub-sectors. */
  sectors: Array<{ id: number; subSectors: number[] }>;
  /** Active office-bound practice teams, by office id; `practice` = index in the practice list. */
  practiceTeams: Array<{ id: number; officeId: number; practice: number }>;
  /** A support department of an office (its office team, else the firm-wide one). */
  support(name: SupportName, officeId: number): number;
  count: number;
}

interface Node {
  id: number;
  gname: string;
  lname?: string;
  type: number;
  parent?: number;
  officeId?: number;
  inactive?: boolean;
  top?: boolean;
  businessTeam?: boolean;
  level: number;
}

/**
 * Seeds the department tree (DICT-19..29): the firm (type 2), top management (4, 5, 6), sectors
 * and sub-sectors (7), practice groups with office teams (9), services (15) and products (16),
 * support (10) and business teams (14). `levelCode` is the depth (firm = 0); two are inactive.
 */
export async function seedDepartments(
  tx: Tx,
  rng: Rng,
  ref: Reference,
  offices: SeededOffice[],
): Promise<SeededDepartments> {
  const nodes: Node[] = [];
  const add = (n: Omit<Node, 'id'>): number => {
    nodes.push({ ...n, id: nodes.length + 1 });
    return nodes.length;
  };
  const office = (city: string): SeededOffice => {
    const o = offices.find((x) => shortCity(x.city) === city);
    if (!o) throw new Error(`seed: no office in ${city}`);
    return o;
  };
  const headOffice = offices[0]!;

  const root = add({ gname: 'Bureau', lname: 'Бюро', type: 2, level: 0 });
  const top = [
    add({ gname: 'Top Management', lname: 'Высшее руководство', type: 4, parent: root, top: true, level: 1 }),
    add({ gname: 'Managing Partners', lname: 'Управляющие партнёры', type: 5, parent: root, top: true, level: 1 }),
    add({ gname: 'Board of Partners', lname: 'Совет партнёров', type: 6, parent: root, top: true, level: 1 }),
  ];

  const sectors = SECTORS.map(([gname, lname, subs]) => {
    const id = add({ gname, lname, type: 7, parent: root, level: 1 });
    return { id, subSectors: subs.map((sub) => add({ gname: sub, type: 7, parent: id, level: 2 })) };
  });

  const practiceTeams: SeededDepartments['practiceTeams'] = [];
  PRACTICES.forEach((p, practice) => {
    const group = add({ gname: p.name, lname: p.lname, type: 9, parent: root, level: 1 });
    for (const city of p.offices) {
      const o = office(city);
      // One office team was closed: the demo shows an inactive department (status code 2).
      const inactive = p.name === 'Dispute Resolution' && city === 'Istanbul';
      const id = add({ gname: `${p.name} - ${city}`, type: 9, parent: group, officeId: o.id, inactive, level: 2 });
      if (!inactive) practiceTeams.push({ id, officeId: o.id, practice });
    }
    const services = p.services.map((s) => add({ gname: s, type: 15, parent: group, level: 2 }));
    for (const [product, service] of p.products)
      add({ gname: product, type: 16, parent: services[service]!, level: 3 });
  });

  const supportIds = new Map<string, number>();
  SUPPORT.forEach((name, i) => {
    const id = add({ gname: name, type: 10, parent: root, officeId: headOffice.id, level: 1 });
    supportIds.set(`${name}:*`, id);
    if (i < 3) {
      for (const o of offices.slice(1))
        supportIds.set(
          `${name}:${o.id}`,
          add({ gname: `${name} - ${shortCity(o.city)}`, type: 10, parent: id, officeId: o.id, level: 2 }),
        );
    }
  });

  add({ gname: 'China Desk', lname: 'Китайский деск', type: 14, parent: root, businessTeam: true, level: 1 });
  add({ gname: 'German Desk', lname: 'Немецкий деск', type: 14, parent: root, businessTeam: true, level: 1 });
  add({ gname: 'Energy Transition Team', type: 14, parent: root, businessTeam: true, level: 1 });
  add({
    gname: 'Japan Desk',
    lname: 'Японский деск',
    type: 14,
    parent: root,
    businessTeam: true,
    inactive: true,
    level: 1,
  });

  const rows: SeedRow[] = nodes.map((n) => ({
    id: n.id,
    gname: n.gname,
    lname: n.lname ?? null,
    top: n.top ?? false,
    businessTeam: n.businessTeam ?? false,
    parent: n.parent ?? null,
    type: ref.dict('DEPARTMENT_TYPE', n.type),
    status: ref.dict('DEPARTMENT_STATUS', n.inactive ? 2 : 1),
    officeId: n.officeId ?? null,
    uuid: rng.en.string.uuid(),
    levelCode: n.level,
    createdBy: 'seed',
    lastModifiedBy: 'seed',
    ...auditDates(rng, daysAgo(730)),
  }));
  await insertRows(tx, departments, rows);
  await syncIdSequence(tx, departments);

  return {
    top,
    sectors,
    practiceTeams,
    support: (name, officeId) => supportIds.get(`${name}:${officeId}`) ?? supportIds.get(`${name}:*`)!,
    count: nodes.length,
  };
}
