import { Navigate } from 'react-router-dom';

/** The mobile breakpoint (NAV-07): 600 px and narrower is mobile. */
export const MOBILE_MAX_WIDTH = 600;

/** Where `/` leads for a window `width` px wide: `/mobile-app` at 600 px or less, else `/clients` (NAV-06/07). */
export const homePath = (width: number): string => (width <= MOBILE_MAX_WIDTH ? '/mobile-app' : '/clients');

/** The main layout entry `/` (NAV-06/07). */
export default function HomeRedirect() {
  return <Navigate to={homePath(window.innerWidth)} replace />;
}
