/**
 * The bespoke parts of ideas: a vote button on the card (the `votes` action of
 * `schemas/workspace/ideas.ts`). Everything else of ideas is generated.
 */
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ideas } from '../../schemas/index';
import { defineParts, type ActionProps } from '../resources/parts';
import { useHttpClient } from '../resources/status/hooks';

/** `POST /core/api/ideas/{id}/votes` votes or takes the vote back; the card then shows the new count. */
export const VoteButton = ({ record }: ActionProps) => {
  const httpClient = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const voted = record?.votedByMe === true;
  if (!record) return null;
  const vote = async () => {
    setBusy(true);
    try {
      await httpClient(`/core/api/ideas/${encodeURIComponent(String(record.id))}/votes`, { method: 'POST' });
      notify(voted ? 'Your vote is taken back' : 'Thank you for your vote', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message || 'The vote was refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      disabled={busy}
      onClick={() => void vote()}
      startIcon={voted ? <ThumbUp /> : <ThumbUpOutlined />}
      aria-pressed={voted}
    >
      {voted ? 'Take my vote back' : 'Vote'}
    </Button>
  );
};

export const ideaParts = defineParts(ideas, { show: { actions: [VoteButton] } });
