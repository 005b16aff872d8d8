/**
 * The List/Board switch of an entity whose status declares a board: two links, so which view is
 * open is in the address (`/leads` or `/leads/board`) and Back returns to the other. Being links,
 * they mark the open view with `aria-current="page"` instead of the toggle's `aria-pressed` (a
 * button's state, not allowed on a link).
 */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ViewList from '@mui/icons-material/ViewList';
import ViewKanban from '@mui/icons-material/ViewKanban';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { EntitySchema } from '../../../schemas/define';
import { boardPath, listPath } from '../paths';

export const BoardSwitch = ({ schema, current }: { schema: EntitySchema; current: 'list' | 'board' }) => {
  const translate = useTranslate();
  return schema.status?.board ? (
    <ToggleButtonGroup size="small" value={current} exclusive aria-label={translate('bureau.board.view')}>
      <ToggleButton
        value="list"
        component={Link}
        to={listPath(schema.route)}
        aria-label={translate('bureau.board.list')}
        aria-pressed={undefined}
        aria-current={current === 'list' ? 'page' : undefined}
      >
        <ViewList fontSize="small" sx={{ mr: 0.5 }} />
        {translate('bureau.board.list')}
      </ToggleButton>
      <ToggleButton
        value="board"
        component={Link}
        to={boardPath(schema.route)}
        aria-label={translate('bureau.board.board')}
        aria-pressed={undefined}
        aria-current={current === 'board' ? 'page' : undefined}
      >
        <ViewKanban fontSize="small" sx={{ mr: 0.5 }} />
        {translate('bureau.board.board')}
      </ToggleButton>
    </ToggleButtonGroup>
  ) : null;
};
