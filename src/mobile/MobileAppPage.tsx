import { Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useEffect, useState } from 'react';
import { entries, isSchemaLoaded, loadSchema } from '../resources/schemaLoader';
import { cardStates, mobileCards, type CardState } from './cards';
import { MobileMenu } from './MobileMenu';
import { MobileSearch } from './MobileSearch';
import { usePermissions, useTranslate } from 'react-admin';
import { createCanAccess, type Permissions } from '../access/canAccess';
import { useMobileText } from './text';

/** A card's frame: its title, then the live component or the "coming with the X area" note. */
const MobileCardView = ({ state }: { state: CardState }) => {
  const t = useMobileText();
  const translate = useTranslate();
  const { card } = state;
  // a card's texts by its id: bureau.mobile.cards.<id>.title / .promise, else the card's English
  return (
    <Card component="section" aria-labelledby={`card-${card.id}`} variant="outlined" sx={{ borderRadius: 3 }}>
      <CardHeader
        title={translate(`bureau.mobile.cards.${card.id}.title`, { _: card.title })}
        slotProps={{ title: { id: `card-${card.id}`, variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: state.ready ? 0.5 : 0 }}
      />
      {state.ready ? (
        <state.component />
      ) : (
        <CardContent sx={{ pt: 0.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
          <HourglassEmptyIcon color="disabled" sx={{ mt: 0.25 }} />
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('coming', { area: card.area })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`bureau.mobile.cards.${card.id}.promise`, { _: card.promise })}
            </Typography>
          </Box>
        </CardContent>
      )}
    </Card>
  );
};

/**
 * `/mobile-app` (NAV-13), the phone workspace (360-600 px): a top bar with the burger menu, a
 * search over clients and contacts, then the cards of `cards.ts` (recent clients, today's tasks,
 * log 15 minutes, recent matters), each live once its area's entities exist. A card whose
 * entities the user may not list is not shown (a lawyer has no "Recent clients": no request the
 * server would refuse, no "Forbidden" toast).
 */
/** The entities the cards read; their schemas load with this page (the first load holds none). */
const REQUIRED = [...new Set(mobileCards.flatMap((c) => c.requires))];

/** Whether the cards' schemas are loaded (`loadSchema`); a failed load shows the cards as not ready. */
const useCardSchemas = (): boolean => {
  const [ready, setReady] = useState(() => REQUIRED.every(isSchemaLoaded));
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => live && setReady(true);
    void Promise.all(REQUIRED.map((n) => loadSchema(n))).then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
};

export default function MobileAppPage() {
  const ready = useCardSchemas();
  const { permissions, isPending } = usePermissions<Permissions>();
  const canAccess = permissions ? createCanAccess(entries, permissions) : undefined;
  const shown =
    isPending || !ready
      ? []
      : cardStates().filter(
          (state) => !canAccess || state.card.requires.every((name) => canAccess({ action: 'list', resource: name })),
        );
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <MobileMenu />
      <Stack component="main" spacing={2} sx={{ p: 2, maxWidth: 600, mx: 'auto' }}>
        <MobileSearch />
        {shown.map((state) => (
          <MobileCardView key={state.card.id} state={state} />
        ))}
      </Stack>
    </Box>
  );
}
