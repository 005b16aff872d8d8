import type { Harness } from './harness';

/**
 * Office approvers for tests that create documents without being about approvals (MC-6: a document
 * whose office has no approvers is refused): every APPROVER_TYPE (1 budget, 2 expense,
 * 3 pre-invoice, 4 invoice, 5 matter) gets one active approver in each fixture office - Anna in
 * Almaty, Boris in London - unless the office already has one of that type.
 * @example beforeAll(async () => { h = await createHarness(); await approversEverywhere(h); });
 */
export async function approversEverywhere(h: Harness): Promise<void> {
  const offices = [
    [h.fx.offices.almaty, h.fx.employees.anna],
    [h.fx.offices.london, h.fx.employees.boris],
  ] as const;
  for (const type of [1, 2, 3, 4, 5])
    for (const [office, employee] of offices) {
      const typeId = h.fx.dict('APPROVER_TYPE', type);
      const [taken] = await h.db.query(
        'SELECT 1 FROM office_approvers WHERE office_id = $1 AND type_id = $2 AND active',
        [office, typeId],
      );
      if (taken) continue;
      const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
        type: { id: typeId },
        office: { id: office },
        employee: { id: employee },
        orderliness: 1,
      });
      if (res.statusCode !== 201) throw new Error(`office approver not created: ${res.statusCode} ${res.body}`);
    }
}
