/**
 * The bespoke parts of ideas: a vote button on the card (the `votes` action of
 * `schemas/workspace/ideas.ts`). Everything else of ideas is generated.
 */
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { Button } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { ideas } from '../../schemas/index';
import { defineParts, type ActionProps } from '../resources/parts';
import { useHttpClient } from '../resources/status/hooks';
import { useLongAction } from '../widgets/useLongAction';

/** `POST /core/api/ideas/{id}/votes` votes or takes the vote back; the card then shows the new count. */
export const VoteButton = ({ record }: ActionProps) => {
  const httpClient = useHttpClient();
  const translate = useTranslate();
  const refresh = useRefresh();
  const voted = record?.votedByMe === true;
  const { run, busy } = useLongAction(
    async (id: string | number, taken: boolean) => {
      await httpClient(`/core/api/ideas/${encodeURIComponent(String(id))}/votes`, { method: 'POST' });
      refresh();
      return taken;
    },
    {
      success: (taken) => ({ message: taken ? 'bureau.ideas.vote_taken_back' : 'bureau.ideas.voted' }),
      failure: 'bureau.ideas.vote_refused',
    },
  );
  if (!record) return null;
  return (
    <Button
      size="small"
      loading={busy}
      loadingPosition="start"
      onClick={() => void run(record.id, voted)}
      startIcon={voted ? <ThumbUp /> : <ThumbUpOutlined />}
      aria-pressed={voted}
    >
      {translate(voted ? 'bureau.ideas.take_vote_back' : 'bureau.ideas.vote')}
    </Button>
  );
};

export const ideaParts = defineParts(ideas, { show: { actions: [VoteButton] } });
