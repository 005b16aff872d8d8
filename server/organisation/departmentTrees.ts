import type { ActionContext, ActionListRows, WireRecord } from '../../schemas/define';
import type { DepartmentNode, EmployeeLeaf, PositionLeaf } from '../../schemas/organisation/departmentTrees';

/**
 * The bodies of the department trees, declared as `GET` collection actions of `schemas/organisation/departments.ts`
 * (DICT-23, DICT-30..33). Departments are read through `ActionContext.list`, so the request's list
 * filters (`status.code=1`, `type.code.in=7,15`, `search`) and any access rule of departments hold
 * here exactly as on `GET /departments`; positions and employees are read open to every signed-in
 * user, as their own lists are.
 */

/** Department type codes the trees treat specially (docs/decisions.md, "Department trees"). */
export const SECTOR_TYPE = 7;

/** The most departments one list page returns; larger firms are read page after page. */
const PAGE = 1000;

/** The request's filters for `list.page`: repeated parameters joined (`in` lists), `names` left out. */
function listFilters(query: ActionContext['query'], drop: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || drop.includes(k) || ['page', 'size', 'sort', 'projection'].includes(k)) continue;
    out[k] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
}

/** Every department the list selects for `filters`, sorted by name, read a page at a time. */
async function everyDepartment(list: ActionListRows, filters: Record<string, string>): Promise<WireRecord[]> {
  const rows: WireRecord[] = [];
  for (let page = 0; ; page++) {
    const { items, totalElements } = await list.page({
      ...filters,
      page: String(page),
      size: String(PAGE),
      sort: 'gname,asc',
      projection: 'full',
    });
    rows.push(...items);
    if (items.length < PAGE || rows.length >= totalElements) return rows;
  }
}

const nodeOf = (row: WireRecord): DepartmentNode => ({
  id: Number(row.id),
  gname: String(row.gname ?? ''),
  type: { code: ((row.type as { code?: number } | null)?.code ?? null) as number | null },
  children: [],
});

/** Links `rows` into trees by `parent`; a row whose parent is not among them is a root. */
function linkTrees(rows: WireRecord[]): { roots: DepartmentNode[]; byId: Map<number, DepartmentNode> } {
  const byId = new Map(rows.map((r) => [Number(r.id), nodeOf(r)]));
  const roots: DepartmentNode[] = [];
  for (const r of rows) {
    const parent = (r.parent as { id?: number } | null)?.id;
    const node = byId.get(Number(r.id))!;
    const owner = parent === undefined ? undefined : byId.get(Number(parent));
    if (owner && owner !== node) owner.children.push(node);
    else roots.push(node);
  }
  return { roots, byId };
}

/**
 * `GET /departments/all?type.code.in=7,15` -> `DepartmentNode[]` (DICT-30/31): every department the
 * filters select, each with its sub-departments (all of them, whatever the filters) expanded
 * below it - except sectors (type code 7), which come without children. A selected department
 * that sits below another selected one appears once, under it.
 * @example
 * // GET /core/api/departments/all?type.code.in=7,15
 * [{ "id": 4, "gname": "Energy", "type": { "code": 7 }, "children": [] },
 *  { "id": 9, "gname": "Tax", "type": { "code": 15 }, "children": [{ "id": 12, "gname": "VAT", ... }] }]
 * @throws 400 for a filter the departments list refuses
 */
export async function allDepartments({ list, query }: ActionContext): Promise<DepartmentNode[]> {
  const selected = await everyDepartment(list, listFilters(query, []));
  const everything = await everyDepartment(list, {});
  const { byId } = linkTrees(everything);
  const chosen = new Set(selected.map((r) => Number(r.id)));
  const expand = (node: DepartmentNode): DepartmentNode =>
    node.type.code === SECTOR_TYPE ? { ...node, children: [] } : { ...node, children: node.children.map(expand) };
  const parentOf = new Map(everything.map((r) => [Number(r.id), (r.parent as { id?: number } | null)?.id]));
  // below a selected department that is expanded (not a sector): already shown inside its tree
  const underChosen = (id: number): boolean => {
    const seen = new Set<number>([id]);
    for (let p = parentOf.get(id); p !== undefined && p !== null && !seen.has(Number(p)); p = parentOf.get(Number(p))) {
      if (chosen.has(Number(p)) && byId.get(Number(p))?.type.code !== SECTOR_TYPE) return true;
      seen.add(Number(p));
    }
    return false;
  };
  return selected.filter((r) => !underChosen(Number(r.id))).map((r) => expand(byId.get(Number(r.id))!));
}

