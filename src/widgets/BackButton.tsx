/** The back button of forms and cards (WID-55..58): navigates to {@link backTarget}. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { backTarget } from './backTarget';

export interface BackButtonProps {
  /** Route names -> path patterns, for `?from=<name>`. */
  routes?: Record<string, string>;
  label?: string;
}

/** WID-55..58: a "Back" button. */
export function BackButton({ routes, label = 'Back' }: BackButtonProps) {
  const location = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(backTarget(location, params, routes))}>
      {label}
    </Button>
  );
}
