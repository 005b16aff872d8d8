import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { engagementsSetup } from './testing';

/**
 * The access lists of matters and projects (MAT-12, PROJ-03) and the times read through them
 * (TIME-12), as the list routes answer them, against a hand-written SQL statement of the rule as
 * docs/decisions.md states it ("Access lists of projects and matters"). Random writes go through
 * the API - teams, responsible, international responsible and hunter positions, project managers,
 * business relationship managers, matters moved between projects, matters created by the reader -
 * and after each round every list must equal the statement's answer, rows and total. It guards
 * any change of how the rule is compiled (server/rest/access.ts) or stored.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await engagementsSetup(h);
});
afterAll(async () => h?.close());

/** A deterministic generator (mulberry32), so a failure replays. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The matters a reader's positions (or user name, as creator) reach, as the decision states it. */
const ORACLE_MATTERS = `
  SELECT m.id FROM matters m WHERE
       m.responsible_position_id = ANY($1::bigint[])
    OR m.international_responsible_position_id = ANY($1::bigint[])
    OR m.hunter_position_id = ANY($1::bigint[])
    OR EXISTS (SELECT 1 FROM matter_teams mt WHERE mt.matter_id = m.id AND mt.team_position_id = ANY($1::bigint[]))
    OR EXISTS (SELECT 1 FROM projects p WHERE p.id = m.project_id AND (
         p.business_relationship_manager_position_id = ANY($1::bigint[])
      OR EXISTS (SELECT 1 FROM project_managers pm WHERE pm.project_id = p.id AND pm.manager_position_id = ANY($1::bigint[]))))
    OR m.created_by = $2`;

/** The projects the same reader reaches. */
const ORACLE_PROJECTS = `
  SELECT p.id FROM projects p WHERE
       p.business_relationship_manager_position_id = ANY($1::bigint[])
    OR EXISTS (SELECT 1 FROM project_managers pm WHERE pm.project_id = p.id AND pm.manager_position_id = ANY($1::bigint[]))
    OR EXISTS (SELECT 1 FROM matters m WHERE m.project_id = p.id AND (
         m.responsible_position_id = ANY($1::bigint[])
      OR m.international_responsible_position_id = ANY($1::bigint[])
      OR m.hunter_position_id = ANY($1::bigint[])
      OR EXISTS (SELECT 1 FROM matter_teams mt WHERE mt.matter_id = m.id AND mt.team_position_id = ANY($1::bigint[]))))
    OR p.created_by = $2`;

interface Reader {
  username: string;
  employee: number;
}

/** What the reader should see, by the oracle: live matters, live projects, live times (own or on a reachable matter). */
async function expected(reader: Reader) {
  const positions = (
    await h.db.query<{ id: string | number }>('SELECT id FROM positions WHERE employee_id = $1', [reader.employee])
  ).map((r) => Number(r.id));
  const ids = async (sql: string, params: unknown[]) =>
    (await h.db.query<{ id: string | number }>(sql, params)).map((r) => Number(r.id)).sort((a, b) => a - b);
  const args = [positions, reader.username];
  return {
    matters: await ids(
      `SELECT id FROM (${ORACLE_MATTERS}) a WHERE id IN (SELECT id FROM matters WHERE deleted_at IS NULL)`,
      args,
    ),
    projects: await ids(
      `SELECT id FROM (${ORACLE_PROJECTS}) a WHERE id IN (SELECT id FROM projects WHERE deleted_at IS NULL)`,
      args,
    ),
    times: await ids(
      `SELECT t.id FROM times t WHERE t.deleted_at IS NULL AND (t.employee_id = $3 OR t.matter_id IN (${ORACLE_MATTERS}))`,
      [...args, reader.employee],
    ),
  };
}

/** What the list routes answer the reader (every page of up to 1,000 rows). */
async function answered(reader: Reader) {
  const ids = async (collection: string) => {
    const res = await h.json<{ _embedded: Record<string, Array<{ id: number }>>; page: { totalElements: number } }>(
      reader.username,
      'GET',
      `/core/api/${collection}?size=1000&sort=id,asc`,
    );
    expect(res.status, `${reader.username} ${collection}`).toBe(200);
    const rows = res.body._embedded[collection]!.map((r) => r.id);
    expect(res.body.page.totalElements, `${reader.username} ${collection} total`).toBe(rows.length);
    return rows.sort((a, b) => a - b);
  };
  return { matters: await ids('matters'), projects: await ids('projects'), times: await ids('times') };
}

