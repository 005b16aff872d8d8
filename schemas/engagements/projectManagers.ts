import { defineEntity, f } from '../define';

/** A project manager for one period of a project, with a share (PROJ-02/10); owned by the project. */
export const projectManagers = defineEntity({
  name: 'projectManagers',
  entityName: 'ProjectManager',
  label: 'Project managers',
  area: 'engagements',
  icon: 'ManageAccounts',
  module: 'project',
  hideFromMenu: true,
  fields: {
    project: f.ref('projects', { required: true, onDelete: 'cascade' }),
    managerPosition: f.ref('positions', { required: true, label: 'Manager' }),
    percentage: f.percent({ required: true, min: 0, max: 1 }),
    periodIndexNumber: f.number({ integer: true, min: 0, label: 'Period' }),
    dateGte: f.date({ label: 'From' }),
    dateLte: f.date({ label: 'To' }),
  },
  projections: { full: { embed: { managerPosition: 'full' } } },
  recordRepresentation: 'id',
  list: {
    projection: 'full',
    columns: ['project', 'managerPosition', 'percentage', 'periodIndexNumber', 'dateGte', 'dateLte'],
  },
});
