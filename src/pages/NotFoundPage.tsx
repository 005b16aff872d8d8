import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** `/404` (NAV-02, PERM-10): the not-found page with a link to the start page. */
export default function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Title title={translate('bureau.not_found.title')} />
      <Typography variant="h2" component="p" color="text.secondary">
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('bureau.not_found.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {translate('bureau.not_found.text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {translate('bureau.not_found.home')}
      </Button>
    </Box>
  );
}
