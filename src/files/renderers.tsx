/**
 * The SPA side of the `file` and `files` field types: a stored file shows as its name linking to
 * its download (`GET /core/api/storedFiles/{id}/content`); the form input is a placeholder that
 * says uploads are not available here.
 */
import { TextField as MuiTextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { InputRenderProps } from '../resources/fieldTypes/types';

/** A stored file as the API reads it (`{ id, name, contentType, size }`). */
export interface StoredFileValue {
  id: number | string;
  name?: string;
  contentType?: string;
  size?: number;
}

const isFile = (value: unknown): value is StoredFileValue =>
  value != null && typeof value === 'object' && (value as { id?: unknown }).id != null;

/** The download address of a stored file. */
export const fileContentUrl = (id: number | string): string =>
  `/core/api/storedFiles/${encodeURIComponent(id)}/content`;

/** The file's name, or `#<id>` when the read did not carry it. */
export const fileText = (value: unknown): string => (isFile(value) ? (value.name ?? `#${String(value.id)}`) : '');

/** The text of a `files` value: the names, comma separated. */
export const filesText = (value: unknown): string => (Array.isArray(value) ? value.map(fileText).join(', ') : '');

/** A `file` value as a download link (list cell and card). */
export const FileCell = ({ value }: { value: unknown }): ReactNode =>
  isFile(value) ? (
    <a href={fileContentUrl(value.id)} onClick={(e) => e.stopPropagation()}>
      {fileText(value)}
    </a>
  ) : null;

/** A `files` value as download links, one per file. */
export const FilesCell = ({ value }: { value: unknown }): ReactNode =>
  Array.isArray(value) && value.length ? (
    <span>
      {value.filter(isFile).map((file, i) => (
        <span key={file.id}>
          {i > 0 && ', '}
          <FileCell value={file} />
        </span>
      ))}
    </span>
  ) : null;

/** The input of a `file` or `files` field: disabled, uploads are not available. */
export const FileInput = ({ label }: InputRenderProps) => (
  <MuiTextField label={label} disabled value="" helperText="Uploads are not available" size="small" />
);
