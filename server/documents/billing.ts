import type { DocumentContext, HookTx, WireRecord } from '../../schemas/define';
import { minorUnits, toMoney } from '../../schemas/money';
import { invoiceLines } from '../billing/invoiceLines';
import type { ServerDocuments } from '../define';
import { notTrashed } from '../trash/columns';

/**
 * What the invoice and pre-invoice documents print (PRE-15, INV-28), declared as their
 * `documents` option. Every value is text: money with two decimals in the document's currency,
 * percents x100, dates `YYYY-MM-DD`, durations in hours with two decimals; an empty field is ''.
 */

type Ref = { id?: number } | null | undefined;
const idOf = (v: unknown): number | null => (v as Ref)?.id ?? null;

/** Money as printed: two decimals (half-up), '' when empty. Never a float. */
export const printMoney = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '' : toMoney(v as string).toFixed(2);

/**
 * Money as printed with its currency (MC-4: every printed amount names its currency):
 * the currency's minor units (JPY 0, KWD 3, most 2), half-up, then the ISO code -
 * `printAmount('96000.15', 'KZT')` is `96000.15 KZT`; '' when empty.
 */
export const printAmount = (v: unknown, currency: string): string =>
  v === null || v === undefined || v === ''
    ? ''
    : `${toMoney(v as string).toFixed(minorUnits(currency))}${currency ? ` ${currency}` : ''}`;

/** A quantity as printed: up to 4 decimals, trailing zeros dropped (`1.5`, `1`). */
const printQuantity = (v: ReturnType<typeof toMoney>): string => v.toDecimalPlaces(4).toFixed();

/** A date or date-time as `YYYY-MM-DD`, '' when empty. */
export const printDate = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : new Date(s).toISOString().slice(0, 10);
};

/** Milliseconds as hours with two decimals (`5400000` -> `1.50`). */
const printHours = (ms: unknown): string => (ms == null ? '' : toMoney(String(ms)).div(3_600_000).toFixed(2));

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * The office `sql` finds for the referenced row (`$1` its id, one column `office`), or null when
 * the reference or the office is missing.
 */
async function officeBy(tx: HookTx, sql: string, ref: Ref): Promise<number | null> {
  const id = idOf(ref);
  if (id === null) return null;
  const [row] = await tx.query<{ office: string | number | null }>(sql, [id]);
  return row?.office == null ? null : Number(row.office);
}

/** The office of an office transit account (through its office account), or null. */
const officeOfTransitAccount = (tx: HookTx, transitAccount: Ref): Promise<number | null> =>
  officeBy(
    tx,
    `SELECT oa.office_id AS office FROM office_transit_accounts ota
       JOIN office_accounts oa ON oa.id = ota.office_account_id WHERE ota.id = $1`,
    transitAccount,
  );

/** The office of a position, or null. */
const officeOfPosition = (tx: HookTx, position: Ref): Promise<number | null> =>
  officeBy(tx, 'SELECT office_id AS office FROM positions WHERE id = $1', position);

/** The office of the project's business relationship manager position, or null. */
const officeOfProjectBrm = (tx: HookTx, project: Ref): Promise<number | null> =>
  officeBy(
    tx,
    `SELECT p.office_id AS office FROM projects pr
       JOIN positions p ON p.id = pr.business_relationship_manager_position_id WHERE pr.id = $1`,
    project,
  );

/**
 * The office whose templates print a billing document: the office of its transit account, else of
 * its own BRM position (invoices), else of its project's BRM position, else of the matter's
 * responsible position (pre-invoices), else the signed-in user's office.
 */
export async function billingOffice({ tx, record, user }: DocumentContext): Promise<number | null> {
  return (
    (await officeOfTransitAccount(tx, record.officeTransitAccount as Ref)) ??
    (await officeOfPosition(tx, record.brmPosition as Ref)) ??
    (await officeOfProjectBrm(tx, record.project as Ref)) ??
    (await matterOffice(tx, record.matter as Ref)) ??
    user.employeeOfficeId
  );
}

const matterOffice = (tx: HookTx, matter: Ref): Promise<number | null> =>
  officeBy(
    tx,
    `SELECT p.office_id AS office FROM matters m JOIN positions p ON p.id = m.responsible_position_id WHERE m.id = $1`,
    matter,
  );

/**
 * TEMPLATE_LOCATION_TYPE of a billing document: 1 (local) when the payer client's country is the
 * office's billing or physical country, 2 (international) when both are known and differ, else null.
 */
export async function billingLocation(ctx: DocumentContext): Promise<number | null> {
  const office = await billingOffice(ctx);
  const client = idOf(ctx.record.payerClient);
  if (office === null || client === null) return null;
  const [row] = await ctx.tx.query<{ local: boolean | null }>(
    `SELECT c.country_id IN (o.billing_country_id, o.physical_country_id) AS local
       FROM clients c, offices o WHERE c.id = $1 AND o.id = $2 AND c.country_id IS NOT NULL`,
    [client, office],
  );
  return row?.local == null ? null : row.local ? 1 : 2;
}

