import { DOCX_CONTENT_TYPE } from '../../schemas/offices/officeTemplates';
import { type HookTx } from '../../schemas/define';
import { defineServer } from '../define';

/**
 * Refuses a template whose file is not a DOCX document: 400 `Validation failed` at `document`.
 * @throws Error with `statusCode` 400 and `errors` naming the field
 */
async function requireDocx(tx: HookTx, document: unknown): Promise<void> {
  const id = (document as { id?: unknown } | null | undefined)?.id;
  if (typeof id !== 'number') return;
  const [file] = await tx.query<{ content_type: string }>('SELECT content_type FROM stored_files WHERE id = $1', [id]);
  if (!file || file.content_type === DOCX_CONTENT_TYPE) return;
  const message = 'must be a Word document (.docx)';
  throw Object.assign(new Error('Validation failed'), {
    statusCode: 400,
    errors: [{ entity: 'OfficeTemplate', property: 'document', invalidValue: { id }, message }],
  });
}

export const officeTemplatesServer = defineServer('officeTemplates', {
  hooks: {
    beforeChange: [
      async ({ tx, data, mode }) => {
        if (mode !== 'delete' && 'document' in data) await requireDocx(tx, data.document);
      },
    ],
  },
  computed: {
    documentId: '{row}.document_id',
    documentName: '(SELECT s.name FROM stored_files s WHERE s.id = {row}.document_id)',
  },
});
