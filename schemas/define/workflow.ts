/**
 * Workflow declarations of an entity: statuses and their moves, approval chains, documents
 * rendered from office templates, query filters, auto-numbers, the global search and the texts in
 * other languages. Declarations only: approval and document bodies live in the entity's server
 * room (`defineServer` in `server/define.ts`).
 */
import type { AccessCondition } from '../accessRule';
import type { Action } from './access';
import type { FieldType } from './fields';

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

/**
 * Who may take a status transition, on top of the entity's own `update` access:
 * - an {@link Action} on the entity's module (`'update'`, the default, adds nothing);
 * - `{ module, action }`: a privilege on another module (`{ module: 'invoice', action: 'create' }`);
 * - `'admin'`: ADMIN or SUPER_ADMIN only.
 */
export type TransitionPrivilege = Action | { module: string; action: Action } | 'admin';

/**
 * One declared move of a status: from any of the `from` codes to any of the `to` codes (codes
 * are the dictionary entries' `code`s, never their ids).
 */
export interface StatusTransition {
  from: number[];
  to: number[];
  /** Who may take it; default `'update'` on the entity's module. */
  privilege?: TransitionPrivilege;
  /** `'required'`: a move without a (non-blank) comment is a 400; default optional. */
  comment?: 'required' | 'optional';
}

/**
 * A status over one of the entity's `dictionary` fields: the moves it may make, who may make
 * them, the fields that become read-only in a status, the status of a new record, and a history
 * row per change (who, when, from, to, comment) written in the write's transaction.
 *
 * Every write is checked: `POST <base>/<name>/{id}/transitions` (`{ "to": <code> | { "id" },
 * "comment": "..." }`), and a PUT or PATCH whose body changes the field. A move that is not
 * declared is a 409 (`Deal stage cannot move from "Closed lost" to "Negotiation"`); a missing
 * privilege a 403; a missing required comment a 400; a write changing a field read-only in the
 * current status a 409 naming the field and the status. A create without the field gets
 * `initial`; a create with another status is a 409. `GET <base>/<name>/{id}/statusChanges` lists
 * the history, newest first, to whoever may read the record.
 *
 * @example
 * status: {
 *   field: 'dealStage',
 *   initial: 1,
 *   transitions: [
 *     { from: [1], to: [2], comment: 'required' },
 *     { from: [7], to: [8], privilege: { module: 'invoice', action: 'create' }, comment: 'required' },
 *     { from: [9, 10], to: [1], privilege: 'admin' },
 *   ],
 *   readOnlyIn: { 8: ['description', 'contact'] },
 *   patch: { to: 'statusId', comment: 'comment' },
 * }
 */
export interface StatusConfig {
  /** The status field: a `dictionary` field of the entity. */
  field: string;
  /** The code a new record starts with. */
  initial: number;
  transitions: StatusTransition[];
  /** Status code -> fields a write may not change while the record is in that status. */
  readOnlyIn?: Record<number, string[]>;
  /**
   * Body properties that also request a move on PUT and PATCH: `to` names a property holding the
   * target entry's id (`{ "statusId": 12, "comment": "..." }`), `comment` one holding the comment.
   */
  patch?: { to: string; comment: string };
  /**
   * A board of the records by status at `/<route>/board`, reached from the list by its
   * List/Board switch: one column per code of `columns` holding the records in that status, and
   * one per code of `targets` that takes drops but lists nothing (closing statuses). A card is
   * dragged to another column; only the columns the move may go to accept it, the comment is
   * asked before the move is sent, and the server judges it as any other move.
   * @example
   * board: { columns: [1, 2, 3], targets: [10], fields: ['contact', 'date'] }
   */
  board?: {
    /** Status codes shown as columns with their records, in order. */
    columns: number[];
    /** Status codes shown as drop targets only (their records are not listed). */
    targets?: number[];
    /** Fields shown on a card under its representation. */
    fields?: string[];
  };
}

// ---------------------------------------------------------------------------------------------
// Verification (approval chains)
// ---------------------------------------------------------------------------------------------

/** The kinds of document a verification chain can belong to (`verificationChains.ownerType`). */
export const VERIFICATION_OWNER_TYPES = [
  'MATTER',
  'BUDGET',
  'EXPENSE',
  'PRE_INVOICE',
  'INVOICE',
  'HR_REQUEST',
] as const;
export type VerificationOwnerType = (typeof VERIFICATION_OWNER_TYPES)[number];

/**
 * An approval chain for every record of a document entity, declared once: on create the server
 * builds a chain in `verificationChains` (decision 1 "pending", one step per approver, in order),
 * stores its id in `chainField`, and the chain is decided only through
 * `POST /core/api/verificationChains/solve`: steps in order, only the current step's approver or
 * an admin decides, a rejection (decision 3, comment required) ends the chain, the last approval
 * sets it to 2 and calls the room's `onDecided`. The chain is readable exactly by those who can
 * read the document (its module and access rule); the owner's card shows the decision panel and
 * the "Waiting for me" list shows the documents whose current step is the signed-in user.
 *
 * The bodies - who approves (`approvers`), the chain's `description`, what a final decision does
 * (`onDecided`) - live in the entity's server room (`verification` of `defineServer` in
 * `server/<area>/`, `server/define.ts`); the server refuses to start without them.
 *
 * Checked when the registry loads: `chainField` must be a read-only `ref` to
 * `verificationChains`, and each `ownerType` belongs to one entity only.
 *
 * @example
 * // schemas/engagements/matters.ts
 * verification: { ownerType: 'MATTER', chainField: 'verificationChain' },
 * // server/engagements/rooms.ts: the active matter approvers (APPROVER_TYPE 5) of the user's office
 * defineServer('matters', {
 *   verification: { approvers: approversOfOffice(5, ({ user }) => user.employeeOfficeId) },
 * });
 */
