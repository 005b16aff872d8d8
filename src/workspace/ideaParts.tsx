/**
 * The bespoke parts of ideas: a vote button on the card (the `votes` action of
 * `schemas/workspace/ideas.ts`). Everything else of ideas is generated.
 */
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ideas } from '../../schemas/workspace/ideas';
import { defineParts, type ActionProps } from '../resources/parts';
import { useAction } from '../resources/useAction';

/** The `votes` action (`POST ideas/{id}/votes`) votes or takes the vote back; the card then shows the new count. */
export const VoteButton = ({ record }: ActionProps) => {
  const translate = useTranslate();
  const voted = record?.votedByMe === true;
  const { run, busy } = useAction(ideas.route, { failure: 'bureau.ideas.vote_refused' });
  const vote = (id: string | number) =>
    run({ name: 'votes', id }, { success: voted ? 'bureau.ideas.vote_taken_back' : 'bureau.ideas.voted' });
  if (!record) return null;
  return (
    <Button
      size="small"
      loading={busy}
      loadingPosition="start"
      onClick={() => void vote(record.id)}
      startIcon={voted ? <ThumbUp /> : <ThumbUpOutlined />}
      aria-pressed={voted}
    >
      {translate(voted ? 'bureau.ideas.take_vote_back' : 'bureau.ideas.vote')}
    </Button>
  );
};

export const ideaParts = defineParts(ideas, { show: { actions: [VoteButton] } });
