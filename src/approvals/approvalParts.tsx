/**
 * The "Waiting for me" inbox: the generated list of `verificationChains`, whose default filter is
 * `waitingForMe=true` (the chains whose current step is the signed-in user, across document
 * types), with a link to each document's card and the approve / reject buttons in the row.
 */
import { Alert, Box, Chip, Link, Stack } from '@mui/material';
import { useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { verificationChains } from '../../schemas/approvals/verificationChains';
import { defineParts, type CellProps, type PageProps } from '../resources/parts';
import { entries } from '../resources/schemaLoader';
import { DecisionButtons, type ChainLike } from './DecisionButtons';

/** The route of the entity whose `verification.ownerType` is `ownerType` (read from the manifest: its schema need not be loaded). */
export const ownerRoute = (ownerType: unknown): string | undefined =>
  entries.find((e) => e.verificationOwnerType === ownerType)?.route;

/** The document's id as a link to its card. */
const OwnerCell = ({ record, value }: CellProps) => {
  const route = ownerRoute(record.ownerType);
  if (value === null || value === undefined) return null;
  if (!route) return <>{String(value)}</>;
  return (
    <Link component={RouterLink} to={`/${route}/${String(value)}/show`} onClick={(e) => e.stopPropagation()}>
      {`Open #${String(value)}`}
    </Link>
  );
};

/** The decision, and the buttons when the current step is the user's (or the user is an admin). */
const DecisionCell = ({ record }: CellProps) => {
  const refresh = useRefresh();
  const decision = record.decision as { code?: number; gname?: string } | null | undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip size="small" label={decision?.gname ?? '-'} />
      <DecisionButtons chain={record as unknown as ChainLike} onDone={refresh} />
    </Stack>
  );
};

const InboxPage = ({ generated }: PageProps) => (
  <Box>
    <Alert severity="info" sx={{ mt: 2 }}>
      Documents whose current approval step is yours are listed while &quot;Waiting for me&quot; is on; clear it to see
      every approval you can read. When nothing waits for you, the list is empty.
    </Alert>
    {generated}
  </Box>
);

export const approvalParts = defineParts(verificationChains, {
  list: { page: InboxPage },
  fields: { ownerId: { cell: OwnerCell }, decision: { cell: DecisionCell } },
});
