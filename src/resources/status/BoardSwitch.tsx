/**
 * The List/Board switch of an entity whose status declares a board: two links, so which view is
 * open is in the address (`/leads` or `/leads/board`) and Back returns to the other.
 */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ViewList from '@mui/icons-material/ViewList';
import ViewKanban from '@mui/icons-material/ViewKanban';
import { Link } from 'react-router-dom';
import type { EntitySchema } from '../../../schemas/define';
import { boardPath, listPath } from '../paths';

export const BoardSwitch = ({ schema, current }: { schema: EntitySchema; current: 'list' | 'board' }) =>
  schema.status?.board ? (
    <ToggleButtonGroup size="small" value={current} exclusive aria-label="View">
      <ToggleButton value="list" component={Link} to={listPath(schema.route)} aria-label="List">
        <ViewList fontSize="small" sx={{ mr: 0.5 }} />
        List
      </ToggleButton>
      <ToggleButton value="board" component={Link} to={boardPath(schema.route)} aria-label="Board">
        <ViewKanban fontSize="small" sx={{ mr: 0.5 }} />
        Board
      </ToggleButton>
    </ToggleButtonGroup>
  ) : null;
