/**
 * The views an entity declares: projections, the list, the form, the card's tabs and the Excel
 * export. Isomorphic: the SPA draws from them, the server answers projections and exports.
 */
import type { Module } from '../modules';
import type { Field, FilterSpec } from './fields';

/**
 * A named projection (Spring Data REST). `fields` lists the entity's own fields returned
 * (default: every readable non-list field); `embed` lists references returned as objects with
 * the named fields of the target (or the target's projection name). References not embedded are
 * returned as `{ id }`.
 *
 * @example
 * projections: {
 *   clientList: { fields: ['gname', 'country', 'underSanctions'], embed: { country: ['gname', 'code'] } },
 *   full: { embed: { country: ['gname'], businessForm: ['gname', 'code'], contactList: 'full' } },
 * }
 */
export interface Projection<N extends string = string, L extends string = string> {
  /** Own field names (`N`: the entity's field names). */
  fields?: N[];
  /** Reference field (`L`: the entity's references) -> the target's field names, or one of its projections. */
  embed?: Partial<Record<L, string[] | string>>;
}

/** A list filter shown in the list's filter bar. */
export interface ListFilter<N extends string = string> {
  /** The filter parameter (`country.id`, `gname.like`, `status.code`). */
  source: string;
  /** The field it filters on, to choose the input; defaults to the first path segment. */
  field?: N;
  label?: string;
  /** Always shown (react-admin `alwaysOn`). */
  alwaysOn?: boolean;
  /**
   * The input to show when the parameter is not a field of the entity (a `queryFilters` entry
   * over related rows): its type chooses the widget, as a field's would.
   * @example
   * // employees?title.id=5: the employees whose current title is 5, picked from the job titles
   * { source: 'title.id', label: 'Title', input: f.ref('titles') }
   */
  input?: Field;
}

export interface ListHints<N extends string = string, P extends string = string> {
  /** Column field names, in order (dotted paths allowed for embedded values: `type.code`). */
  columns?: P[];
  filters?: ListFilter<N>[];
  /**
   * Filters applied unless the user changes them (MAT-07 `status.code.ne=3`); a function is called
   * each time a list opens, for values that move (a date range ending today). Read it with
   * {@link listDefaultFilter}.
   * @example
   * defaultFilter: { 'status.code.ne': 3 },
   * defaultFilter: () => ({ 'date.gte': '1970-01-01', 'date.lte': new Date().toISOString().slice(0, 10) }),
   */
  defaultFilter?: FilterSpec | (() => FilterSpec);
  /**
   * Filters the list page always sends, with its rows and with its total and export (react-admin's
   * permanent `filter`: not shown, not removable), e.g. the time list's time entries only (TIME-14,
   * MC-7). Unlike {@link defaultFilter} it binds only the list page, not every read of
   * the collection (card tabs, pickers, the calendar read the same collection with their own filters).
   * @example fixedFilter: { 'workType.code': 1 },
   */
  fixedFilter?: FilterSpec;
  /** The projection the list asks for (CLI-07: `clientList`). */
  projection?: string;
  /** Page-size options (CONST-01); default `[20, 50, 100]`. */
  perPageOptions?: number[];
  /** Click on a row: `show` (default) or `edit`. */
  rowClick?: 'show' | 'edit';
  /**
   * Columns a user who may update the record edits in the cell (Enter or F2 opens the editor,
   * Enter saves a PATCH of that field alone with the row's version, Escape cancels). Each must be
   * a list column and a writable field of a type in {@link INLINE_EDIT_TYPES}; `defineEntity`
   * refuses anything else.
   * @example inlineEdit: ['gname', 'date', 'billable'],
   */
  inlineEdit?: N[];
}

/** A group of fields in a form: a section, a tab or a wizard step. */
export interface FormGroup<N extends string = string> {
  /** URL-safe name (the spec's step names: `client-info`, `contact-info`). */
  name: string;
  label: string;
  fields: N[];
}

export interface FormHints<N extends string = string> {
  layout?: 'simple' | 'sections' | 'tabs' | 'wizard';
  groups?: FormGroup<N>[];
  /**
   * Name fields (text fields of the entity's own) under whose input the form warns when another
   * record the user can read bears the same name, case and spaces aside, with links to those
   * records' cards. A warning only: saving is never blocked. The lookup is the list's quick
   * search, so each field must be one of the schema's `search` fields (`defineEntity` refuses
   * anything else).
   * @example form: { layout: 'wizard', duplicateCheck: ['gname'], groups: [...] }
   */
  duplicateCheck?: N[];
}

