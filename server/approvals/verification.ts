import type { VerificationStartContext } from '../../schemas/define';
import { HttpError } from '../rest/errors';

/** The dictionary type code of APPROVER_TYPE (`schemas/finance/dictionaries.ts`); a type's id is its code. */
const APPROVER_TYPE = 22;

/** An approvers function that also tells which office it reads (the chain records it, MC-6). */
export type OfficeApprovers = ((ctx: VerificationStartContext) => Promise<number[]>) & {
  office: (ctx: VerificationStartContext) => Promise<number | null>;
};

/**
 * A `verification.approvers` function: the active office approvers (`officeApprovers`) of one
 * document kind in the office `office` picks for the new document, in `orderliness` order (ties
 * by id). The function's `office` member gives that office, which the chain records.
 *
 * MC-6: a document never gets a chain without approvers: no office, or an office without an
 * active approver of the kind, is refused with 409 naming what is missing, e.g.
 * `No active Matter approvers in office "Almaty": add them under the office's approvers ...`.
 *
 * @param approverType the APPROVER_TYPE code (1 budget, 2 expense, 3 pre-invoice, 4 invoice, 5 matter)
 * @param office the office id for the new document (`null` for none)
 * @throws HttpError 409 when the office is missing or has no active approver of the kind
 * @example
 * // matters: the matter approvers of the creating user's office
 * verification: { ownerType: 'MATTER', chainField: 'verificationChain', approvers: approversOfOffice(5, ({ user }) => user.employeeOfficeId) }
 */
export function approversOfOffice(
  approverType: number,
  office: (ctx: VerificationStartContext) => number | null | undefined | Promise<number | null | undefined>,
): OfficeApprovers {
  const officeOf = async (ctx: VerificationStartContext): Promise<number | null> => {
    const id = await office(ctx);
    return id === null || id === undefined ? null : Number(id);
  };
  const approvers = async (ctx: VerificationStartContext): Promise<number[]> => {
    const officeId = await officeOf(ctx);
    const [kind] = await ctx.tx.query<{ gname: string }>(
      'SELECT gname FROM base_dictionaries WHERE type_id = $1 AND code = $2',
      [APPROVER_TYPE, approverType],
    );
    const what = `${kind?.gname ?? `type ${approverType}`} approvers`;
    if (officeId === null)
      throw new HttpError(
        409,
        `This ${ctx.schema.entityName.toLowerCase()} has no office to take its ${what} from: ` +
          'name a responsible position of an office, or act as an employee of one',
      );
    const rows = await ctx.tx.query<{ employee_id: number }>(
      `SELECT oa.employee_id FROM office_approvers oa JOIN base_dictionaries d ON d.id = oa.type_id
       WHERE d.type_id = $1 AND d.code = $2 AND oa.office_id = $3 AND oa.active
       ORDER BY oa.orderliness, oa.id`,
      [APPROVER_TYPE, approverType, officeId],
    );
    if (rows.length === 0) {
      const [o] = await ctx.tx.query<{ name: string }>('SELECT gfirm_name AS name FROM offices WHERE id = $1', [
        officeId,
      ]);
      throw new HttpError(
        409,
        `No active ${what} (APPROVER_TYPE ${approverType}) in office "${o?.name ?? officeId}": ` +
          'its approval cannot start until the office has them (Offices, Approvers tab)',
      );
    }
    return rows.map((r) => Number(r.employee_id));
  };
  return Object.assign(approvers, { office: officeOf });
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
