import { defineEntity, f } from '../define';
import { matterAccess, unlessAdminOrBilling } from './access';

/**
 * An hourly rate of a rate-based matter for one job title (MAT-03/18), in the matter's currency,
 * valid from `dateGte` to `dateLte` (both included; an empty end is open). The rates of one matter
 * and title never overlap (MC-3, `checkRateOverlap` in `server/engagements/rules.ts`):
 * a time entry is priced by the one valid on its day.
 */
export const matterRates = defineEntity({
  name: 'matterRates',
  entityName: 'MatterRate',
  label: 'Matter rates',
  area: 'engagements',
  icon: 'PriceChange',
  module: 'matter',
  hideFromMenu: true,
  fields: {
    matter: f.ref('matters', { required: true, onDelete: 'cascade' }),
    title: f.ref('titles', { required: true, filter: { rate: true } }),
    rate: f.money({ required: true, min: 0 }),
    dateGte: f.date({ label: 'From' }),
    dateLte: f.date({ label: 'To', notBefore: 'dateGte' }),
  },
  projections: { full: { embed: { title: ['name'] } } },
  // visible with its matter
  accessRule: unlessAdminOrBilling((user) => matterAccess(user, 'matter.id')),
  recordRepresentation: 'id',
  list: { projection: 'full', columns: ['matter', 'title', 'rate', 'dateGte', 'dateLte'] },
});