/** What every billing document prints about its office and payer. */
async function partyData(ctx: DocumentContext): Promise<Record<string, string>> {
  const office = await billingOffice(ctx);
  const [o] =
    office === null
      ? []
      : await ctx.tx.query<Record<string, string | null>>(
          `SELECT gfirm_name, gbill_firm_name, gbill_address, bin FROM offices WHERE id = $1`,
          [office],
        );
  const [c] = await ctx.tx.query<Record<string, string | null>>(
    'SELECT gname, address, iin_bin FROM clients WHERE id = $1',
    [idOf(ctx.record.payerClient)],
  );
  return {
    office: text(o?.gbill_firm_name ?? o?.gfirm_name),
    officeAddress: text(o?.gbill_address),
    officeBin: text(o?.bin),
    client: text(c?.gname),
    clientAddress: text(c?.address),
    clientBin: text(c?.iin_bin),
  };
}

const refText = (v: unknown, field: string): string => text((v as WireRecord | null | undefined)?.[field]);

/**
 * The payments of a billing document, oldest first: `{ date, amount, paid, notes }` (`paid` the
 * amount with the document's currency, `currency`).
 */
async function payments(tx: HookTx, column: 'invoice_id' | 'pre_invoice_id', id: unknown, currency: string) {
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT payment_date, amount, notes FROM payment_histories WHERE ${column} = $1 ORDER BY payment_date, id`,
    [id],
  );
  return rows.map((r) => ({
    date: printDate(r.payment_date),
    amount: printMoney(r.amount),
    paid: printAmount(r.amount, currency),
    notes: text(r.notes),
  }));
}

const LINE_KINDS = { time: 'Time', fee: 'Fixed fee', expense: 'Expense', preInvoice: 'Pre-invoice' } as const;

/**
 * The invoice's tags: `number`, `date`, `periodFrom`, `periodTo`, `client`, `project`, `contract`,
 * `amount` (its total), `currency` (code), the office and payer details, and the loops `times`
 * (`date`, `employee`, `description`, `hours`), `expenses` (`date`, `type`, `description`,
 * `amount`, `currency`) and `payments` (`date`, `amount`, `notes`), with `totalHours` and
 * `totalExpenses`; time entries and expenses in the trash are left out.
 *
 * MC-4 and MC-5 (every printed amount names its currency; a client can rebuild the amount
 * due): `amountDue` and `amountDueUsd` (the total with its currency), the loop `lines` - every
 * time entry, fixed fee, expense and pre-invoice the invoice charges (`kind`, `date`,
 * `description`, `quantity`, `rate` with its currency, `amount` in the invoice currency; see
 * `invoiceLines`) - whose amounts add up to `linesTotal`, equal to `amountDue` once the invoice is
 * recalculated; the loop `preInvoices` (`number`, `date`, `amount`, `vatAmount`, with currency);
 * `expenseTotals` (the expenses per currency, `120.00 USD; 5.00 EUR`), and `paid` in each payment.
 */
export async function invoiceData(ctx: DocumentContext): Promise<Record<string, unknown>> {
  const { tx, record } = ctx;
  const times = await tx.query<Record<string, unknown>>(
    `SELECT t.date_time, t.work_description, t.duration, e.gfirst_name, e.glast_name
       FROM times t LEFT JOIN employees e ON e.id = t.employee_id
      WHERE t.invoice_id = $1 AND ${notTrashed('t')} ORDER BY t.date_time, t.id`,
    [record.id],
  );
  const expenses = await tx.query<Record<string, unknown>>(
    `SELECT x.date, d.gname AS type, x.description, x.amount, c.code AS currency
       FROM expenses x LEFT JOIN base_dictionaries d ON d.id = x.expense_type_id
       LEFT JOIN currencies c ON c.id = x.currency_id
      WHERE x.invoice_id = $1 AND ${notTrashed('x')} ORDER BY x.date, x.id`,
    [record.id],
  );
  const totalMs = times.reduce((n, t) => n + Number(t.duration ?? 0), 0);
  const currency = refText(record.currency, 'code');
  const priced = await invoiceLines(tx, Number(record.id));
  const byCurrency = new Map<string, ReturnType<typeof toMoney>>();
  for (const x of expenses) {
    const c = text(x.currency);
    byCurrency.set(c, (byCurrency.get(c) ?? toMoney(0)).plus(toMoney((x.amount as string | null) ?? 0)));
  }
  const pres = await tx.query<Record<string, unknown>>(
    `SELECT p.number, p.date, p.amount, p.vat_amount, c.code AS currency
       FROM pre_invoices p LEFT JOIN currencies c ON c.id = p.currency_id
      WHERE p.invoice_id = $1 ORDER BY p.date, p.id`,
    [record.id],
  );
  return {
    ...(await partyData(ctx)),
    number: [text(record.number), text(record.numberSuffix)].filter((s) => s !== '').join('-'),
    date: printDate(record.date),
    periodFrom: printDate(record.periodGte),
    periodTo: printDate(record.periodLte),
    project: [refText(record.project, 'number'), refText(record.project, 'description')].filter(Boolean).join(' '),
    contract: text(record.contract),
    amount: printMoney(record.totalAmount ?? 0),
    amountUsd: printMoney(record.totalAmountUsd ?? 0),
    currency: refText(record.currency, 'code'),
    times: times.map((t) => ({
      date: printDate(t.date_time),
      employee: [text(t.gfirst_name), text(t.glast_name)].filter(Boolean).join(' '),
      description: text(t.work_description),
      hours: printHours(t.duration ?? 0),
    })),
    totalHours: printHours(totalMs),
    expenses: expenses.map((x) => ({
      date: printDate(x.date),
      type: text(x.type),
      description: text(x.description),
      amount: printMoney(x.amount),
      currency: text(x.currency),
    })),
    totalExpenses: printMoney(
      expenses.reduce((sum, x) => sum.plus(toMoney((x.amount as string | null) ?? 0)), toMoney(0)),
    ),
    payments: await payments(tx, 'invoice_id', record.id, currency),
    amountDue: printAmount(record.totalAmount ?? 0, currency),
    amountDueUsd: printAmount(record.totalAmountUsd ?? 0, 'USD'),
    lines: priced.lines.map((l) => ({
      kind: LINE_KINDS[l.kind],
      date: printDate(l.date),
      description: l.description,
      quantity: printQuantity(l.quantity),
      rate: l.rate === null ? '' : printAmount(l.rate, l.rateCurrency),
      amount: printAmount(l.amount, priced.currency),
    })),
    linesTotal: printAmount(priced.total, priced.currency),
    preInvoices: pres.map((p) => ({
      number: text(p.number),
      date: printDate(p.date),
      amount: printAmount(p.amount, text(p.currency)),
      vatAmount: printAmount(p.vat_amount ?? 0, text(p.currency)),
    })),
    expenseTotals: [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, sum]) => printAmount(sum, c))
      .join('; '),
  };
}

/**
 * The pre-invoice's tags: `number`, `date`, `client`, `project`, `matter`, `contract`, `hours`,
 * `amount`, `currency` (code), `vatPercent` (x100), `vatAmount`, `balance`, the office and payer
 * details, and the loop `payments` (`date`, `amount`, `paid`, `notes`). With their currency (issue
 * 30 items 4-5): `amountDue`, `vatDue`, `balanceDue`, and the manually closed amount
 * `manualClosedAmount` (a number, as `amount`) and `manualClosed` (with the currency).
 */
export async function preInvoiceData(ctx: DocumentContext): Promise<Record<string, unknown>> {
  const { tx, record } = ctx;
  const vat = record.vatPercent;
  return {
    ...(await partyData(ctx)),
    number: text(record.number),
    date: printDate(record.date),
    project: [refText(record.project, 'number'), refText(record.project, 'description')].filter(Boolean).join(' '),
    matter: [refText(record.matter, 'number'), refText(record.matter, 'description')].filter(Boolean).join(' '),
    contract: text(record.contract),
    hours: record.hoursAmount == null ? '' : toMoney(String(record.hoursAmount)).toFixed(2),
    amount: printMoney(record.amount),
    currency: refText(record.currency, 'code'),
    vatPercent:
      vat == null
        ? ''
        : toMoney(String(vat))
            .times(100)
            .toFixed(2)
            .replace(/\.?0+$/, ''),
    vatAmount: printMoney(record.vatAmount),
    balance: printMoney(record.balance),
    manualClosedAmount: printMoney(record.manualClosedAmount ?? 0),
    manualClosed: printAmount(record.manualClosedAmount ?? 0, refText(record.currency, 'code')),
    amountDue: printAmount(record.amount, refText(record.currency, 'code')),
    vatDue: printAmount(record.vatAmount ?? 0, refText(record.currency, 'code')),
    balanceDue: printAmount(record.balance ?? 0, refText(record.currency, 'code')),
    payments: await payments(tx, 'pre_invoice_id', record.id, refText(record.currency, 'code')),
  };
}

const fileName = ({ record, documentType }: DocumentContext): string =>
  `${documentType.gname} ${text(record.number) || String(record.id)} ${printDate(record.date)}.docx`;

/** `GET /core/api/invoices/template/{id}/{templateKey}` (INV-28): Invoice (1), Act (3) or Contract (4). */
export const invoiceDocuments: ServerDocuments = {
  office: billingOffice,
  location: billingLocation,
  data: invoiceData,
  fileName,
};

/** `GET /core/api/preInvoices/template/{id}/{key}` (PRE-15): Pre-invoice (2), Act (3) or Contract (4). */
export const preInvoiceDocuments: ServerDocuments = {
  office: billingOffice,
  location: billingLocation,
  data: preInvoiceData,
  fileName,
};
