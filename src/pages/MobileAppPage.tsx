/** `/mobile-app` (NAV-13): the mobile entry's page, built in `src/mobile/`. */
export { default } from '../mobile/MobileAppPage';
