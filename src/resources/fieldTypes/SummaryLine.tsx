/** One label/value line of the form summary (a `dt`/`dd` pair in the summary's grid). */
import { Box, Typography } from '@mui/material';

export const SummaryLine = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {value || '—'}
    </Typography>
  </Box>
);
