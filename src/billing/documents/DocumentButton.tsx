/**
 * The "Document" button of a card whose entity declares `documents` (PRE-15, INV-28): it asks
 * the server to render the record's office template
 * (`GET <collection>/<path>/{id}/{key}`, `schemas/define.ts` DocumentsConfig) and downloads the
 * produced DOCX (`document.documentId`) with the user's token. With several document types
 * (Invoice, Act, Contract) a menu offers them; the server's refusal (no template: 404) is shown.
 * While the document is rendered and downloaded the button shows it is working and takes no
 * second click (`useLongAction`).
 */
import Description from '@mui/icons-material/Description';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { documentType } from '../../../schemas/finance/dictionaries';
import type { EntitySchema } from '../../../schemas/define';
import type { ActionProps } from '../../resources/parts';
import { downloadFile } from '../../../dataProvider/files';
import { useSpringDataProvider } from '../../resources/useAction';
import { useLongAction } from '../../widgets/useLongAction';

/** The name of a DOCUMENT_TYPE code as declared (`Invoice`, `Act`). */
export const documentTypeName = (code: number): string =>
  documentType.entries.find((e) => e.code === code)?.gname ?? `Document ${code}`;

/** The route of a record's document of DOCUMENT_TYPE `code` under its collection (`template/7/1`). */
export const documentPath = (schema: EntitySchema, id: number | string, code: number): string =>
  `${schema.documents?.path ?? 'template'}/${encodeURIComponent(String(id))}/${code}`;

/** What the route answers. */
interface DocumentAnswer {
  document: { documentId: number; documentName: string };
}

export const DocumentButton = ({ schema, record }: ActionProps) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { run, busy } = useLongAction(
    async (id: number | string, code: number) => {
      const { data } = await dataProvider.request<DocumentAnswer>(schema.route, {
        path: documentPath(schema, id, code),
      });
      await downloadFile(dataProvider.httpClient, { id: data.document.documentId, name: data.document.documentName });
      return data.document.documentName;
    },
    {
      success: (name) => ({ message: 'bureau.documents.ready', args: { name } }),
      failure: 'bureau.documents.failed',
    },
  );
  const types = schema.documents?.documentTypes ?? [];
  if (!record || types.length === 0) return null;
  const produce = (code: number) => {
    setAnchor(null);
    void run(record.id, code);
  };
  const open = (event: MouseEvent<HTMLElement>) =>
    types.length === 1 ? produce(types[0]!) : setAnchor(event.currentTarget);
  return (
    <>
      <Button
        size="small"
        loading={busy}
        loadingPosition="start"
        onClick={open}
        startIcon={<Description />}
        aria-haspopup={types.length > 1 ? 'menu' : undefined}
      >
        {translate('bureau.documents.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {types.map((code) => (
          <MenuItem key={code} onClick={() => produce(code)}>
            {documentTypeName(code)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
