import { createContext, useContext } from 'react';
import type { AppConfig } from '../auth/appConfig';

export const AppConfigContext = createContext<AppConfig | null>(null);

/** The server's SPA configuration (`/app-config.json`). @throws Error outside the app. */
export const useAppConfig = (): AppConfig => {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used inside <AppConfigContext.Provider>');
  return config;
};
