/**
 * The SPA side of the `file` and `files` field types. A stored file reads as
 * `{ id, name, contentType, size }`: its cell is the name as a download link (fetched with the
 * user's token, saved under the stored name). The input uploads on pick through the data
 * provider's `uploadFiles`, showing the percent sent with a cancel while it runs, shows name and
 * size, allows remove and replace, and keeps `{ id }` per file in the form value (`null` or `[]`
 * when empty).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, IconButton, Link, Stack, Typography } from '@mui/material';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useDataProvider, useInput, useNotify, useTranslate, type Validator } from 'react-admin';
import type { Field } from '../../schemas/define';
import { downloadFile, fileContentUrl, uploadFiles } from '../../dataProvider/files';
import type { SpringDataProvider, UploadProgress } from '../../dataProvider/index';
import { ProgressLine } from '../widgets/ProgressLine';

export { fileContentUrl };

/** A stored file as a record holds it; only `id` is certain (a value just picked in a form). */
export interface StoredFileValue {
  id: number | string;
  name?: string;
  contentType?: string;
  size?: number;
}

const isFile = (value: unknown): value is StoredFileValue =>
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

/** What a file input receives (the generated forms' input props). */
export interface FileInputProps {
  /** Field name in the form. */
  name: string;
  field: Field;
  label: string;
  validate?: Validator[];
  disabled?: boolean;
  helperText?: string;
}

/**
 * The input of a `file` (one file) or `files` (several) field.
 * @example <FileInput name="attachment" field={f.file()} label="Attachment" />
 */
export function FileInput({ name, field, label, validate, disabled, helperText }: FileInputProps) {
  const many = (field.type as string) === 'files';
  const { field: input, fieldState } = useInput({ source: name, validate });
  const dataProvider = useDataProvider<SpringDataProvider>();
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  // the upload under way: bytes sent so far and the controller that cancels it
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const busy = progress !== null;
  const [problem, setProblem] = useState<string | undefined>();
  const current: StoredFileValue[] = many
    ? Array.isArray(input.value)
      ? input.value.filter(isFile)
      : []
    : isFile(input.value)
      ? [input.value]
      : [];
  // names and sizes of the files read with the record and uploaded here: the value keeps only ids
  const [known, setKnown] = useState<Record<string, StoredFileValue>>(() =>
    Object.fromEntries(current.map((file) => [String(file.id), file])),
  );
  const shown = (file: StoredFileValue): StoredFileValue => ({ ...known[String(file.id)], ...file });

  const pick = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0 || controller.current) return;
    const sent = many ? files : files.slice(0, 1);
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ loaded: 0, total: sent.reduce((sum, f) => sum + f.size, 0) || undefined });
    setProblem(undefined);
    try {
      const stored = await uploadFiles(dataProvider.httpClient, sent, {
        signal: abort.signal,
        onProgress: setProgress,
      });
      setKnown((k) => ({ ...k, ...Object.fromEntries(stored.map((s) => [String(s.id), s])) }));
      const ids = stored.map((s) => ({ id: s.id }));
      input.onChange(many ? [...current.map((c) => ({ id: c.id })), ...ids] : ids[0]);
    } catch (error) {
      const cancelled = error instanceof DOMException && error.name === 'AbortError';
      setProblem(cancelled ? translate('bureau.files.cancelled') : (error as Error).message);
    } finally {
      controller.current = null;
      setProgress(null);
      if (picker.current) picker.current.value = '';
    }
  };

  const remove = (id: StoredFileValue['id']) =>
    input.onChange(many ? current.filter((c) => c.id !== id).map((c) => ({ id: c.id })) : null);

  const error = problem ?? (fieldState.error?.message || undefined);
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {current.map((file) => (
        <Stack key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FileCell value={shown(file)} />
          <Typography variant="caption" color="text.secondary">
            {formatSize(shown(file).size)}
          </Typography>
          <IconButton
            aria-label={translate('bureau.files.remove', { name: fileText(shown(file)) })}
            size="small"
            disabled={disabled || busy}
            onClick={() => remove(file.id)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={disabled || busy}
        onClick={() => picker.current?.click()}
      >
        {translate(many ? 'bureau.files.add' : current.length ? 'bureau.files.replace' : 'bureau.files.choose')}
      </Button>
      <input
        ref={picker}
        type="file"
        hidden
        multiple={many}
        aria-label={label}
        onChange={(e) => void pick(e.target.files)}
      />
      {progress && (
        <ProgressLine
          label={translate('bureau.files.uploading')}
          loaded={progress.loaded}
          total={progress.total}
          onCancel={() => controller.current?.abort()}
        />
      )}
      {(error || helperText) && <FormHelperText error={Boolean(error)}>{error ?? helperText}</FormHelperText>}
    </Box>
  );
}
