import { Box, Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Title } from 'react-admin';
import type { HomeCardId } from '../../schemas/homeCards';
import { HOME_CARD_VIEWS } from './cards';
import { useHomeText } from './text';

/**
 * The home page per role (docs/areas/dashboards.md, "Home page"): the cards `cards` (decided from
 * the identity by `homeCardsOf`, schemas/homeCards.ts), one column on a phone, two or three side
 * by side on wider screens. Each card loads on its own, shows its empty state, or an error with
 * Retry.
 */
export default function HomePage({ cards, employeeId }: { cards: readonly HomeCardId[]; employeeId: number | null }) {
  const t = useHomeText();
  const now = useMemo(() => new Date(), []);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: '100%' }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {cards.length === 0 ? (
        <Typography color="text.secondary">{t('nothing')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {cards.map((id) => (
            <Grid key={id} size={{ xs: 12, md: 6, lg: 4 }}>
              {HOME_CARD_VIEWS[id]({ employeeId, now })}
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
