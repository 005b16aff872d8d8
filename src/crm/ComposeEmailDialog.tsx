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
import { useCreate, useGetList, useNotify } from 'react-admin';
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
  const set = (name: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));
  const pick = (id: number | '') => {
    setTemplateId(id);
    const t = templates.find((x) => x.id === id);
    if (t) setDraft((d) => ({ ...d, subject: t.subject, body: t.body ?? '' }));
  };
  const local: Record<string, string> = {};
  if (draft.to.trim() && !addressList.test(draft.to))
    local.to = 'Addresses separated by commas, such as a@firm.kz, b@firm.kz';
  if (draft.cc.trim() && !addressList.test(draft.cc)) local.cc = 'Addresses separated by commas';
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
          notify('The e-mail is queued for sending', { type: 'success' });
          onSent();
        },
        onError: (e) => {
          setErrors(fieldErrors(e));
          notify((e as Error).message || 'The e-mail was not accepted', { type: 'error' });
        },
      },
    );
  const help = (name: keyof Draft) => local[name] ?? errors[name];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="compose-email-title">
      <DialogTitle id="compose-email-title">New e-mail</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Template"
            value={templateId}
            onChange={(e) => pick(e.target.value === '' ? '' : Number(e.target.value))}
            helperText={
              !isPending && templates.length === 0
                ? 'No e-mail templates yet: add them under E-mail templates'
                : 'Fills the subject and the body'
            }
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {templates.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="To *"
            value={draft.to}
            onChange={set('to')}
            error={!!help('to')}
            helperText={help('to') ?? 'Addresses separated by commas'}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label="Copies"
            value={draft.cc}
            onChange={set('cc')}
            error={!!help('cc')}
            helperText={help('cc')}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label="Subject *"
            value={draft.subject}
            onChange={set('subject')}
            error={!!help('subject')}
            helperText={help('subject')}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label="Body *"
            value={draft.body}
            onChange={set('body')}
            multiline
            minRows={6}
            error={!!help('body')}
            helperText={help('body') ?? 'HTML; scripts and event handlers are removed when sent'}
            slotProps={{ htmlInput: { maxLength: 20000 } }}
          />
          <Typography variant="caption" color="text.secondary">
            Sent from your user e-mail address as Reply-To; delivered when the server has a mail server configured.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={send} disabled={!ready || sending}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
};
