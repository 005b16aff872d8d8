import { defineEntity, f } from '../define';
import { closesCashbox, seesAllCashbox } from './access';

/** Where a cashbox version is (docs/areas/cashbox-store.md): open until a top manager closes it. */
export const CASHBOX_PERIOD_STATUSES = ['OPEN', 'CLOSED'] as const;

/**
 * A cashbox period (CASH-20): one version of one office's month in one currency, the frame every
 * cashbox figure belongs to - the office, its traffic type, the currency, the first and last day
 * (`reportDateGte`, `reportDateLte`), the version (`version {code}`: 1 for the month's first
 * calculation, n+1 for each recalculation; CASH-11 reads it) and whether it is closed (by whom,
 * when). The calculation writes periods (`POST /cashbox/calculate`, CASH-40); through the API
 * they are read (CASH-27), compared with the previous version (`GET /cashboxPeriods/{id}/diff`)
 * and closed by a top manager (`POST /cashboxPeriods/{id}/close`). docs/decisions.md "Cashbox
 * periods for debts", "Cashbox versions".
 */
export const cashboxPeriods = defineEntity({
  name: 'cashboxPeriods',
  entityName: 'CashboxPeriod',
  label: 'Cashbox periods',
  area: 'cashbox',
  icon: 'CalendarMonth',
  module: 'cashbox',
  hideFromMenu: true,
  // `version` is the business field (CASH-20); the optimistic lock is `lockVersion`
  lockProperty: 'lockVersion',
  // periods are office-level frames: every signed-in user reads them (the rows inside are ruled)
  access: { read: 'signedIn', write: 'module', page: 'module' },
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    office: f.ref('offices', { required: true }),
    officeTrafficType: f.dictionary('TRAFFIC_TYPE', { label: 'Traffic type' }),
    currency: f.ref('currencies', { required: true }),
    reportDateGte: f.date({ required: true, label: 'From' }),
    reportDateLte: f.date({ required: true, label: 'To', notBefore: 'reportDateGte' }),
    version: f.dictionary('CASHBOX_VERSION', { label: 'Version' }),
    status: f.enum(CASHBOX_PERIOD_STATUSES, { label: 'Status' }),
    closedBy: f.text({ readOnly: true, label: 'Closed by' }),
    closedDate: f.dateTime({ readOnly: true, label: 'Closed' }),
    calculatedBy: f.text({ readOnly: true, label: 'Calculated by' }),
    calculatedDate: f.dateTime({ readOnly: true, label: 'Calculated' }),
    // the digest of the version's figures when it was closed (`cashboxVersionDigest`): the money
    // check's `cashbox-closed-unchanged` recomputes it
    closedDigest: f.text({ readOnly: true, maxLength: 64, label: 'Digest when closed' }),
  },
  projections: {
    full: {
      embed: {
        office: ['gfirmName'],
        currency: ['code', 'gname'],
        version: ['code', 'gname'],
        officeTrafficType: ['code', 'gname'],
      },
    },
  },
  actions: {
    // GET /cashboxPeriods/{id}/diff: this version against the previous one, line by line
    diff: {
      level: 'item',
      methods: ['GET'],
      summary:
        'The figures that changed since the previous version of the month, per position, and the sources that differ',
      access: { allow: (user) => seesAllCashbox(user.roles) },
    },
    // POST /cashboxPeriods/{id}/close: a top manager closes the version
    close: {
      level: 'item',
      summary: 'Closes the version: balances carry it forward, rankings and dashboards read it',
      access: { allow: (user) => closesCashbox(user.roles) },
    },
  },
  defaultSort: [['reportDateGte', 'desc']],
  recordRepresentation: '%{reportDateGte} %{reportDateLte}',
  indexes: [['office', 'reportDateGte']],
  list: {
    columns: ['office', 'currency', 'reportDateGte', 'reportDateLte', 'version', 'status'],
    filters: [
      { source: 'office.id', field: 'office', label: 'Office' },
      { source: 'reportDateGte.gte', field: 'reportDateGte', label: 'From' },
    ],
  },
});
