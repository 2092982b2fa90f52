/**
 * The local site build: which address the pages' absolute links (canonical,
 * hreflang, Open Graph) are built for, and when `npm start` must build again.
 */
import { describe, expect, it } from 'vitest';
import { isBuildCurrent, siteAddress } from './site-build';

describe('siteAddress', () => {
  it('is the local stack on the port it will listen on', () => {
    expect(siteAddress({}, 4400)).toBe('http://127.0.0.1:4400');
    expect(siteAddress({ PORT: '4500' })).toBe('http://127.0.0.1:4500');
    expect(siteAddress({})).toBe('http://127.0.0.1:4321');
  });

  it('is SITE_URL when set', () => {
    expect(siteAddress({ SITE_URL: 'https://medical-tourism.example' }, 4400)).toBe('https://medical-tourism.example');
    expect(siteAddress({ SITE_URL: '  ' }, 4400)).toBe('http://127.0.0.1:4400');
  });
});

describe('isBuildCurrent', () => {
  const build = { builtAt: 2_000, newestSource: 1_000, builtFor: 'http://127.0.0.1:4321' };

  it('serves a build made after its sources for the same address', () => {
    expect(isBuildCurrent(build, 'http://127.0.0.1:4321')).toBe(true);
  });

  it('builds again for another address, an unknown one, a newer source, or no build', () => {
    expect(isBuildCurrent(build, 'http://127.0.0.1:4400')).toBe(false);
    expect(isBuildCurrent({ ...build, builtFor: undefined }, 'http://127.0.0.1:4321')).toBe(false);
    expect(isBuildCurrent({ ...build, newestSource: 3_000 }, 'http://127.0.0.1:4321')).toBe(false);
    expect(isBuildCurrent({ ...build, builtAt: undefined }, 'http://127.0.0.1:4321')).toBe(false);
  });
});
