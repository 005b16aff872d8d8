import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton } from '@mui/material';
import type { HomeCardId } from '../../schemas/homeCards';
import { useHomeText } from './text';
import type { HomeQueryState } from './useHomeQuery';

/**
 * A home card's frame: its title (a heading the card is labelled by), then by the state of its
 * queries a loading placeholder, an error with Retry, or `children(rows)`. A refused card (403:
 * not this role's) renders nothing.
 */
export function HomeCardFrame({
  id,
  state,
  children,
}: {
  id: HomeCardId;
  state: HomeQueryState;
  children: (rows: Array<Array<Record<string, unknown>>>) => ReactNode;
}) {
  const t = useHomeText();
  if (state.status === 'refused') return null;
  return (
    <HomeCardShell id={id}>
      {state.status === 'loading' ? (
        <Box aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={32} />
          <Skeleton height={32} width="60%" />
        </Box>
      ) : state.status === 'error' ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={state.retry}>
              {t('retry')}
            </Button>
          }
        >
          {t('failed', { message: state.message })}
        </Alert>
      ) : (
        children(state.rows)
      )}
    </HomeCardShell>
  );
}

/** The card itself: a section labelled by its title. */
export function HomeCardShell({ id, children }: { id: HomeCardId; children: ReactNode }) {
  const t = useHomeText();
  return (
    <Card component="section" aria-labelledby={`home-${id}`} variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={t(id)}
        slotProps={{ title: { id: `home-${id}`, variant: 'h6', component: 'h2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
