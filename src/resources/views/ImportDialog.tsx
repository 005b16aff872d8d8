/**
 * The import dialog of a list (`POST <collection>/import/...`, server/transfer/routes.ts): pick a
 * CSV or Excel file -> the proposed column mapping, which the user may change -> a dry run with a
 * progress bar (the rows that would be created, the rejected ones with their row numbers and
 * reasons: the first 100 shown, all downloadable as CSV) -> the commit, offered only when no row
 * is rejected, with a progress bar -> done (the list is refreshed).
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useRefresh, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import type { SpringDataProvider } from '../../../dataProvider/index';
import { NDJSON, readJsonLines, rejectedCsv, saveFile, type ImportResult, type MappingProposal } from './transfer';

/** Rejected rows shown in the dialog; all of them are in the downloadable list. */
export const SHOWN_REJECTS = 100;

type Step = 'file' | 'mapping' | 'running' | 'checked' | 'done';

export interface ImportDialogProps {
  schema: EntitySchema;
  onClose: () => void;
}

export default function ImportDialog({ schema, onClose }: ImportDialogProps) {
  const { resource } = useListContext();
  const dataProvider = useDataProvider() as unknown as SpringDataProvider;
  const translate = useTranslate();
  const refresh = useRefresh();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [proposal, setProposal] = useState<MappingProposal | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = (key: string, options?: Record<string, unknown>) => translate(`bureau.transfer.${key}`, options);

  const form = (chosen: File, withMapping: boolean) => {
    const body = new FormData();
    if (withMapping) body.append('mapping', JSON.stringify(mapping));
    body.append('file', chosen);
    return body;
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setFile(chosen);
    setResult(null);
    try {
      const { data: json } = await dataProvider.request<MappingProposal>(resource, {
        path: 'import/mapping',
        method: 'POST',
        body: form(chosen, false),
      });
      setProposal(json);
      setMapping(json.mapping);
      setStep('mapping');
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const run = async (commit: boolean) => {
    if (!file) return;
    setError(null);
    setStep('running');
    setProgress({ done: 0, total: proposal?.rows ?? 0 });
    try {
      const {
        response: { stream },
      } = await dataProvider.request(resource, {
        path: `import/${commit ? 'commit' : 'dryRun'}`,
        method: 'POST',
        body: form(file, true),
        headers: { Accept: NDJSON },
        responseType: 'stream',
      });
      let answer: ImportResult | null = null;
      let failure: string | null = null;
      await readJsonLines(stream, (line) => {
        const l = line as {
          progress?: { done: number; total: number };
          result?: ImportResult;
          error?: { message: string };
        };
        if (l.progress) setProgress(l.progress);
        if (l.result) answer = l.result;
        if (l.error) failure = l.error.message;
      });
      if (failure || !answer) throw new Error(failure ?? t('failed'));
      setResult(answer);
      const done = (answer as ImportResult).committed;
      setStep(done ? 'done' : 'checked');
      if (done) refresh();
    } catch (e) {
      setError((e as Error).message);
      setStep('mapping');
    }
  };

  const fieldLabel = (name: string) => proposal?.fields.find((f) => f.name === name)?.label ?? name;
  const rejected = result?.rejected ?? [];
  const duplicates = result?.duplicates ?? [];

  return (
    <Dialog
      open
      onClose={step === 'running' ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="import-title"
    >
      <DialogTitle id="import-title">{t('title', { name: schema.label })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          {step === 'file' && (
            <Stack spacing={1} alignItems="flex-start">
              <Typography>{t('pick_text')}</Typography>
              <Button variant="contained" component="label">
                {t('pick')}
                <input
                  hidden
                  type="file"
                  aria-label={t('pick')}
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(e) => void choose(e.target.files?.[0])}
                />
              </Button>
            </Stack>
          )}
          {step === 'mapping' && proposal && (
            <>
              <Typography>{t('mapping_text', { name: file?.name ?? '', rows: proposal.rows })}</Typography>
              <Table size="small" aria-label={t('mapping')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('column')}</TableCell>
                    <TableCell>{t('field')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {proposal.headers.map((header) => (
                    <TableRow key={header}>
                      <TableCell>{header}</TableCell>
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          label={header}
                          value={mapping[header] ?? ''}
                          onChange={(e) => setMapping({ ...mapping, [header]: e.target.value || null })}
                        >
                          <MenuItem value="">{t('skip')}</MenuItem>
                          {proposal.fields.map((f) => (
                            <MenuItem
                              key={f.name}
                              value={f.name}
                              disabled={Object.entries(mapping).some(([h, v]) => v === f.name && h !== header)}
                            >
                              {f.required ? `${f.label} *` : f.label}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
          {step === 'running' && (
            <Stack spacing={1}>
              <LinearProgress
                variant="determinate"
                aria-label={t('progress')}
                value={progress.total ? (100 * progress.done) / progress.total : 0}
              />
              <Typography role="status">{t('rows_done', { done: progress.done, total: progress.total })}</Typography>
            </Stack>
          )}
          {step === 'checked' && result && (
            <>
              <Alert severity={rejected.length ? 'warning' : 'success'} role="status">
                {t('checked', { created: result.created, rejected: rejected.length, total: result.total })}
              </Alert>
              {rejected.length > 0 && (
                <>
                  <Table size="small" aria-label={t('rejected')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('row')}</TableCell>
                        <TableCell>{t('reasons')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rejected.slice(0, SHOWN_REJECTS).map((r) => (
                        <TableRow key={r.row}>
                          <TableCell>{r.row}</TableCell>
                          <TableCell>
                            {r.errors
                              .map((e) => (e.property ? `${fieldLabel(e.property)}: ${e.message}` : e.message))
                              .join('; ')}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {rejected.length > SHOWN_REJECTS && (
                    <Typography variant="caption">
                      {t('more_rejected', { count: rejected.length - SHOWN_REJECTS })}
                    </Typography>
                  )}
                </>
              )}
              {duplicates.length > 0 && (
                <>
                  <Alert severity="info">{t('duplicates', { count: duplicates.length })}</Alert>
                  <Table size="small" aria-label={t('duplicates_table')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('row')}</TableCell>
                        <TableCell>{t('looks_like')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {duplicates.slice(0, SHOWN_REJECTS).map((d) => (
                        <TableRow key={d.row}>
                          <TableCell>{d.row}</TableCell>
                          <TableCell>
                            {[
                              d.existing !== undefined
                                ? t('duplicate_existing', { value: d.value, id: d.existing })
                                : '',
                              d.sameAsRow !== undefined ? t('duplicate_row', { value: d.value, row: d.sameAsRow }) : '',
                            ]
                              .filter(Boolean)
                              .join('; ')}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </>
              )}
            </>
          )}
          {step === 'done' && result && (
            <Alert severity="success" role="status">
              {t('done', { created: result.created })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step === 'mapping' && (
          <>
            <Button onClick={() => setStep('file')}>{t('another_file')}</Button>
            <Button
              variant="contained"
              disabled={!Object.values(mapping).some(Boolean)}
              onClick={() => void run(false)}
            >
              {t('check')}
            </Button>
          </>
        )}
        {step === 'checked' && result && (
          <>
            {rejected.length > 0 && (
              <Button onClick={() => saveFile(rejectedCsv(rejected), `${schema.name}-rejected.csv`)}>
                {t('download_rejected')}
              </Button>
            )}
            <Button onClick={() => setStep('file')}>{t('another_file')}</Button>
            <Button variant="contained" disabled={rejected.length > 0} onClick={() => void run(true)}>
              {t('commit', { count: result.created })}
            </Button>
          </>
        )}
        {step !== 'running' && <Button onClick={onClose}>{t(step === 'done' ? 'close' : 'cancel')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
