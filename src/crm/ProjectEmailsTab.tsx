/**
 * The project card's e-mails tab (NAV-43, MAIL-02/05): the project's lead e-mails, newest first,
 * with the columns date, to, from, copies, subject, status and body, pages of 1, 20, 50 or 100,
 * and a Compose button (`ComposeEmailDialog`) for users who may send. Status reads "Not sent"
 * while the outbox holds the message, "Sent" once the mail server took it, "Failed" with the
 * server's error otherwise.
 */
import { Box, Button, Chip, Tooltip } from '@mui/material';
import Send from '@mui/icons-material/Send';
import { useState } from 'react';
import { DataTable, Pagination, ReferenceManyField, useRefresh, useTranslate } from 'react-admin';
import { leadEmails } from '../../schemas/crm/leadEmails';
import { useResourceAccess } from '../resources/access';
import { formatDateTime } from '../resources/format';
import type { TabProps } from '../resources/parts';
import { ComposeEmailDialog } from './ComposeEmailDialog';

const STATUS: Record<string, { label: string; color: 'default' | 'success' | 'error' }> = {
  QUEUED: { label: 'bureau.emails.not_sent', color: 'default' },
  SENT: { label: 'bureau.emails.sent', color: 'success' },
  FAILED: { label: 'bureau.emails.failed', color: 'error' },
};

/** The delivery status as a chip; a failure shows the mail server's error. */
export const EmailStatus = ({ record }: { record: Record<string, unknown> }) => {
  const translate = useTranslate();
  const s = STATUS[String(record.status)] ?? { label: String(record.status ?? '-'), color: 'default' as const };
  const chip = <Chip size="small" label={translate(s.label, { _: s.label })} color={s.color} variant="outlined" />;
  return record.status === 'FAILED' && record.error ? (
    <Tooltip title={String(record.error)}>
      <span>
        {chip}{' '}
        <Box component="span" sx={{ fontSize: 12, color: 'error.main' }}>
          {String(record.error)}
        </Box>
      </span>
    </Tooltip>
  ) : (
    chip
  );
};

/** The body's text, without its markup, cut to one line. */
const bodyText = (html: unknown): string => {
  const text = new DOMParser().parseFromString(String(html ?? ''), 'text/html').body.textContent ?? '';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

export const ProjectEmailsTab = ({ record }: TabProps) => {
  const canAccess = useResourceAccess();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [composing, setComposing] = useState(false);
  return (
    <Box sx={{ width: '100%' }}>
      {canAccess('create', leadEmails.route) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" size="small" startIcon={<Send />} onClick={() => setComposing(true)}>
            {translate('bureau.emails.compose')}
          </Button>
        </Box>
      )}
      <ReferenceManyField
        reference={leadEmails.route}
        target="project"
        perPage={20}
        sort={{ field: 'createdDate', order: 'DESC' }}
        pagination={<Pagination rowsPerPageOptions={leadEmails.list!.perPageOptions!} />}
        empty={<Box sx={{ p: 2, color: 'text.secondary' }}>{translate('bureau.emails.empty')}</Box>}
      >
        <DataTable rowClick={false} bulkActionButtons={false} aria-label={translate('bureau.emails.title')}>
          <DataTable.Col
            source="createdDate"
            label="bureau.emails.date"
            render={(r) => formatDateTime(r.createdDate)}
          />
          <DataTable.Col source="to" label="bureau.emails.to" />
          <DataTable.Col source="from" label="bureau.emails.from" />
          <DataTable.Col source="cc" label="bureau.emails.copies" />
          <DataTable.Col source="subject" label="bureau.emails.subject" />
          <DataTable.Col source="status" label="bureau.emails.status" render={(r) => <EmailStatus record={r} />} />
          <DataTable.Col source="body" label="bureau.emails.body" disableSort render={(r) => bodyText(r.body)} />
        </DataTable>
      </ReferenceManyField>
      {composing && (
        <ComposeEmailDialog
          projectId={Number(record.id)}
          onClose={() => setComposing(false)}
          onSent={() => {
            setComposing(false);
            refresh();
          }}
        />
      )}
    </Box>
  );
};
