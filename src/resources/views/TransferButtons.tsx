/**
 * The export and import buttons of every generated list (rendered in its actions by
 * `listToolbar.tsx`): Export offers CSV and Excel of the rows the list shows (its filters and
 * sort, `GET <collection>/export`), with the bytes received while it downloads; Import opens the
 * import dialog (`ImportDialog.tsx`, loaded when first opened) for users who may create.
 */
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Button, LinearProgress, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useContext, useState } from 'react';
import { DataProviderContext, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import type { SpringDataProvider } from '../../../dataProvider/index';
import { exportUrl, fileNameOf, readAll, resolvedOf, saveFile, type ExportFormat } from './transfer';

const ImportDialog = lazy(() => import('./ImportDialog'));

/**
 * Where the list's resource lives on the wire (`resolvedOf`), read from the data provider itself:
 * react-admin's `useDataProvider` wraps every function as an asynchronous verb.
 */
export function useResolvedResource(resource: string) {
  return resolvedOf((useContext(DataProviderContext) ?? {}) as Parameters<typeof resolvedOf>[0], resource);
}

/** `12.3 KB`, `1.2 MB`. */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Export (CSV or Excel) of the list's rows, downloading with a progress line. */
export function ExportButton({ schema }: { schema: EntitySchema }) {
  const { filterValues, sort, total, resource } = useListContext();
  const dataProvider = useDataProvider() as unknown as SpringDataProvider;
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [received, setReceived] = useState<number | null>(null);
  const resolved = useResolvedResource(resource);

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setReceived(0);
    try {
      const url = exportUrl(resolved, schema, format, filterValues, sort);
      const { stream, headers } = await dataProvider.httpClient(url, {
        responseType: 'stream',
        headers: { Accept: '*/*' },
      });
      const chunks = await readAll(stream, setReceived);
      const name = fileNameOf(headers.get('Content-Disposition')) ?? `${resolved.collection}.${format}`;
      saveFile(new Blob(chunks as BlobPart[], { type: headers.get('Content-Type') ?? '' }), name);
    } catch (e) {
      notify((e as Error).message || translate('bureau.transfer.export_failed'), { type: 'error' });
    } finally {
      setReceived(null);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadIcon />}
        disabled={received !== null || total === 0}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('bureau.transfer.export')}
      </Button>
      {received !== null && (
        <Stack role="status" sx={{ minWidth: 120 }}>
          <LinearProgress aria-label={translate('bureau.transfer.exporting')} />
          <Typography variant="caption">{translate('bureau.transfer.received', { size: size(received) })}</Typography>
        </Stack>
      )}
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
