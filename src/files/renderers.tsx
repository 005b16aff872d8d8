/**
 * The SPA side of the `file` and `files` field types. A stored file reads as
 * `{ id, name, contentType, size }`: its cell is the name as a download link (fetched with the
 * user's token, saved under the stored name). The input uploads on pick through the data
 * provider's `uploadFiles`, showing the percent sent with a cancel while it runs, shows name and
 * size, allows remove and replace, and keeps `{ id }` per file in the form value (`null` or `[]`
 * when empty). The input is in `FileInput.tsx`, loaded with the first form that shows one.
 */
import { Link } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { downloadFile, fileContentUrl } from '../../dataProvider/files';
import type { SpringDataProvider } from '../../dataProvider/index';

export { fileContentUrl };

/** A stored file as a record holds it; only `id` is certain (a value just picked in a form). */
export interface StoredFileValue {
  id: number | string;
  name?: string;
  contentType?: string;
  size?: number;
}

/** Whether a value is a stored file (it has an `id`). */
export const isFile = (value: unknown): value is StoredFileValue =>
  value != null && typeof value === 'object' && (value as { id?: unknown }).id != null;

/** The file's name, or `#<id>` when the value does not carry it. */
export const fileText = (value: unknown): string => (isFile(value) ? (value.name ?? `#${String(value.id)}`) : '');

/** The text of a `files` value: the names, comma separated. */
export const filesText = (value: unknown): string =>
  Array.isArray(value) ? value.filter(isFile).map(fileText).join(', ') : '';

/** A size for people: `532 B`, `12.4 KB`, `3.1 MB` (1 KB = 1024 bytes). */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A `file` value as a download link (list cell and card); a click does not open the row. */
export function FileCell({ value }: { value: unknown }): ReactNode {
  const dataProvider = useDataProvider<SpringDataProvider>();
  const notify = useNotify();
  if (!isFile(value)) return null;
  const download = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    downloadFile(dataProvider.httpClient, value).catch((error: Error) => notify(error.message, { type: 'error' }));
  };
  return (
    <Link href={fileContentUrl(value.id)} onClick={download} title={formatSize(value.size)}>
      {fileText(value)}
    </Link>
  );
}

/** A `files` value as download links, one per file. */
export const FilesCell = ({ value }: { value: unknown }): ReactNode =>
  Array.isArray(value) && value.some(isFile) ? (
    <span>
      {value.filter(isFile).map((file, i) => (
        <span key={file.id}>
          {i > 0 && ', '}
          <FileCell value={file} />
        </span>
      ))}
    </span>
  ) : null;
