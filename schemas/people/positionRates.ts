import { defineEntity, f } from '../define';

/**
 * A position's rates per office (EMP-32/33, NAV-71/72): read-only through the API and the SPA
 * (no create, update or delete route); the rows come from the firm's rate tables (seed).
 */
export const positionRates = defineEntity({
  name: 'positionRates',
  entityName: 'PositionRate',
  label: 'Position rates',
  area: 'organisation',
  icon: 'Percent',
  module: 'POSITION_OFFICE_RATE',
  route: 'position-rates',
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    position: f.ref('positions', { required: true, onDelete: 'cascade' }),
    office: f.ref('offices', { required: true }),
    rate: f.money({ min: 0, label: 'Rate' }),
    currency: f.ref('currencies'),
    dateGte: f.date({ label: 'From' }),
    dateLte: f.date({ label: 'To', notBefore: 'dateGte' }),
  },
  projections: {
    full: { embed: { position: 'full', office: ['gfirmName'], currency: ['code'] } },
  },
  defaultSort: [['dateGte', 'desc']],
  recordRepresentation: '%{rate}',
  list: {
    columns: ['position', 'office', 'rate', 'currency', 'dateGte', 'dateLte'],
    filters: [
      { source: 'position.id', field: 'position', label: 'Position' },
      { source: 'office.id', field: 'office', label: 'Office' },
    ],
  },
});
