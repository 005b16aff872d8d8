import { defineEntity, f } from '../define';
import { matterAccess, unlessAdminOrBilling } from './access';

/** A member of a matter's team (MAT-02): a position; owned by the matter. */
export const matterTeams = defineEntity({
  name: 'matterTeams',
  entityName: 'MatterTeam',
  label: 'Matter teams',
  area: 'engagements',
  icon: 'Groups',
  module: 'matter',
  hideFromMenu: true,
  fields: {
    matter: f.ref('matters', { required: true, onDelete: 'cascade' }),
    teamPosition: f.ref('positions', { required: true, label: 'Team member' }),
  },
  projections: { full: { embed: { teamPosition: 'full' } } },
  // visible with its matter
  accessRule: unlessAdminOrBilling((user) => matterAccess(user, 'matter.id')),
  // the access lists ask "is one of these positions on this matter's team": answered from the index alone
  indexes: [['matter', 'teamPosition']],
  recordRepresentation: 'id',
  list: { projection: 'full', columns: ['matter', 'teamPosition'] },
});