/** A tab of the show view (card): the entity's own fields, or a child collection's list. */
export interface ShowTab<N extends string = string> {
  name: string;
  label: string;
  /** Own fields shown on this tab. */
  fields?: N[];
  /**
   * A related collection listed on this tab, filtered by `via` = this record's id (`via` is a
   * reference of the collection to this entity, or a path of references ending at it, such as
   * `contact.client`: the child forms of such a tab narrow the path's first reference to this
   * record's, where a direct `via` is preselected), and by `filter`
   * (the child list's fixed filter in the wire's dotted keys, e.g. `{ 'workType.code.ne': 1 }`).
   * The collection, `via`, columns, projection and filter keys are checked when the registry
   * loads. `optional: true` lets the tab name a collection of an area not built yet: while that
   * collection is not registered the tab is left out of the card (and not checked); once it is,
   * everything is checked as usual.
   *
   * @example
   * { name: 'tasks', label: 'Tasks', module: 'TIME',
   *   related: { collection: 'times', via: 'client', filter: { 'workType.code.ne': 1 } } }
   * { name: 'invoices', label: 'Invoices', related: { collection: 'invoices', via: 'payerClient', optional: true } }
   */
  related?: {
    collection: string;
    via: string;
    columns?: string[];
    projection?: string;
    /**
     * Filters always applied to the listed rows, in the list grammar (checked at load like a
     * preset's): the lead card's tasks are its times that are not time entries.
     * @example filter: { 'workType.code.ne': 1 }
     */
    filter?: FilterSpec;
    /**
     * The collection belongs to an area that may not be built yet: while it is not registered the
     * tab is left out (card, routes) instead of failing the registry check.
     * @example { name: 'invoices', label: 'Invoices', module: 'invoice', related: { collection: 'invoices', via: 'project', optional: true } }
     */
    optional?: boolean;
    /**
     * The child's fields a create form under this tab (`/<route>/:id/<tab>/create`, NAV-49) takes
     * from the parent, besides `via`: child field -> a path of references on the parent (`project`,
     * `project.payerClient`), read when the form opens. For a child whose form needs more than the
     * parent itself: a matter's invoice is also of the matter's project and its payer.
     * @example fill: { project: 'project', payerClient: 'project.payerClient' }
     */
    fill?: Record<string, string>;
    /**
     * The card does not show this tab; only its child forms are routed (`/<route>/:id/<tab>/create`,
     * `.../:childId/edit|clone`), and save returns to the card. For a scoped form the spec names
     * without a card tab: a matter's pre-invoice (NAV-49).
     * @example { name: 'pre-invoices', label: 'Pre-invoices', related: { collection: 'preInvoices', via: 'matter', formsOnly: true } }
     */
    formsOnly?: boolean;
  };
  /**
   * Module whose view privilege the tab needs (NAV-37..44), on top of listing a related tab's
   * collection: the tasks tab lists `times` and needs `TIME`.
   */
  module?: Module;
}

/**
 * An Excel export of an entity's list (`server/exports/`). `POST /core/api/excel/generate/<name>`
 * with the list's query string (filters, search, sort - the same parameters as
 * `GET <collection>`) answers `<fileName>`: one sheet, a bold header row, one row per record the
 * user may read (the entity's access and access rule, exactly as the list), and a total row
 * summing the duration and money columns. Cells keep their types: dates and date-times are
 * Excel dates (UTC), durations are hours (a number, `0.00`), money and numbers are numbers,
 * booleans are booleans, dictionary entries their name, references their record
 * representation; text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR)
 * is written with a leading apostrophe. The optional JSON body chooses and titles the columns:
 * `{ "columns": [{ "source": "dateTime", "title": "Date" }] }` (sources among `columns`); 400
 * for another source, 400 when more than 100,000 rows match (narrow the filters).
 */
export interface ExcelExport<P extends string = string> {
  /** The URL segment: `time` -> `POST /core/api/excel/generate/time`. */
  name: string;
  /** The download's file name (`times.xlsx`). */
  fileName: string;
  /** Columns (field paths, as the list's columns); default the list's `columns`. */
  columns?: P[];
}
