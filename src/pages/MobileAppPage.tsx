import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** `/mobile-app` (NAV-13): the mobile entry's page, a placeholder until issue 3 builds it. */
export default function MobileAppPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('bureau.mobile.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary">
        {translate('bureau.mobile.text')}
      </Typography>
    </Box>
  );
}
