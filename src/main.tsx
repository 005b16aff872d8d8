import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { createProviders } from './app/bootstrap';
import { registerFeatures } from './app/features';
import { rememberStartLocation } from './app/startLocation';
import { loadAppConfig } from './auth/appConfig';
import { runStartup } from './auth/startup';
import { takeStartupToken } from './auth/startupToken';
import { loadSchema } from './resources/schemaLoader';
import { installBridge } from './shell/bridge';

// User-timing marks for `npm run bench:ui -- --timeline`: code evaluated, app mounting.
performance.mark('bureau:evaluated');

const root = createRoot(document.getElementById('root')!);

// The start route's schema (and those its views read) loads while the configuration and the user
// are read: the first load holds no schema, and the first row should not wait one more round trip.
void loadSchema(window.location.pathname.split('/')[1] ?? '').catch(() => undefined);

// The areas' field type renderers and card panels, before anything renders.
registerFeatures();

// SHELL-13..24: the native app bridge and window.bureauApp, before anything can open the burger.
installBridge();

// AUTH-03/04: a start-up token is saved under `token` and leaves the address bar first.
const startupToken = takeStartupToken();

// NAV-08: before any redirect can change the address.
rememberStartLocation(window.location.pathname + window.location.search);

loadAppConfig()
  .then((config) => {
    const { authProvider, dataProvider } = createProviders(config);
    const mount = () => {
      performance.mark('bureau:mount');
      root.render(
        <StrictMode>
          {/* Plain (non-transition) location updates: react-admin's sign-out redirect resets its
            store in the same tick, and a pending transition left it re-running on the old path. */}
          <BrowserRouter useTransitions={false}>
            <App config={config} authProvider={authProvider} dataProvider={dataProvider} />
          </BrowserRouter>
        </StrictMode>,
      );
    };
    // AUTH-03..12, spec 000 section 4.
    return runStartup({
      startupToken,
      mount,
      signIn: authProvider.signIn,
      initSession: authProvider.initSession,
      logout: authProvider.forget,
      forgetOidcUser: authProvider.forgetOidcUser,
      pathname: window.location.pathname,
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <p style={{ fontFamily: 'sans-serif', padding: 24 }}>
        Bureau could not load its configuration. Please reload the page.
      </p>,
    );
  });
