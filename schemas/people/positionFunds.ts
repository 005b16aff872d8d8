import { defineEntity, f } from '../define';
import { usesTarget } from './fundSchemes';

/**
 * A position's partner funds (EMP-22..31, NAV-70/72): for a period, the share the position puts
 * into a fund and the share it gets from it (fractions on the wire, shown as percent, EMP-23),
 * and where the fund transfers to. The scheme decides the transfer targets (EMP-24..27,
 * `fundSchemes.ts`): a target the scheme does not use is not shown by the form, not sent, and
 * stored as null by the server whatever a client sends (docs/decisions.md "Fund schemes").
 */
export const positionFunds = defineEntity({
  name: 'positionFunds',
  entityName: 'PositionFund',
  label: 'Position funds',
  area: 'organisation',
  icon: 'Savings',
  module: 'POSITION_PARTNER_FUND',
  route: 'position-funds',
  fields: {
    position: f.ref('positions', { required: true, onDelete: 'cascade' }),
    type: f.dictionary('POSITION_FUND_TYPE', { required: true }),
    dateGte: f.date({ required: true, label: 'From' }),
    dateLte: f.date({ label: 'To', notBefore: 'dateGte' }),
    put: f.percent({ min: 0, max: 1, default: 0, label: 'Put' }),
    get: f.percent({ min: 0, max: 1, default: 0, label: 'Get' }),
    scheme: f.dictionary('FUND_SCHEME', { required: true }),
    transferOffice: f.ref('offices', {
      label: 'Transfer office',
      onDelete: 'setNull',
      sendWhen: usesTarget('transferOffice'),
    }),
    transferDepartment: f.ref('departments', {
      label: 'Transfer department',
      onDelete: 'setNull',
      sendWhen: usesTarget('transferDepartment'),
    }),
    transferPosition: f.ref('positions', {
      label: 'Transfer position',
      onDelete: 'setNull',
      sendWhen: usesTarget('transferPosition'),
    }),
  },
  projections: {
    full: {
      embed: {
        position: 'full',
        type: ['code', 'gname'],
        scheme: ['code', 'gname'],
        transferOffice: ['gfirmName'],
        transferDepartment: ['gname'],
        transferPosition: 'full',
      },
    },
  },
  defaultSort: [['dateGte', 'desc']],
  recordRepresentation: '%{type.gname} %{dateGte}',
  list: {
    columns: ['position', 'type', 'scheme', 'put', 'get', 'dateGte', 'dateLte'],
    filters: [
      { source: 'position.id', field: 'position', label: 'Position' },
      { source: 'scheme.id', field: 'scheme', label: 'Scheme' },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'position',
          'type',
          'dateGte',
          'dateLte',
          'put',
          'get',
          'scheme',
          'transferOffice',
          'transferDepartment',
          'transferPosition',
        ],
      },
    ],
  },
});
