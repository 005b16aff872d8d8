/**
 * The compose dialog of a lead e-mail (MAIL-04): a template picked from the project's e-mail
 * templates (and those for every project) fills subject and body; to, cc, subject and body are
 * then edited and sent with `POST /leadEmails`. The body is HTML kept as the template wrote it
 * (a multi-line input: no rich text editor is installed); the server keeps its safe subset.
 * Cancel sends nothing.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import { MAIL_ADDRESS_LIST } from '../../schemas/crm/mailAddresses';

interface Template {
  id: number;
  name: string;
  subject: string;
  body: string | null;
}

interface Draft {
  to: string;
  cc: string;
  subject: string;
  body: string;
}

const EMPTY: Draft = { to: '', cc: '', subject: '', body: '' };
const addressList = new RegExp(MAIL_ADDRESS_LIST);

/** The templates offered on a project: its own, then those for every project, by name. */
function useTemplates(projectId: number) {
  const page = { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' as const } };
  const own = useGetList<Template>('templates', { ...page, filter: { projectId } });
  const shared = useGetList<Template>('templates', { ...page, filter: { 'projectId.isNull': true } });
  return { templates: [...(own.data ?? []), ...(shared.data ?? [])], isPending: own.isPending || shared.isPending };
}

/** Field errors of a 400 `Validation failed` answer, by property. */
const fieldErrors = (e: unknown): Record<string, string> => {
  const errors = (e as { body?: { errors?: Array<{ property: string; message: string }> } }).body?.errors ?? [];
  return Object.fromEntries(errors.map((x) => [x.property, x.message]));
};

export interface ComposeEmailDialogProps {
  projectId: number;
  onClose: () => void;
  /** After the e-mail was accepted (queued). */
  onSent: () => void;
}

export const ComposeEmailDialog = ({ projectId, onClose, onSent }: ComposeEmailDialogProps) => {
  const { templates, isPending } = useTemplates(projectId);
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isPending: sending }] = useCreate();
  const notify = useNotify();
  const translate = useTranslate();
  const set = (name: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));
  const pick = (id: number | '') => {
    setTemplateId(id);
    const t = templates.find((x) => x.id === id);
    if (t) setDraft((d) => ({ ...d, subject: t.subject, body: t.body ?? '' }));
  };
  const local: Record<string, string> = {};
  if (draft.to.trim() && !addressList.test(draft.to)) local.to = translate('bureau.emails.to_invalid');
  if (draft.cc.trim() && !addressList.test(draft.cc)) local.cc = translate('bureau.emails.addresses');
  const ready = draft.to.trim() && draft.subject.trim() && draft.body.trim() && Object.keys(local).length === 0;
  const send = () =>
    create(
      'leadEmails',
      {
        data: {
          to: draft.to.trim(),
          cc: draft.cc.trim() || null,
          subject: draft.subject,
          body: draft.body,
          project: { id: projectId },
        },
      },
      {
        onSuccess: () => {
          notify('bureau.emails.queued', { type: 'success' });
          onSent();
        },
        onError: (e) => {
          setErrors(fieldErrors(e));
          notify((e as Error).message || 'bureau.emails.refused', { type: 'error' });
        },
      },
    );
  const help = (name: keyof Draft) => local[name] ?? errors[name];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="compose-email-title">
      <DialogTitle id="compose-email-title">{translate('bureau.emails.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={translate('bureau.emails.template')}
            value={templateId}
            onChange={(e) => pick(e.target.value === '' ? '' : Number(e.target.value))}
            helperText={
              !isPending && templates.length === 0
                ? translate('bureau.emails.no_templates')
                : translate('bureau.emails.template_hint')
            }
          >
            <MenuItem value="">
              <em>{translate('bureau.emails.none')}</em>
            </MenuItem>
            {templates.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={`${translate('bureau.emails.to')} *`}
            value={draft.to}
            onChange={set('to')}
            error={!!help('to')}
            helperText={help('to') ?? translate('bureau.emails.addresses')}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label={translate('bureau.emails.copies')}
            value={draft.cc}
            onChange={set('cc')}
            error={!!help('cc')}
            helperText={help('cc')}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label={`${translate('bureau.emails.subject')} *`}
            value={draft.subject}
            onChange={set('subject')}
            error={!!help('subject')}
            helperText={help('subject')}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label={`${translate('bureau.emails.body')} *`}
            value={draft.body}
            onChange={set('body')}
            multiline
            minRows={6}
            error={!!help('body')}
            helperText={help('body') ?? translate('bureau.emails.body_hint')}
            slotProps={{ htmlInput: { maxLength: 20000 } }}
          />
          <Typography variant="caption" color="text.secondary">
            {translate('bureau.emails.sent_from')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={send} loading={sending} disabled={!ready}>
          {translate('bureau.emails.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
