import { existsSync } from 'node:fs';

/**
 * Debian's Chromium for Playwright (it cannot download its own browser here, docs/pitfalls.md): the flags
 * keep it off the network it cannot reach and let it run as root in a fresh profile.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `CHROMIUM_PATH`, else `/usr/bin/chromium`.
 * @throws Error saying how to install one when neither exists
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(', ')}). Install Debian's: ` +
        '`apt-get update && apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}