/** Keeps the nodes that hold something or have a descendant that does. */
function prune(nodes: DepartmentNode[], holds: (n: DepartmentNode) => boolean): DepartmentNode[] {
  const out: DepartmentNode[] = [];
  for (const n of nodes) {
    const children = prune(n.children, holds);
    if (children.length > 0 || holds(n)) out.push({ ...n, children });
  }
  return out;
}

/** The current positions (started, not ended) held in `officeId`, by department id. */
async function officePositions(ctx: ActionContext, officeId: number): Promise<Map<number, PositionLeaf[]>> {
  const rows = await ctx.tx.query<{
    id: number;
    department: number;
    main: boolean | null;
    level: string | null;
    employee: number;
    first: string;
    last: string;
  }>(
    `SELECT p.id, p.department_id AS department, p.main, l.gname AS level,
            e.id AS employee, e.gfirst_name AS first, e.glast_name AS last
       FROM positions p
       JOIN employees e ON e.id = p.employee_id
       LEFT JOIN base_dictionaries l ON l.id = p.level_id
      WHERE p.office_id = $1 AND p.department_id IS NOT NULL
        AND (p.date_gte IS NULL OR p.date_gte <= current_date)
        AND (p.date_lte IS NULL OR p.date_lte >= current_date)
      ORDER BY p.main DESC, e.glast_name, e.gfirst_name, p.id`,
    [officeId],
  );
  const out = new Map<number, PositionLeaf[]>();
  for (const r of rows) {
    const leaf: PositionLeaf = {
      id: Number(r.id),
      main: r.main === true,
      level: { gname: r.level },
      employee: { id: Number(r.employee), fullName: `${r.first} ${r.last}`.trim() },
    };
    const list = out.get(Number(r.department)) ?? [];
    list.push(leaf);
    out.set(Number(r.department), list);
  }
  return out;
}

/** The office asked for: `officeId` from the query string, a positive integer (400 otherwise). */
function officeOf(ctx: ActionContext): number {
  const raw = ctx.input.officeId;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw Object.assign(new Error('officeId is required'), { statusCode: 400 });
  return id;
}

/** Departments with the office's positions, as a pruned tree (the structure page). */
async function officeTree(ctx: ActionContext): Promise<{ roots: DepartmentNode[]; held: Map<number, PositionLeaf[]> }> {
  const officeId = officeOf(ctx);
  const held = await officePositions(ctx, officeId);
  const rows = await everyDepartment(ctx.list, listFilters(ctx.query, ['officeId']));
  const { roots } = linkTrees(rows);
  return { roots: prune(roots, (n) => held.has(n.id)), held };
}

/**
 * `GET /departments/all/with-positions?officeId=3` -> `DepartmentNode[]` (DICT-32, the structure
 * page): the department tree cut down to the departments where the office has current positions
 * (and their ancestors), each node with `positions` - the current positions of the office held
 * in that department, main ones first. Other list filters (`status.code=1`) choose the
 * departments.
 * @example
 * // GET /core/api/departments/all/with-positions?officeId=3
 * [{ "id": 1, "gname": "Bureau", "type": { "code": 2 }, "positions": [], "children": [
 *   { "id": 7, "gname": "Energy", "type": { "code": 7 }, "children": [],
 *     "positions": [{ "id": 5, "main": true, "level": { "gname": "Partners" }, "employee": { "id": 2, "fullName": "Anna Abenova" } }] }] }]
 * @throws 400 `{ message }` without a positive integer `officeId`
 */
export async function departmentsWithPositions(ctx: ActionContext): Promise<DepartmentNode[]> {
  const { roots, held } = await officeTree(ctx);
  const fill = (n: DepartmentNode): DepartmentNode => ({
    ...n,
    positions: held.get(n.id) ?? [],
    children: n.children.map(fill),
  });
  return roots.map(fill);
}

/**
 * `GET /departments/all/by-employee?officeId=3` -> `DepartmentNode[]` (DICT-33): the same tree as
 * `/all/with-positions`, each node with `employees` - the office's employees holding a current
 * position in that department, each once.
 * @example
 * // GET /core/api/departments/all/by-employee?officeId=3
 * [{ "id": 7, "gname": "Energy", "type": { "code": 7 }, "children": [], "employees": [{ "id": 2, "fullName": "Anna Abenova" }] }]
 * @throws 400 `{ message }` without a positive integer `officeId`
 */
export async function departmentsByEmployee(ctx: ActionContext): Promise<DepartmentNode[]> {
  const { roots, held } = await officeTree(ctx);
  const fill = (n: DepartmentNode): DepartmentNode => {
    const seen = new Map<number, EmployeeLeaf>();
    for (const p of held.get(n.id) ?? []) seen.set(p.employee.id, p.employee);
    return { ...n, employees: [...seen.values()], children: n.children.map(fill) };
  };
  return roots.map(fill);
}
