import type { VerificationStartContext } from '../../schemas/define';

/** The dictionary type code of APPROVER_TYPE (`schemas/finance/dictionaries.ts`); a type's id is its code. */
const APPROVER_TYPE = 22;

/**
 * A `verification.approvers` function: the active office approvers (`officeApprovers`) of one
 * document kind in the office `office` picks for the new document, in `orderliness` order (ties
 * by id). No office, or no active approver, gives an empty chain (decided by an admin).
 *
 * @param approverType the APPROVER_TYPE code (1 budget, 2 expense, 3 pre-invoice, 4 invoice, 5 matter)
 * @param office the office id for the new document (`null` for none)
 * @example
 * // matters: the matter approvers of the creating user's office
 * verification: { ownerType: 'MATTER', chainField: 'verificationChain', approvers: approversOfOffice(5, ({ user }) => user.employeeOfficeId) }
 */
export function approversOfOffice(
  approverType: number,
  office: (ctx: VerificationStartContext) => number | null | undefined | Promise<number | null | undefined>,
): (ctx: VerificationStartContext) => Promise<number[]> {
  return async (ctx) => {
    const officeId = await office(ctx);
    if (officeId === null || officeId === undefined) return [];
    const rows = await ctx.tx.query<{ employee_id: number }>(
      `SELECT oa.employee_id FROM office_approvers oa JOIN base_dictionaries d ON d.id = oa.type_id
       WHERE d.type_id = $1 AND d.code = $2 AND oa.office_id = $3 AND oa.active
       ORDER BY oa.orderliness, oa.id`,
      [APPROVER_TYPE, approverType, officeId],
    );
    return rows.map((r) => Number(r.employee_id));
  };
}

/**
 * An office picker for {@link approversOfOffice}: the office of the position the new document
 * names in `field` (a `ref('positions')`), else the creating user's office.
 *
 * @example
 * approvers: approversOfOffice(5, officeOfPosition('responsiblePosition'))
 */
export function officeOfPosition(field: string): (ctx: VerificationStartContext) => Promise<number | null> {
  return async ({ tx, record, user }) => {
    const position = (record[field] as { id?: number } | null | undefined)?.id;
    if (position !== undefined) {
      const [row] = await tx.query<{ office_id: number | null }>('SELECT office_id FROM positions WHERE id = $1', [
        position,
      ]);
      if (row?.office_id !== null && row?.office_id !== undefined) return Number(row.office_id);
    }
    return user.employeeOfficeId;
  };
}
