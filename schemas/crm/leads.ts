import { defineEntity, f } from '../define';

/** Every move of a lead stage carries a comment (LEAD-10). */
const withComment = 'required' as const;

/**
 * Leads (LEAD-01..16) under the `project` module, list included (docs/decisions.md, NAV-107). The deal
 * stage is a status over the DEAL_STAGE dictionary (codes 1-10, LEAD-01): 1 prospecting, 2 first
 * point of contact, 3 negotiation, 4 presentation scheduled, 5 decision making, 6 proposal sent,
 * 7 project execution, 8 invoiced, 9 closed won, 10 closed lost. A move is also a
 * `PATCH /leads/{id}` with `statusId` and `comment` (LEAD-11).
 */
export const leads = defineEntity({
  name: 'leads',
  entityName: 'Lead',
  label: 'Leads',
  area: 'crm',
  icon: 'TrendingUp',
  module: 'project',
  trash: true,
  fields: {
    date: f.date({ required: true }),
    dealStage: f.dictionary('DEAL_STAGE'),
    businessRelationshipManager: f.ref('employees', { label: 'Business relationship manager' }),
    contact: f.ref('contacts'),
    description: f.longText(),
    leadSource: f.dictionary('LEAD_SOURCE'),
    // minutes (LEAD-03: 0 on create)
    notifyTimeInterval: f.number({ integer: true, min: 0, default: 0, label: 'Notify interval (minutes)' }),
    // the project the lead became (stage 7 "project execution" runs one)
    project: f.ref('projects', { onDelete: 'setNull' }),
  },
  status: {
    field: 'dealStage',
    initial: 1,
    transitions: [
      { from: [1], to: [2], comment: withComment }, // LEAD-04
      { from: [2], to: [3, 4, 6, 10], comment: withComment }, // LEAD-05
      { from: [3], to: [6, 4, 9, 10], comment: withComment }, // LEAD-06
      { from: [4], to: [6, 9, 10], comment: withComment }, // LEAD-07
      { from: [6], to: [5, 9, 10], comment: withComment }, // LEAD-08
      { from: [5], to: [9, 10], comment: withComment }, // LEAD-09
      // docs/decisions.md "lead stages 7 and 8": closed won -> project execution -> invoiced
      { from: [9], to: [7], comment: withComment },
      // a lead is invoiced by those who issue invoices
      { from: [7], to: [8], privilege: { module: 'invoice', action: 'create' }, comment: withComment },
    ],
    // invoiced and closed lost are terminal: what the lead was about no longer changes
    readOnlyIn: {
      8: ['date', 'contact', 'leadSource', 'description'],
      10: ['date', 'contact', 'leadSource', 'description'],
    },
    patch: { to: 'statusId', comment: 'comment' },
    // the open leads by stage, in pipeline order; a lead is closed lost or invoiced by a drop there
    board: {
      columns: [1, 2, 3, 4, 6, 5, 9, 7],
      targets: [10, 8],
      fields: ['contact', 'businessRelationshipManager', 'date'],
    },
  },
  projections: {
    full: {
      embed: {
        dealStage: ['code', 'gname'],
        leadSource: ['code', 'gname'],
        contact: ['gname'],
        businessRelationshipManager: ['gfirstName', 'glastName'],
        project: ['number', 'description'],
      },
    },
  },
  search: ['description'],
  recordRepresentation: '%{description}',
  indexes: [['contact', 'lastModifiedDate']],
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'date',
          'dealStage',
          'contact',
          'businessRelationshipManager',
          'leadSource',
          'notifyTimeInterval',
          'project',
          'description',
        ],
      },
      // NAV-108/109: the lead's tasks are its times that are not time entries (work type code 1)
      {
        name: 'tasks',
        label: 'Tasks',
        module: 'TIME',
        related: {
          collection: 'times',
          via: 'lead',
          filter: { 'workType.code.ne': 1 },
          projection: 'full',
          columns: ['dateTime', 'workType', 'employee', 'workDescription', 'duration'],
        },
      },
    ],
  },
  // a selection of leads is assigned to a manager or given a source at once
  bulk: { fields: ['businessRelationshipManager', 'leadSource'] },
  list: {
    projection: 'full',
    columns: ['date', 'dealStage', 'contact', 'businessRelationshipManager', 'leadSource', 'description'],
    inlineEdit: ['date', 'leadSource'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'dealStage.id', field: 'dealStage', label: 'Deal stage' },
    ],
  },
});
