import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { createProviders } from './app/bootstrap';
import { rememberStartLocation } from './app/startLocation';
import { loadAppConfig } from './auth/appConfig';
import { takeStartupToken } from './auth/startupToken';
import { saveTokens } from './auth/tokenStorage';

const root = createRoot(document.getElementById('root')!);

// NAV-08: before any redirect can change the address.
rememberStartLocation(window.location.pathname + window.location.search);

// AUTH-03..05 hook point (issue 3): a start-up token signs in without the OpenID client.
const startupToken = takeStartupToken();
if (startupToken) saveTokens({ accessToken: startupToken });

loadAppConfig()
  .then((config) => {
    const { authProvider, dataProvider } = createProviders(config);
    root.render(
      <StrictMode>
        {/* Plain (non-transition) location updates: react-admin's sign-out redirect resets its
            store in the same tick, and a pending transition left it re-running on the old path. */}
        <BrowserRouter useTransitions={false}>
          <App config={config} authProvider={authProvider} dataProvider={dataProvider} />
        </BrowserRouter>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<p style={{ fontFamily: 'sans-serif', padding: 24 }}>Bureau could not load its configuration. Please reload the page.</p>);
  });
