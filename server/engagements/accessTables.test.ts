import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { engagementsSetup } from './testing';

/**
 * The stored access lists (`matter_access`, `project_access`, server/engagements/accessTables.ts)
 * against the rule they store (docs/decisions.md "Access lists of projects and matters"),
 * recomputed here in JavaScript from the rows that say it: after random writes - through the API
 * (nested teams and managers, responsibles, hunters, moves between projects, creators) and by raw
 * SQL (a team row inserted, moved or deleted, a manager deleted, a matter deleted), which no
 * server hook sees - every list holds exactly the positions and the creator the rule names.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await engagementsSetup(h);
});
afterAll(async () => h?.close());

function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = Record<string, string | number | null>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Every list as `<record id>: sorted entries` (`p<position>` / `u<user name>`), from a table. */
async function stored(table: 'matter_access' | 'project_access', key: string): Promise<Record<number, string[]>> {
  const rows = await h.db.query<Row>(`SELECT ${key} AS id, position_id, created_by FROM ${table}`);
  const out: Record<number, string[]> = {};
  for (const r of rows) {
    const entry = r.position_id !== null ? `p${num(r.position_id)}` : `u${r.created_by}`;
    (out[num(r.id)!] ??= []).push(entry);
  }
  for (const k of Object.keys(out)) out[Number(k)]!.sort();
  return out;
}

/** The lists the rule names, computed in JavaScript from matters, teams, projects and managers. */
async function oracle(): Promise<{ matters: Record<number, string[]>; projects: Record<number, string[]> }> {
  const matters = await h.db.query<Row>(
    'SELECT id, project_id, responsible_position_id, international_responsible_position_id, hunter_position_id, created_by FROM matters',
  );
  const teams = await h.db.query<Row>('SELECT matter_id, team_position_id FROM matter_teams');
  const projects = await h.db.query<Row>(
    'SELECT id, business_relationship_manager_position_id, created_by FROM projects',
  );
  const managers = await h.db.query<Row>('SELECT project_id, manager_position_id FROM project_managers');
  const own = (m: Row) =>
    [
      m.responsible_position_id,
      m.international_responsible_position_id,
      m.hunter_position_id,
      ...teams.filter((t) => num(t.matter_id) === num(m.id)).map((t) => t.team_position_id),
    ].map(num);
  const projectPeople = (p: Row | undefined) =>
    p
      ? [
          p.business_relationship_manager_position_id,
          ...managers.filter((x) => num(x.project_id) === num(p.id)).map((x) => x.manager_position_id),
        ].map(num)
      : [];
  const list = (positions: Array<number | null>, creator: unknown) => {
    const entries = new Set(positions.filter((p) => p !== null).map((p) => `p${p}`));
    if (creator !== null && creator !== undefined) entries.add(`u${String(creator)}`);
    return [...entries].sort();
  };
  const out = { matters: {} as Record<number, string[]>, projects: {} as Record<number, string[]> };
  for (const m of matters) {
    const p = projects.find((x) => num(x.id) === num(m.project_id));
    const l = list([...own(m), ...projectPeople(p)], m.created_by);
    if (l.length > 0) out.matters[num(m.id)!] = l;
  }
  for (const p of projects) {
    const ofProject = matters.filter((m) => num(m.project_id) === num(p.id));
    const l = list([...projectPeople(p), ...ofProject.flatMap(own)], p.created_by);
    if (l.length > 0) out.projects[num(p.id)!] = l;
  }
  return out;
}

async function expectListsEqualRule(label: string) {
  const want = await oracle();
  expect(await stored('matter_access', 'matter_id'), `${label}: matter_access`).toEqual(want.matters);
  expect(await stored('project_access', 'project_id'), `${label}: project_access`).toEqual(want.projects);
}

