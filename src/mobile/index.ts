export { default as MobileAppPage } from './MobileAppPage';
export { mobileCards, cardStates, DEFAULT_TIME_DURATION_MS, type MobileCard, type CardState } from './cards';
