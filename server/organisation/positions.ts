import { ACTIVE_POSITION, EXECUTORS_PAGE, PRODUCT_DEPARTMENT } from '../../schemas/organisation/positions';
import { invalidatePrincipals } from '../auth/verify';
import { type HookTx } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import { defineServer } from '../define';

/** The id of the POSITION_STATUS entry `code`, read inside the write's transaction. */
async function positionStatusId(tx: HookTx, code: number): Promise<number | null> {
  const [row] = await tx.query<{ id: string | number }>(
    'SELECT d.id FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = $1 AND d.code = $2',
    [dictionaryCode('POSITION_STATUS'), code],
  );
  return row ? Number(row.id) : null;
}

export const positionsServer = defineServer('positions', {
  hooks: {
    // the principals are loaded from employees and positions: a committed write makes them stale
    afterCommit: [async () => invalidatePrincipals()],
    beforeValidate: [
      // a new position without a status starts active: entry ids differ between databases, so the
      // default is looked up by its code rather than declared as an id
      async ({ tx, body, mode }) => {
        if (mode !== 'create' || (body.status !== undefined && body.status !== null)) return;
        const id = await positionStatusId(tx, ACTIVE_POSITION);
        if (id !== null) body.status = { id };
      },
    ],
  },
  actions: {
    // GET /core/api/positions/products?size=100: the positions of product departments, with the
    // list's filters and paging (EMP-21)
    products: async ({ list, query }) => {
      const params: Record<string, string> = { size: String(EXECUTORS_PAGE) };
      for (const [k, v] of Object.entries(query)) if (typeof v === 'string') params[k] = v;
      params['department.type.code'] = String(PRODUCT_DEPARTMENT);
      const page = await list.page(params);
      const size = Number(params.size);
      return {
        _embedded: { positions: page.items },
        page: {
          size,
          totalElements: page.totalElements,
          totalPages: Math.ceil(page.totalElements / size),
          number: Number(params.page ?? 0),
        },
      };
    },
  },
});