export interface VerificationConfig {
  /** The chain's `ownerType`: which kind of document this entity is. */
  ownerType: VerificationOwnerType;
  /** The document's field holding its chain: a read-only `f.ref('verificationChains')`. */
  chainField: string;
  /** Whether a rejection needs a comment (400 without one); default `'required'`. */
  rejectComment?: 'required' | 'optional';
  /**
   * When the chain starts: `'create'` (the default) builds it inside the document's create;
   * `'action'` creates the document without one, and an action of the entity starts it with
   * `ActionContext.startVerification` (a document sent to verification by its own route).
   * @example
   * verification: { ownerType: 'PRE_INVOICE', chainField: 'verificationChain', startOn: 'action' },
   * actions: { verify: { level: 'item', access: { privilege: 'update' } } },
   * // the server room: actions: { verify: async ({ id, startVerification }) => ({ verificationChainId: await startVerification(id!) }) }
   */
  startOn?: 'create' | 'action';
}

// ---------------------------------------------------------------------------------------------
// Documents rendered from office templates
// ---------------------------------------------------------------------------------------------

/**
 * Documents rendered from the office templates (`officeTemplates`: a DOCX per office and
 * DOCUMENT_TYPE): `GET <collection>/<path>/{id}/{<keyParam>}` reads the record as
 * `GET <collection>/{id}` does (401, 403, 404 alike), picks the DOCUMENT_TYPE the key names (its
 * `code`, or an entry's `charCode`; one of `documentTypes`, else 404), the template of that type
 * of the office the room's `office` returns (a template whose `locationType` code is what
 * `location` returns first, then one without a location, then the newest; 404 when there is
 * none), fills it with the room's `data` (docxtemplater tags: `{number}`, loops `{#times}...{/times}`; values are text, so a
 * value holding `{x}` is printed as is), stores the result as a new stored file and answers
 * `{ document: { id, documentId, documentName, contentType, size, documentType, template } }`.
 * The file downloads from `GET /core/api/storedFiles/{documentId}/content` for whoever can read
 * the record (`generatedDocuments` keeps the link). A template that does not render is a 422.
 * Served by `server/documents/`. The bodies (`office`, `location`, `data`, `fileName`) live in
 * the entity's server room (`documents` of `defineServer`, `server/define.ts`).
 *
 * @example
 * // GET /core/api/invoices/template/5/1 -> the invoice's document from its office's Invoice template
 * documents: { keyParam: 'templateKey', documentTypes: [1, 3] },
 * // server/billing/invoices.ts
 * defineServer('invoices', {
 *   documents: {
 *     office: billingOffice,
 *     data: async ({ record }) => ({ number: record.number, date: record.date, amount: String(record.amount) }),
 *   },
 * });
 */
export interface DocumentsConfig {
  /** The URL segment after the collection; default `template`. */
  path?: string;
  /** The name of the key's path parameter as the contract writes it (`templateKey`, `key`); default `key`. */
  keyParam?: string;
  /** The DOCUMENT_TYPE codes the entity renders; any other key is a 404. */
  documentTypes: number[];
}

/** A list filter beyond field paths (`EntityConfig.queryFilters`). */
export interface QueryFilter {
  /** How the parameter's value is parsed: like a field of this type. */
  type: 'date' | 'dateTime' | 'number' | 'text' | 'boolean';
  /** The condition the parsed value selects, in the access-rule vocabulary. */
  where: (value: string | number | boolean) => AccessCondition;
}

/** A server-side create default computed from other rows (`EntityConfig.autoNumber`). */
export interface AutoNumberRule<N extends string = string> {
  /** The highest value of this field (default: the numbered field itself) plus `plus`. */
  max?: N;
  /** The number of rows plus `plus` (at least the highest value + 1). */
  count?: boolean;
  plus: number;
  /** Fields whose values scope the rows counted (`['type']`: per dictionary type). */
  scope?: N[];
}

/** The field types the global search indexes ({@link EntityConfig.globalSearch}). */
export const GLOBAL_SEARCH_TYPES: readonly FieldType[] = ['text', 'longText', 'email', 'phone', 'url'];

/** An entity's part in the global search ({@link EntityConfig.globalSearch}). */
export interface GlobalSearch<N extends string = string> {
  /** Own text columns whose words are searched, at least one. */
  fields: N[];
}

/**
 * An entity's texts in one language other than English ({@link EntityConfig.translations}).
 * `name` holds the entity's name in the three forms that language's plural rule picks from
 * (Russian: one, few, many - `['Клиент', 'Клиента', 'Клиентов']`); `gender` agrees with "new" in
 * the create page's title; `phrases` maps the schema's English texts (its label, field, column,
 * filter, tab, step and action labels) to this language.
 */
export interface EntityTranslation {
  name: readonly [string, string, string];
  gender: 'm' | 'f' | 'n';
  phrases?: Readonly<Record<string, string>>;
}
