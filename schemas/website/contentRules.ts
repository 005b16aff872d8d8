/**
 * The write rules of website content forms, run by their `beforeChange` hook inside the write's
 * transaction. Isomorphic (SQL through the hook's transaction only).
 */

/** Status code of a new content form: a draft. */
export const DRAFT_STATUS = 1;
/** Status code of a deleted content form, which lists leave out unless asked for. */
export const DELETED_STATUS = 3;
