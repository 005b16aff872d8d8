/**
 * What a card or an edit form shows, at its own address, when its record cannot be read: react-admin
 * would toast "Element does not exist" and send the user to the list, losing the link they
 * followed. Here the address stays and the page says why:
 * - 404: the record was deleted or never existed - links to the list and, for an entity with a
 *   trash that the user may empty, to its trash (a deleted record may be restored there);
 * - 403: the user may not read it;
 * - anything else (server or network): it could not be loaded, with Retry.
 */
import { Box, Button, Typography } from '@mui/material';
import { Title, useEditContext, useShowContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { hasTrash, type EntitySchema } from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { listPath, trashPath } from '../paths';

/** The read's error handler: nothing to toast, the page itself says it. */
export const unsaid = (): void => {};

/** Why a record is not shown: from the read's HTTP status. */
export type Unavailable = 'missing' | 'forbidden' | 'failed';

/**
 * The reason of a failed read of one record, from its error's HTTP status.
 * @example unavailableReason({ status: 404 }) // 'missing'
 */
export function unavailableReason(error: unknown): Unavailable {
  const status = (error as { status?: number } | null)?.status;
  if (status === 404) return 'missing';
  if (status === 403) return 'forbidden';
  return 'failed';
}

const RecordUnavailable = ({ schema, error, retry }: { schema: EntitySchema; error: unknown; retry: () => void }) => {
  const translate = useTranslate();
  const canAccess = useResourceAccess();
  const reason = unavailableReason(error);
  const title = translate(`bureau.record_unavailable.${reason}_title`);
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {translate(`bureau.record_unavailable.${reason}_text`)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {reason === 'failed' && (
          <Button variant="contained" onClick={retry}>
            {translate('bureau.record_unavailable.retry')}
          </Button>
        )}
        <Button
          variant={reason === 'failed' ? 'outlined' : 'contained'}
          component={RouterLink}
          to={listPath(schema.route)}
        >
          {translate('bureau.record_unavailable.to_list')}
        </Button>
        {reason === 'missing' && hasTrash(schema) && canAccess('delete', schema.route) && (
          <Button variant="outlined" component={RouterLink} to={trashPath(schema.route)}>
            {translate('bureau.record_unavailable.to_trash')}
          </Button>
        )}
      </Box>
    </Box>
  );
};

/** {@link RecordUnavailable} inside react-admin's `Show` (its `error` element). */
export const ShowUnavailable = ({ schema }: { schema: EntitySchema }) => {
  const { error, refetch } = useShowContext();
  return <RecordUnavailable schema={schema} error={error} retry={() => void refetch()} />;
};

/** {@link RecordUnavailable} inside react-admin's `Edit` (its `error` element). */
export const EditUnavailable = ({ schema }: { schema: EntitySchema }) => {
  const { error, refetch } = useEditContext();
  return <RecordUnavailable schema={schema} error={error} retry={() => void refetch()} />;
};
