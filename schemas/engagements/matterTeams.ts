import { defineEntity, f } from '../define';

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
    matter: f.ref('matters', { required: true, onDelete: 'cascade', unique: ['teamPosition'] }),
    teamPosition: f.ref('positions', { required: true, label: 'Team member' }),
  },
  projections: { full: { embed: { teamPosition: 'full' } } },
  recordRepresentation: 'id',
  list: { projection: 'full', columns: ['matter', 'teamPosition'] },
});
