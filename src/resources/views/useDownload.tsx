/**
 * A download with its progress, shared by the lists' exports (`TransferButtons.tsx`) and the
 * Excel reports of times and expenses: the answer is read as it arrives (the HTTP client's
 * `responseType: 'stream'`), the bytes received are shown under the button (a percent when the
 * server sent `Content-Length`), and the file is saved under the name the server gives. An answer
 * 202 (an export the server runs as a job) saves nothing: the jobs panel (`src/jobs/`) is told
 * and the user is notified that the file will be there.
 */
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { HttpResponse } from '../../../dataProvider/httpClient';
import type { SpringDataProvider } from '../../../dataProvider/index';
import { useSpringDataProvider } from '../useAction';
import { ProgressLine } from '../../widgets/ProgressLine';
import { useLongAction } from '../../widgets/useLongAction';
import { fileNameOf, readAll, saveFile } from './transfer';

/**
 * The window event a download sends when the server answered 202: it started a job of the user's
 * instead of sending the file (the jobs panel, `src/jobs/`, listens).
 */
export const JOBS_CHANGED = 'bureau:jobs-changed';

/**
 * What to download: a call of the data provider answering a byte stream (its `excel` report, or
 * `request` with `responseType: 'stream'`), given the provider and the download's abort signal.
 */
export type DownloadSource = (dataProvider: SpringDataProvider, signal?: AbortSignal) => Promise<HttpResponse>;

/** Bytes received so far, and in all when the answer said. */
export interface Received {
  loaded: number;
  total: number | undefined;
}

/**
 * Downloads to a file with the progress in `received` (null when none is under way); one download
 * at a time; a failure is notified with the server's message, else `bureau.transfer.export_failed`.
 *
 * @returns `download(source, fallbackName)` resolving true once the file is saved, false on
 *   a failure; `received`; `busy`
 * @example
 * const { download, received, busy } = useDownload();
 * <Button loading={busy} onClick={() => void download((dp) => dp.excel('times', { filter, columns }), 'times.xlsx')} />
 * {received && <DownloadProgress received={received} />}
 */
export function useDownload() {
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const [received, setReceived] = useState<Received | null>(null);
  const { run, busy } = useLongAction(
    async (source: DownloadSource, fallbackName: string) => {
      setReceived({ loaded: 0, total: undefined });
      try {
        const { stream, headers, status } = await source(dataProvider);
        if (status === 202) {
          // too large to answer at once: the server runs it as a job of the user's
          await readAll(stream, () => undefined);
          window.dispatchEvent(new Event(JOBS_CHANGED));
          notify('bureau.jobs.started', { type: 'info' });
          return true;
        }
        const length = Number(headers.get('Content-Length'));
        const total = Number.isFinite(length) && length > 0 ? length : undefined;
        const chunks = await readAll(stream, (loaded) => setReceived({ loaded, total }));
        const name = fileNameOf(headers.get('Content-Disposition')) ?? fallbackName;
        saveFile(new Blob(chunks as BlobPart[], { type: headers.get('Content-Type') ?? '' }), name);
        return true;
      } finally {
        setReceived(null);
      }
    },
    { failure: 'bureau.transfer.export_failed' },
  );
  const download = async (source: DownloadSource, fallbackName: string): Promise<boolean> =>
    (await run(source, fallbackName)) === true;
  return { download, received, busy };
}

/** The progress line of a download: the percent, or the bytes when the size is unknown. */
export function DownloadProgress({ received }: { received: Received }) {
  const translate = useTranslate();
  return (
    <ProgressLine label={translate('bureau.transfer.exporting')} loaded={received.loaded} total={received.total} />
  );
}

export interface DownloadButtonProps {
  /** The button's text. */
  label: string;
  /** The data provider's call answering the file as a stream. */
  source: DownloadSource;
  /** The file's name when the answer gives none. */
  fileName: string;
  disabled?: boolean;
}

/**
 * A button that downloads a report with its progress below it: loading and closed to a second
 * click while it runs, a notification when it fails.
 * @example
 * <DownloadButton label="Excel" source={(dp, signal) => dp.excel('times', { filter, columns, signal })} fileName="times.xlsx" />
 */
export function DownloadButton({ label, source, fileName, disabled }: DownloadButtonProps) {
  const { download, received, busy } = useDownload();
  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadIcon />}
        loading={busy}
        loadingPosition="start"
        disabled={disabled}
        onClick={() => void download(source, fileName)}
      >
        {label}
      </Button>
      {received && <DownloadProgress received={received} />}
    </>
  );
}
