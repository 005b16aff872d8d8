/**
 * Every SPA path of a generated resource, in the spec's shape (NAV-14..19): show at
 * `/<route>/:id`, edit at `/<route>/:id/edit`, create at `/<route>/create`, and children reached
 * through a parent's card tab at `/<route>/:id/<tab>/...`. Use these instead of react-admin's
 * `useCreatePath`, whose show/edit shapes (`/:id/show`, `/:id`) differ from the spec.
 */
export type Id = string | number;

/** Where a form was opened from (NAV-16 `{from: list|card}`). */
export type FormOrigin = 'list' | 'card';
export const FORM_ORIGINS: readonly string[] = ['list', 'card'];

export const NOT_FOUND_PATH = '/404';

/** `/clients` */
export const listPath = (route: string): string => `/${route}`;
/** `/leads/board`: the board of a status that declares one (`status.board`). */
export const boardPath = (route: string): string => `/${route}/board`;
/** An entity's trash page (`/<route>/trash`, `src/trash/TrashList.tsx`). */
export const trashPath = (route: string): string => `/${route}/trash`;
/** `/clients/12` (the card, NAV-15) */
export const showPath = (route: string, id: Id): string => `/${route}/${id}`;
/** `/clients/12/contacts` (a card tab) */
export const tabPath = (route: string, id: Id, tab: string): string => `/${route}/${id}/${tab}`;
/** `/clients/12/edit` or `/clients/12/card/edit` (NAV-16) */
export const editPath = (route: string, id: Id, from?: FormOrigin): string =>
  from ? `/${route}/${id}/${from}/edit` : `/${route}/${id}/edit`;
/** `/clients/create` or `/clients/list/create` (NAV-16) */
export const createPath = (route: string, from?: FormOrigin): string =>
  from ? `/${route}/${from}/create` : `/${route}/create`;
/** `/clients/12/contacts/create` (NAV-18) */
/** The create form filled with a copy of record `id` (`EntityConfig.clone`, NAV-45/50). */
export const clonePath = (route: string, id: Id): string => `/${route}/${id}/clone`;

export const childCreatePath = (route: string, parentId: Id, tab: string): string =>
  `/${route}/${parentId}/${tab}/create`;
/** `/clients/12/contacts/5/edit` (NAV-18) */
export const childEditPath = (route: string, parentId: Id, tab: string, childId: Id): string =>
  `/${route}/${parentId}/${tab}/${childId}/edit`;
/** `/clients/12/invoices/5/clone`: a copy of the child under the parent (NAV-22/23). */
export const childClonePath = (route: string, parentId: Id, tab: string, childId: Id): string =>
  `/${route}/${parentId}/${tab}/${childId}/clone`;
/** `/clients/12/contacts/5/view` (NAV-19) */
export const childViewPath = (route: string, parentId: Id, tab: string, childId: Id): string =>
  `/${route}/${parentId}/${tab}/${childId}/view`;

/** Route ids are digits only (NAV-03). */
export const isDigitId = (value: string | undefined): value is string => value !== undefined && /^\d+$/.test(value);

/** The path segment of a card's History tab (`/clients/12/history`), present on every card. */
export const HISTORY_TAB = 'history';
