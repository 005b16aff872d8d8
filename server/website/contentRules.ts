import type { HookTx, WireRecord } from '../../schemas/define';
import { contentStatus, publishLevel } from '../../schemas/website/dictionaries';
import { DRAFT_STATUS } from '../../schemas/website/contentRules';

/** What the SPA shares of these rules, for the server's modules. */
export * from '../../schemas/website/contentRules';

/**
 * The content form rules that read the database (default status and publish level), run by the
 * content forms' hook (`server/website/contentPublicationForms.ts`).
 */

const idOf = (v: unknown): number | null =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number'
    ? (v as { id: number }).id
    : null;

/** The id of the CONTENT_STATUS entry `code`, or null when the database lacks it. */
async function statusId(tx: HookTx, code: number): Promise<number | null> {
  const [row] = await tx.query<{ id: string | number }>(
    'SELECT d.id FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = $1 AND d.code = $2',
    [contentStatus.code, code],
  );
  return row ? Number(row.id) : null;
}

/** The content type name (`news`) of a PUBLISH_LEVEL entry: its char code. */
async function sourceTypeNameOf(tx: HookTx, id: number): Promise<string | null> {
  const [row] = await tx.query<{ char_code: string | null }>(
    'SELECT d.char_code FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = $1 AND d.id = $2',
    [publishLevel.code, id],
  );
  return row?.char_code ?? null;
}

/**
 * What a create or update of a content form sets besides the body: a new form without a status
 * is a draft (code 1); the content type name (read-only) follows the source type, so the row's
 * privilege module `PUBLISHER_{UPPER(sourceTypeName)}` can never drift from its type.
 * @example
 * // POST { sourceType: { id: <news> } } -> also sets { sourceTypeName: 'news', status: { id: <draft> } }
 */
export async function contentFormDefaults(
  tx: HookTx,
  mode: 'create' | 'put' | 'patch',
  data: Readonly<WireRecord>,
  stored: WireRecord | undefined,
): Promise<WireRecord | undefined> {
  const extra: WireRecord = {};
  if (mode === 'create' && idOf(data.status) === null) {
    const draft = await statusId(tx, DRAFT_STATUS);
    if (draft !== null) extra.status = { id: draft };
  }
  const typeId = 'sourceType' in data ? idOf(data.sourceType) : idOf(stored?.sourceType);
  const name = typeId === null ? null : await sourceTypeNameOf(tx, typeId);
  if (name !== (stored?.sourceTypeName ?? null)) extra.sourceTypeName = name;
  return Object.keys(extra).length > 0 ? extra : undefined;
}
