/**
 * The input of the `file` and `files` field types (`renderers.tsx` has their cells): uploads on
 * pick through the data provider's `uploadFiles`, with the percent sent and a cancel, shows name
 * and size, allows remove and replace, and keeps `{ id }` per file in the form value. Its own
 * module, loaded on first render (`lazyInput` in `register.tsx`): react-admin's `useInput` brings
 * react-hook-form, which no list page needs at start (bench/ui/README.md, initial JS).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useInput, useTranslate, type Validator } from 'react-admin';
import type { Field } from '../../schemas/define';
import { uploadFiles } from '../../dataProvider/files';
import type { SpringDataProvider, UploadProgress } from '../../dataProvider/index';
import { ProgressLine } from '../widgets/ProgressLine';
import { FileCell, fileText, formatSize, isFile, type StoredFileValue } from './renderers';

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
