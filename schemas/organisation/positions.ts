import { defineEntity, f } from '../define';

/** Department type code of product departments: their positions are the executors (EMP-21). */
export const PRODUCT_DEPARTMENT = 16;

/** Page size of the executors tree (EMP-21). */
export const EXECUTORS_PAGE = 100;

/** POSITION_STATUS code of an active position (the only kind offered and accepted, WID-27). */
export const ACTIVE_POSITION = 1;

/**
 * Positions (EMP-14..21): an employee's post in a department and office for a period.
 * `level` defaults to dictionary entry id 22 "Subordinates" (EMP-15, H7); `dateLte` is saved as
 * the last day of its month (EMP-16). A position created without a status is active (status
 * code 1), so funds and pickers accept it at once. The card (NAV-68/69) lists the position's product
 * positions (its children), funds and rates; `GET /positions/products` is the executors tree.
 */
export const positions = defineEntity({
  name: 'positions',
  entityName: 'Position',
  label: 'Positions',
  area: 'organisation',
  icon: 'Badge',
  module: 'position',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    employee: f.ref('employees', { required: true, onDelete: 'cascade' }),
    department: f.ref('departments', { required: true }),
    office: f.ref('offices', { required: true }),
    level: f.dictionary('POSITION_LEVEL', { default: { id: 22 } }),
    status: f.dictionary('POSITION_STATUS'),
    dateGte: f.date({ required: true, label: 'From' }),
    dateLte: f.date({ label: 'To', normalize: 'monthEnd', notBefore: 'dateGte' }),
    main: f.boolean({ default: true }),
    virtual: f.boolean({ default: false }),
    parent: f.ref('positions', { label: 'Parent position' }),
  },
  projections: {
    full: {
      embed: {
        employee: ['gfirstName', 'glastName'],
        department: ['gname', 'type'],
        office: ['gfirmName'],
        level: ['code', 'gname'],
        status: ['code', 'gname'],
      },
    },
  },
  actions: {
    // GET /core/api/positions/products?size=100: the positions of product departments, with the
    // list's filters and paging (EMP-21)
    products: {
      level: 'collection',
      methods: ['GET'],
      summary: 'The executors tree: positions of product departments, 100 a page by default',
      access: { privilege: 'view' },
    },
  },
  pickListFilter: { 'status.code': 1 }, // WID-27: only active positions are offered
  search: ['employee.gfirstName', 'employee.glastName', 'department.gname'],
  recordRepresentation: '%{employee.gfirstName} %{employee.glastName} - %{department.gname}',
  list: {
    columns: ['employee', 'department', 'office', 'level', 'dateGte', 'dateLte', 'main'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'office.id', field: 'office', label: 'Office' },
      { source: 'department.id', field: 'department', label: 'Department' },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'employee',
          'department',
          'office',
          'level',
          'status',
          'dateGte',
          'dateLte',
          'main',
          'virtual',
          'parent',
        ],
      },
      {
        name: 'position-products',
        label: 'Products',
        related: { collection: 'positions', via: 'parent', columns: ['employee', 'department', 'office', 'dateGte'] },
      },
      {
        name: 'position-funds',
        label: 'Funds',
        module: 'POSITION_PARTNER_FUND',
        related: {
          collection: 'positionFunds',
          via: 'position',
          columns: ['type', 'scheme', 'put', 'get', 'dateGte', 'dateLte'],
        },
      },
      {
        name: 'position-rates',
        label: 'Rates',
        module: 'POSITION_OFFICE_RATE',
        related: { collection: 'positionRates', via: 'position', columns: ['office', 'rate', 'currency', 'dateGte'] },
      },
    ],
  },
});
