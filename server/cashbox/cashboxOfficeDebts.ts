import { defineServer } from '../define';

export const cashboxOfficeDebtsServer = defineServer('cashboxOfficeDebts', {
  computed: {
    debtCurrencyCode:
      '(SELECT c.code FROM cashbox_periods p JOIN currencies c ON c.id = p.currency_id WHERE p.id = {row}.cashbox_period_id)',
    paymentStatus: `(SELECT CASE WHEN count(*) = 0 THEN NULL WHEN bool_and(d.code = 2) THEN 2 ELSE 1 END
        FROM cashbox_office_debt_creditors c JOIN base_dictionaries d ON d.id = c.payment_status_id
        WHERE c.cashbox_office_debt_id = {row}.id)`,
  },
  actions: {
    // GET /core/api/cashboxOfficeDebts/all?gte&lte&officeId&creditorOfficeId (OFF-46): the debts
    // whose period overlaps gte..lte, of the debtor office and owed to the creditor office given
    all: async ({ list, input }) => {
      // a reference input arrives as its id (or `{ id }`)
      const id = (v: unknown) => {
        const raw = v && typeof v === 'object' ? (v as { id?: unknown }).id : v;
        return typeof raw === 'number' ? String(raw) : undefined;
      };
      const query: Record<string, string> = { size: '1000', projection: 'full' };
      if (typeof input.gte === 'string') query['cashboxPeriod.reportDateLte.gte'] = input.gte;
      if (typeof input.lte === 'string') query['cashboxPeriod.reportDateGte.lte'] = input.lte;
      const office = id(input.officeId);
      if (office) query['cashboxPeriod.office.id'] = office;
      const creditor = id(input.creditorOfficeId);
      if (creditor) query['creditorOffices.office.id'] = creditor;
      const period = id(input.cashboxPeriodId);
      if (period) query['cashboxPeriod.id'] = period;
      return (await list.page(query)).items;
    },
  },
});
