/**
 * The shapes the department trees answer (`GET /departments/...`, their bodies in
 * `server/organisation/departmentTrees.ts`), shared with the structure page.
 */

/**
 * One node of a department tree (DICT-23): `{ id, gname, type: { code }, children }`, children
 * sorted by name. The structure trees add the office's current `positions` or `employees` of the
 * department itself.
 */
export interface DepartmentNode {
  id: number;
  gname: string;
  type: { code: number | null };
  children: DepartmentNode[];
  positions?: PositionLeaf[];
  employees?: EmployeeLeaf[];
}

/** A current position in a department: who holds it, at which level, main or not. */
export interface PositionLeaf {
  id: number;
  main: boolean;
  level: { gname: string | null };
  employee: { id: number; fullName: string };
}

/** An employee holding a current position in a department. */
export interface EmployeeLeaf {
  id: number;
  fullName: string;
}
