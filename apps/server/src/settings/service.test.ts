import { describe, expect, it } from 'vitest';
import { serverSettingsSchema } from './schema.js';
import { parseSettingValue } from './service.js';

describe('server settings', () => {
  it('has the documented defaults', () => {
    expect(serverSettingsSchema.parse({})).toMatchObject({
      registrations_mode: 'open',
      site_title: 'Palchat',
      explore_enabled: true,
      timeline_preview: true,
      sso_redirect_url: '',
      thumbnail_path: '',
    });
  });

  it('parses text values from the table or the command line', () => {
    expect(parseSettingValue('explore_enabled', 'false')).toBe(false);
    expect(parseSettingValue('timeline_preview', 'yes')).toBe(true);
    expect(parseSettingValue('registrations_mode', 'approval')).toBe('approval');
    expect(parseSettingValue('sso_redirect_url', 'https://sso.example/login')).toBe(
      'https://sso.example/login',
    );
  });

  it('refuses invalid values with a clear message', () => {
    expect(() => parseSettingValue('registrations_mode', 'sometimes')).toThrow(
      /Invalid value for registrations_mode/,
    );
    expect(() => parseSettingValue('explore_enabled', 'maybe')).toThrow(/explore_enabled/);
    expect(() => parseSettingValue('site_contact_email', 'not-an-email')).toThrow(/site_contact_email/);
    expect(() => parseSettingValue('thumbnail_path', '../etc/passwd')).toThrow(/media folder/);
    expect(() => parseSettingValue('site_title', '   ')).toThrow(/site_title/);
  });
});