describe('stored access lists of matters and projects (MAT-12, MAT-13, PROJ-03, PROJ-04, TIME-12, EXP-13)', () => {
  it('MAT-12 PROJ-03 TIME-12 EXP-13 after random writes through the API and by raw SQL, matter_access and project_access hold exactly the lists the rule names', async () => {
    const random = rng(12);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const { positions: pos, projects, entries } = h.fx;
    const people = [pos.annaSector, pos.borisFirm, pos.carlFirm];
    const maybe = () => (random() < 0.3 ? null : { id: pick(people) });
    const team = () => people.filter(() => random() < 0.4).map((id) => ({ teamPosition: { id } }));
    await expectListsEqualRule('the fixtures (filled by the migration and the seed)');
    const projectIds: number[] = [projects.acmeProject, projects.globexProject];
    for (let i = 0; i < 2; i++) {
      const res = await h.json<{ id: number }>('admin', 'POST', '/core/api/projects', {
        description: `Stored list project ${i}`,
        dealStage: { id: entries['DEAL_STAGE:7']! },
        payerClient: { id: h.fx.clients.acme },
        beneficiaryClient: { id: h.fx.clients.acme },
        vatEnabled: false,
        vatPercent: 0,
        tenderFund: false,
        businessRelationshipManagerPosition: maybe(),
        projectManagerList: [{ managerPosition: { id: pick(people) }, percentage: 0.5 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      projectIds.push(res.body.id);
    }
    const matterIds: number[] = [h.fx.matters.acmeMatter, h.fx.matters.globexMatter];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 2; i++) {
        const res = await h.json<{ id: number }>('admin', 'POST', '/core/api/matters', {
          project: { id: pick(projectIds) },
          date: '2026-11-20',
          description: 'Stored list matter',
          status: { id: entries['MATTER_STATUS:1']! },
          billType: { id: entries['BILL_TYPE:1']! },
          amountFee: 100,
          responsiblePosition: maybe(),
          matterTeamList: team(),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        matterIds.push(res.body.id);
      }
      for (let i = 0; i < 10; i++) {
        const change = pick(['team', 'responsible', 'international', 'hunter', 'project', 'managers', 'brm']);
        const body: Record<string, unknown> =
          change === 'team'
            ? { matterTeamList: team() }
            : change === 'responsible'
              ? { responsiblePosition: maybe() }
              : change === 'international'
                ? { internationalMatter: true, internationalResponsiblePosition: maybe() }
                : change === 'hunter'
                  ? { hunted: true, hunterPosition: maybe() }
                  : change === 'project'
                    ? { project: { id: pick(projectIds) } }
                    : change === 'managers'
                      ? {
                          projectManagerList: people
                            .filter(() => random() < 0.4)
                            .map((id) => ({ managerPosition: { id }, percentage: 0.3 })),
                        }
                      : { businessRelationshipManagerPosition: maybe() };
        const url =
          change === 'managers' || change === 'brm'
            ? `/core/api/projects/${pick(projectIds)}`
            : `/core/api/matters/${pick(matterIds)}`;
        const res = await h.request('admin', 'PATCH', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(200);
      }
      await expectListsEqualRule(`round ${round}, after the API's writes`);
      // writes no server code sees: raw SQL on teams, managers and matters
      await h.db.query(
        `INSERT INTO matter_teams (matter_id, team_position_id, version, created_by, created_date, last_modified_by, last_modified_date)
         VALUES ($1, $2, 0, 'admin', now(), 'admin', now())`,
        [pick(matterIds), pick(people)],
      );
      await h.db.query('UPDATE matter_teams SET matter_id = $1 WHERE id = (SELECT max(id) FROM matter_teams)', [
        pick(matterIds),
      ]);
      await h.db.query('DELETE FROM matter_teams WHERE id = (SELECT min(id) FROM matter_teams WHERE matter_id = $1)', [
        pick(matterIds),
      ]);
      await h.db.query('DELETE FROM project_managers WHERE id = (SELECT min(id) FROM project_managers)');
      await h.db.query('UPDATE matters SET hunter_position_id = $1, created_by = $2 WHERE id = $3', [
        pick(people),
        pick(['lawyer', 'boris', null]),
        pick(matterIds),
      ]);
      await expectListsEqualRule(`round ${round}, after raw SQL`);
    }
    // a matter deleted outright takes its list with it, and its project's list forgets its people
    const gone = matterIds.at(-1)!;
    await h.db.query('DELETE FROM matter_teams WHERE matter_id = $1', [gone]);
    await h.db.query('DELETE FROM matters WHERE id = $1', [gone]);
    await expectListsEqualRule('after a matter is deleted');
    // the data exercised the lists: several positions and a creator are on them
    const all = Object.values(await stored('matter_access', 'matter_id')).flat();
    expect(new Set(all.filter((e) => e.startsWith('p'))).size).toBeGreaterThanOrEqual(3);
    expect(all.some((e) => e.startsWith('u'))).toBe(true);
  });

  it('MAT-12 TIME-12 a write refused mid-way leaves the stored list as it was (the list is written in the same transaction)', async () => {
    const before = await stored('matter_access', 'matter_id');
    // a matter and a position not on its list
    const [free] = await h.db.query<{ matter: string | number; position: string | number }>(
      `SELECT m.id AS matter, p.id AS position FROM matters m CROSS JOIN positions p
        WHERE NOT EXISTS (SELECT 1 FROM matter_access a WHERE a.matter_id = m.id AND a.position_id = p.id)
        ORDER BY m.id, p.id LIMIT 1`,
    );
    const matter = Number(free!.matter);
    const position = Number(free!.position);
    await expect(
      h.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO matter_teams (matter_id, team_position_id, version, created_by, created_date, last_modified_by, last_modified_date)
           VALUES ($1, $2, 0, 'admin', now(), 'admin', now())`,
          [matter, position],
        );
        const [inside] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM matter_access WHERE matter_id = $1 AND position_id = $2',
          [matter, position],
        );
        expect(inside!.n).toBe(1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await stored('matter_access', 'matter_id')).toEqual(before);
  });
});
