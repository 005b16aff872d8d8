import { describe, expect, it } from 'vitest';
import viteConfig, { wantsSourceMaps } from '../../vite.config';

describe('PROBE-15 production serves no source maps', () => {
  it('PROBE-15 the SPA build writes source maps only when SOURCEMAP=true', () => {
    expect(wantsSourceMaps({})).toBe(false);
    expect(wantsSourceMaps({ NODE_ENV: 'production' })).toBe(false);
    expect(wantsSourceMaps({ SOURCEMAP: 'true' })).toBe(true);
    const config = viteConfig as { build?: { sourcemap?: unknown } };
    expect(config.build?.sourcemap).toBe(process.env.SOURCEMAP === 'true');
  });
});
