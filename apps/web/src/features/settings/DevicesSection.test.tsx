import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { devicesApi, type Device } from './devices-api';
import { DevicesSection } from './DevicesSection';
import english from '../../locales/en.json';

const forget = vi.fn(() => Promise.resolve());
let thisDeviceId: string | null = 'd2';

vi.mock('./this-device', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    useThisDevice: () =>
      useQuery({ queryKey: ['this-device', thisDeviceId], queryFn: () => ({ id: thisDeviceId, forget }) }),
  };
});

const device = (id: string, name: string): Device => ({
  id,
  name,
  created_at: '2026-03-04T10:00:00.000Z',
  last_active_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  fingerprint: 'ab12 cd34 ef56 7890',
  signature_public_key: 'AAAA',
  key_packages_available: 10,
});

function renderSection() {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DevicesSection />
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const row = async (name: string) => screen.findByRole('listitem', { name });
const dialog = () => screen.getByRole('alertdialog', { name: 'Remove this device?' });

describe('DevicesSection', () => {
  let devices: Device[];

  beforeEach(() => {
    thisDeviceId = 'd2';
    devices = [device('d1', 'Firefox on Android'), device('d2', 'Chromium on Linux')];
    vi.spyOn(devicesApi, 'list').mockImplementation(() => Promise.resolve(devices));
    vi.spyOn(devicesApi, 'remove').mockImplementation((id) => {
      devices = devices.filter((d) => d.id !== id);
      return Promise.resolve({});
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    forget.mockClear();
  });

  it('lists each device with when it was added, when it was last active, its fingerprint, and this one marked', async () => {
    renderSection();
    const firefox = await row('Firefox on Android');
    expect(firefox.textContent).toContain('Added Mar 4, 2026');
    expect(firefox.textContent).toContain('Last active 5m');
    expect(within(firefox).getByText('ab12 cd34 ef56 7890').tagName).toBe('CODE');
    expect(within(firefox).queryByText('This device')).toBeNull();
    expect(within(await row('Chromium on Linux')).getByText('This device')).toBeTruthy();
  });

  it('asks before removing; Cancel keeps the device, confirming removes it from the list', async () => {
    renderSection();
    fireEvent.click(within(await row('Firefox on Android')).getByRole('button', { name: 'Remove device' }));
    expect(dialog().textContent).toContain(
      'It will stop receiving encrypted messages and be removed from every encrypted chat.',
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(devicesApi.remove).not.toHaveBeenCalled();

    fireEvent.click(within(await row('Firefox on Android')).getByRole('button', { name: 'Remove device' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Firefox on Android' })).toBeNull());
    expect(devicesApi.remove).toHaveBeenCalledWith('d1');
    expect(forget).not.toHaveBeenCalled();
    expect(await row('Chromium on Linux')).toBeTruthy();
  });

  it('forgets this browser’s keys when its own device is removed', async () => {
    renderSection();
    fireEvent.click(within(await row('Chromium on Linux')).getByRole('button', { name: 'Remove device' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(forget).toHaveBeenCalledTimes(1));
    expect(devicesApi.remove).toHaveBeenCalledWith('d2');
  });

  it('says so when the account has no device', async () => {
    devices = [];
    renderSection();
    expect((await screen.findByTestId('devices-empty')).textContent).toBe(
      'None of your browsers can receive encrypted chats yet.',
    );
  });

  it('shows a failed removal and keeps the device', async () => {
    vi.spyOn(devicesApi, 'remove').mockRejectedValue(new Error('This device was removed'));
    renderSection();
    fireEvent.click(within(await row('Firefox on Android')).getByRole('button', { name: 'Remove device' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This device was removed');
    expect(await row('Firefox on Android')).toBeTruthy();
  });
});
