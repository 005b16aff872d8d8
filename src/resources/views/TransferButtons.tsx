/**
 * The export and import buttons of every generated list (rendered in its actions by
 * `listToolbar.tsx`): Export offers CSV and Excel of the rows the list shows (its filters and
 * sort, `GET <collection>/export`), with the bytes received while it downloads; Import opens the
 * import dialog (`ImportDialog.tsx`, loaded when first opened) for users who may create.
 */
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Button, Menu, MenuItem } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { exportQuery, type ExportFormat } from './transfer';
import { useResolvedResource } from './useResolvedResource';
import { DownloadProgress, useDownload } from './useDownload';

const ImportDialog = lazy(() => import('./ImportDialog'));

/** Export (CSV or Excel) of the list's rows, downloading with a progress line. */
export function ExportButton({ schema }: { schema: EntitySchema }) {
  const { filterValues, sort, total, resource } = useListContext();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { download, received, busy } = useDownload();
  const resolved = useResolvedResource(resource);

  const run = (format: ExportFormat) => {
    setAnchor(null);
    const query = exportQuery(resolved, schema, format, filterValues, sort);
    void download(
      async (dataProvider, signal) =>
        (
          await dataProvider.request(resource, {
            path: 'export',
            query,
            headers: { Accept: '*/*' },
            responseType: 'stream',
            signal,
          })
        ).response,
      `${resolved.collection}.${format}`,
    );
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadIcon />}
        loading={busy}
        loadingPosition="start"
        disabled={total === 0}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('bureau.transfer.export')}
      </Button>
      {received && <DownloadProgress received={received} />}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run('csv')}>{translate('bureau.transfer.csv')}</MenuItem>
        <MenuItem onClick={() => void run('xlsx')}>{translate('bureau.transfer.xlsx')}</MenuItem>
      </Menu>
    </>
  );
}

/** Import of a CSV or Excel file into the list's entity (shown only to users who may create). */
export function ImportButton({ schema }: { schema: EntitySchema }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<FileUploadIcon />} onClick={() => setOpen(true)}>
        {translate('bureau.transfer.import')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog schema={schema} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
