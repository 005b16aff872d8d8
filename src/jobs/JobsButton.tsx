/**
 * The jobs panel: an app-bar button whose badge counts the signed-in user's unfinished background
 * jobs (the data provider's `jobs` verbs, docs/api.md "Jobs"), opening a popover that lists their last jobs
 * with progress, Cancel for an unfinished one and Download for a result file. The list is read at
 * start, every 2 s while a job is unfinished or the panel is open, and on {@link JOBS_CHANGED}
 * (sent when a request answered with a new job, as a large export does).
 */
import CancelIcon from '@mui/icons-material/Cancel';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import {
  Badge,
  Box,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSpringDataProvider } from '../resources/useAction';
import { DownloadProgress, JOBS_CHANGED, useDownload } from '../resources/views/useDownload';

/** A job as the jobs list gives it (the fields the panel shows). */
export interface WireJob {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  progress: number;
  progressNote: string | null;
  error: string | null;
  createdAt: string;
  result: { file?: { name: string; size: number } } | null;
}

const unfinished = (job: WireJob) => job.status === 'queued' || job.status === 'running';

function JobRow({ job, onChanged }: { job: WireJob; onChanged: () => void }) {
  const translate = useTranslate();
  const dataProvider = useSpringDataProvider();
  const { download, received, busy } = useDownload();
  const title = translate(`bureau.jobs.kinds.${job.kind}`, { _: job.kind });
  const status = translate(`bureau.jobs.status.${job.status}`);
  return (
    <ListItem
      divider
      secondaryAction={
        <>
          {unfinished(job) && (
            <Tooltip title={translate('bureau.jobs.cancel')}>
              <IconButton
                edge="end"
                aria-label={`${translate('bureau.jobs.cancel')}: ${title}`}
                onClick={() =>
                  void dataProvider
                    .cancelJob(job.id)
                    .catch(() => undefined)
                    .then(onChanged)
                }
              >
                <CancelIcon />
              </IconButton>
            </Tooltip>
          )}
          {job.status === 'succeeded' && job.result?.file && (
            <Tooltip title={translate('bureau.jobs.download')}>
              <IconButton
                edge="end"
                loading={busy}
                aria-label={`${translate('bureau.jobs.download')}: ${job.result.file.name}`}
                onClick={() => void download((dp, signal) => dp.jobResult(job.id, signal), job.result!.file!.name)}
              >
                <FileDownloadIcon />
              </IconButton>
            </Tooltip>
          )}
        </>
      }
    >
      <ListItemText
        primary={title}
        secondary={
          <Box sx={{ pr: 4 }}>
            <Box component="span">
              {status}
              {job.status === 'running' && ` - ${job.progress} %${job.progressNote ? `, ${job.progressNote}` : ''}`}
              {job.status === 'failed' && job.error ? `: ${job.error}` : ''}
            </Box>
            {unfinished(job) && (
              <LinearProgress
                sx={{ display: 'block', mt: 0.5 }}
                variant={job.status === 'running' ? 'determinate' : 'indeterminate'}
                value={job.progress}
                aria-label={`${title}: ${status}`}
              />
            )}
            {received && <DownloadProgress received={received} />}
          </Box>
        }
        slotProps={{ secondary: { component: 'div' } }}
      />
    </ListItem>
  );
}

/** The app-bar button and popover of the user's jobs (see the module). */
export function JobsButton() {
  const translate = useTranslate();
  const dataProvider = useSpringDataProvider();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [jobs, setJobs] = useState<WireJob[]>([]);
  const refresh = useCallback(async () => {
    try {
      const { data } = await dataProvider.jobs<WireJob>();
      setJobs(data);
    } catch {
      // signed out or the server away: the panel keeps what it showed
    }
  }, [dataProvider]);
  const active = jobs.filter(unfinished).length;
  useEffect(() => {
    void refresh();
    const changed = () => void refresh();
    window.addEventListener(JOBS_CHANGED, changed);
    return () => window.removeEventListener(JOBS_CHANGED, changed);
  }, [refresh]);
  useEffect(() => {
    if (active === 0 && !anchor) return;
    const timer = setInterval(() => void refresh(), 2000);
    return () => clearInterval(timer);
  }, [active, anchor, refresh]);
  const label = translate('bureau.jobs.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={active} color="secondary">
            <WorkHistoryIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 360, maxWidth: '100vw' }}>
          <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>
            {label}
          </Typography>
          {jobs.length === 0 ? (
            <Typography variant="body2" sx={{ px: 2, py: 1.5 }} color="text.secondary">
              {translate('bureau.jobs.none')}
            </Typography>
          ) : (
            <List dense aria-label={label}>
              {jobs.map((job) => (
                <JobRow key={job.id} job={job} onChanged={() => void refresh()} />
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
