/**
 * The progress of one transfer (an upload, a download): a determinate bar with the percent when
 * the total is known, else a moving bar with the bytes so far; a cancel button when the transfer
 * can be stopped. It is a `status` region, so screen readers hear it.
 *
 * @example
 * <ProgressLine label={translate('bureau.progress.uploading')} loaded={512} total={1024} onCancel={abort} />
 * // a bar at 50 % reading "50 %", and "Cancel"
 */
import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Bytes for people: `532 B`, `12.4 KB`, `3.1 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The whole percent of `loaded` out of `total`, 0..100; undefined when the total is unknown. */
export const percentOf = (loaded: number, total: number | undefined): number | undefined =>
  total && total > 0 ? Math.min(100, Math.max(0, Math.round((100 * loaded) / total))) : undefined;

export interface ProgressLineProps {
  /** What is under way (the bar's accessible name). */
  label: string;
  /** Bytes done so far. */
  loaded: number;
  /** Bytes in all, when known. */
  total?: number;
  /** Stops the transfer; no cancel button without it. */
  onCancel?: () => void;
}

export function ProgressLine({ label, loaded, total, onCancel }: ProgressLineProps) {
  const translate = useTranslate();
  const percent = percentOf(loaded, total);
  return (
    <Stack role="status" direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 160 }}>
      <LinearProgress
        sx={{ flex: 1 }}
        aria-label={label}
        {...(percent === undefined ? {} : { variant: 'determinate' as const, value: percent })}
      />
      <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
        {percent === undefined
          ? translate('bureau.transfer.received', { size: formatBytes(loaded) })
          : translate('bureau.progress.percent', { percent })}
      </Typography>
      {onCancel && (
        <Button size="small" onClick={onCancel}>
          {translate('bureau.progress.cancel')}
        </Button>
      )}
    </Stack>
  );
}
