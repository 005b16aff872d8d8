import { defineEntity, f } from '../define';

/**
 * Office approvers (OFF-32..36): who approves which kind of document (APPROVER_TYPE) in an office,
 * in `orderliness` order. The chains of new documents are built from the active ones
 * (`officeApprovers` in `schemas/approvals/verification.ts`).
 */
export const officeApprovers = defineEntity({
  name: 'officeApprovers',
  entityName: 'OfficeApprover',
  label: 'Office approvers',
  area: 'organisation',
  icon: 'HowToReg',
  module: 'office',
  fields: {
    type: f.dictionary('APPROVER_TYPE', { required: true, label: 'Document type' }),
    office: f.ref('offices', { required: true, onDelete: 'cascade' }),
    employee: f.ref('employees', { required: true, label: 'Approver' }),
    orderliness: f.number({ integer: true, required: true, min: 0, label: 'Order' }),
    active: f.boolean({ default: true, label: 'Active' }),
  },
  projections: {
    full: { embed: { type: ['code', 'gname'], office: ['gfirmName'], employee: ['gfirstName', 'glastName'] } },
  },
  defaultSort: [['orderliness', 'asc']],
  recordRepresentation: 'orderliness',
  list: {
    columns: ['type', 'office', 'employee', 'orderliness', 'active'],
    filters: [
      { source: 'office.id', field: 'office', label: 'Office', alwaysOn: true },
      { source: 'type.id', field: 'type', label: 'Document type' },
    ],
  },
});
