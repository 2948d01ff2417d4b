import { describe, expect, it } from 'vitest';
import { deviceNameFrom } from './device-name';

describe('deviceNameFrom', () => {
  it('names the browser and the system', () => {
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chromium on Linux');
    expect(
      deviceNameFrom('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'),
    ).toBe('Firefox on Windows');
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Windows');
  });

  it('falls back to what it knows', () => {
    expect(deviceNameFrom('curl/8.0')).toBe('Web browser');
  });
});
