import { defineEntity, f, rule } from '../define';
import { projectAccess, unlessAdminOrBilling } from './access';

/**
 * A project manager for one period of a project, with a share (PROJ-02/10); owned by the project
 * and visible with it. `GET /projectManagers?projectId&dateGte&dateLte` lists the managers whose
 * dates overlap the range (an open end overlaps everything on its side).
 */
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
    dateLte: f.date({ label: 'To', notBefore: 'dateGte' }),
  },
  projections: { full: { embed: { managerPosition: 'full' } } },
  accessRule: unlessAdminOrBilling((user) => projectAccess(user, 'project.id')),
  queryFilters: {
    dateGte: { type: 'date', where: (v) => rule.or(rule.isNull('dateLte'), rule.gte('dateLte', v as string)) },
    dateLte: { type: 'date', where: (v) => rule.or(rule.isNull('dateGte'), rule.lte('dateGte', v as string)) },
  },
  recordRepresentation: 'id',
  list: {
    projection: 'full',
    columns: ['project', 'managerPosition', 'percentage', 'periodIndexNumber', 'dateGte', 'dateLte'],
  },
});