/** A project with no manager and no business relationship manager, created by admin. */
async function newProject(description: string): Promise<number> {
  const res = await h.json<{ id: number }>('admin', 'POST', '/core/api/projects', {
    description,
    dealStage: { id: h.fx.entries['DEAL_STAGE:7']! },
    payerClient: { id: h.fx.clients.acme },
    beneficiaryClient: { id: h.fx.clients.acme },
    vatEnabled: false,
    vatPercent: 0,
    tenderFund: false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('access lists of matters and projects (MAT-12, PROJ-03, TIME-12)', () => {
  it('MAT-12 PROJ-03 TIME-12 after random changes of teams, responsibles, managers and projects, every list answers exactly the access lists', async () => {
    const random = rng(32);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const { positions: pos, projects, entries } = h.fx;
    const people = [pos.annaSector, pos.borisFirm, pos.carlFirm];
    // mostly anna's position (neither reader's), so a row a reader reaches is often reached by one
    // clause alone, and a clause compiled wrong shows
    const someone = () => (random() < 0.7 ? pos.annaSector : pick([pos.borisFirm, pos.carlFirm]));
    const maybe = () => (random() < 0.3 ? null : { id: someone() });
    const team = () =>
      people.filter((p) => random() < (p === pos.annaSector ? 0.5 : 0.15)).map((id) => ({ teamPosition: { id } }));
    const readers: Reader[] = [
      { username: 'lawyer', employee: h.fx.employees.carl },
      { username: 'boris', employee: h.fx.employees.boris },
    ];
    // more projects to move matters between, with no managers yet
    const projectIds: number[] = [projects.acmeProject, projects.globexProject];
    for (let i = 0; i < 3; i++) projectIds.push(await newProject(`Random project ${i}`));
    const matterIds: number[] = [h.fx.matters.acmeMatter, h.fx.matters.globexMatter];
    const matterBody = () => ({
      project: { id: pick(projectIds) },
      date: '2026-11-20',
      description: 'Random matter',
      status: { id: entries['MATTER_STATUS:1']! },
      billType: { id: entries['BILL_TYPE:1']! },
      amountFee: 100,
      responsiblePosition: { id: someone() },
      matterTeamList: team(),
    });
    for (let round = 0; round < 5; round++) {
      // new matters, some created by a reader (who then reaches them as their creator)
      for (let i = 0; i < 3; i++) {
        // a creator may only name a project it reads: the lawyer takes one of theirs
        const own = (await answered(readers[0]!)).projects;
        const creator = random() < 0.3 && own.length > 0 ? 'lawyer' : 'admin';
        const body = { ...matterBody(), ...(creator === 'lawyer' ? { project: { id: pick(own) } } : {}) };
        const res = await h.json<{ id: number }>(creator, 'POST', '/core/api/matters', body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        matterIds.push(res.body.id);
      }
      // changes of the people of matters and projects
      for (let i = 0; i < 12; i++) {
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
                            .filter((p) => random() < (p === pos.annaSector ? 0.5 : 0.15))
                            .map((id) => ({ managerPosition: { id }, percentage: 0.5 })),
                        }
                      : { businessRelationshipManagerPosition: maybe() };
        const url =
          change === 'managers' || change === 'brm'
            ? `/core/api/projects/${pick(projectIds)}`
            : `/core/api/matters/${pick(matterIds)}`;
        const res = await h.request('admin', 'PATCH', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(200);
      }
      // a time on a random matter by anna, whom neither reader is
      await h.db.query(
        `INSERT INTO times (date_time, work_type_id, employee_id, matter_id, project_id, duration, billable, version, created_by, created_date, last_modified_by, last_modified_date)
         VALUES (now(), $1, $2, $3, NULL, 900000, true, 0, 'admin', now(), 'admin', now())`,
        [entries['WORK_TYPE:1']!, h.fx.employees.anna, pick(matterIds)],
      );
      for (const reader of readers) {
        const want = await expected(reader);
        const got = await answered(reader);
        expect(got, `round ${round}, ${reader.username}`).toEqual(want);
      }
    }
    // the data set exercised both answers for each reader: something seen and something hidden
    for (const reader of readers) {
      const got = await answered(reader);
      expect(got.matters.length, reader.username).toBeGreaterThan(0);
      expect(got.matters.length, reader.username).toBeLessThan(matterIds.length);
    }
  });
  it('MAT-12 PROJ-03 TIME-12 each clause of the access list alone lets the reader see the matter, its project and its time, and nothing else', async () => {
    const lawyer: Reader = { username: 'lawyer', employee: h.fx.employees.carl };
    const carl = { id: h.fx.positions.carlFirm };
    const anna = { id: h.fx.positions.annaSector };
    const clauses: Array<[string, 'matter' | 'project', Record<string, unknown>]> = [
      ['responsible', 'matter', { responsiblePosition: carl }],
      ['international responsible', 'matter', { internationalMatter: true, internationalResponsiblePosition: carl }],
      ['hunter', 'matter', { hunted: true, hunterPosition: carl }],
      ['team', 'matter', { matterTeamList: [{ teamPosition: carl }] }],
      ['business relationship manager', 'project', { businessRelationshipManagerPosition: carl }],
      ['project manager', 'project', { projectManagerList: [{ managerPosition: carl, percentage: 1 }] }],
    ];
    for (const [clause, owner, body] of clauses) {
      const project = await newProject(`Clause ${clause}`);
      const created = await h.json<{ id: number }>('admin', 'POST', '/core/api/matters', {
        project: { id: project },
        date: '2026-11-20',
        description: `Clause ${clause}`,
        status: { id: h.fx.entries['MATTER_STATUS:1']! },
        billType: { id: h.fx.entries['BILL_TYPE:1']! },
        amountFee: 100,
        responsiblePosition: anna,
        matterTeamList: [{ teamPosition: anna }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const matter = created.body.id;
      await h.db.query(
        `INSERT INTO times (date_time, work_type_id, employee_id, matter_id, duration, billable, version, created_by, created_date, last_modified_by, last_modified_date)
         VALUES (now(), $1, $2, $3, 900000, true, 0, 'admin', now(), 'admin', now())`,
        [h.fx.entries['WORK_TYPE:1']!, h.fx.employees.anna, matter],
      );
      const [time] = await h.db.query<{ id: string | number }>('SELECT max(id) AS id FROM times');
      const before = await answered(lawyer);
      expect(before.matters, clause).not.toContain(matter);
      const url = owner === 'matter' ? `/core/api/matters/${matter}` : `/core/api/projects/${project}`;
      const res = await h.request('admin', 'PATCH', url, body);
      expect(res.statusCode, `${clause}: ${res.body}`).toBe(200);
      const after = await answered(lawyer);
      expect(after, clause).toEqual(await expected(lawyer));
      expect(after.matters, clause).toContain(matter);
      expect(after.projects, clause).toContain(project);
      expect(after.times, clause).toContain(Number(time!.id));
    }
  });
});
