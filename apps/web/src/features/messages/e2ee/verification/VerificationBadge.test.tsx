import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VerificationBadge } from './VerificationBadge';
import type { VerificationSource } from './verification-source';
import type { ChatDevice } from './verification-state';
import english from '../../../../locales/en.json';

const device = (actorUri: string, verified: boolean, self = false): ChatDevice => ({
  actorUri,
  fingerprint: '',
  verified,
  self,
});
const me = device('https://a.example/users/ann', true, true);

let devices: ChatDevice[] = [];
let notify: (conversationId: string | null) => void = () => undefined;

vi.mock('./verification-source', () => ({
  loadVerificationSource: (): Promise<VerificationSource> =>
    Promise.resolve({
      devices: () => Promise.resolve(devices),
      safetyNumber: () => Promise.resolve(null),
      markVerified: () => Promise.resolve(),
      subscribe: (onChange) => {
        notify = onChange;
        return () => undefined;
      },
    }),
}));

function renderBadge() {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient()}>
        <VerificationBadge conversationId="c1" currentUserId="me" />
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const badgeText = () => screen.getByTestId('verification-badge').textContent;

describe('VerificationBadge', () => {
  beforeEach(() => {
    devices = [me, device('https://b.example/users/ben', true)];
  });

  it('shows nothing before the chat was verified', async () => {
    devices = [me, device('https://b.example/users/ben', false)];
    renderBadge();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('verification-badge')).toBeNull();
  });

  it('says every device is verified, then asks to verify again when a new one joins', async () => {
    renderBadge();
    await waitFor(() => expect(badgeText()).toBe('All devices in this chat are verified'));
    devices = [...devices, device('https://b.example/users/ben', false)];
    notify('c1');
    await waitFor(() => expect(badgeText()).toBe('Safety number changed: verify again'));
  });

  it('ignores changes of other chats', async () => {
    renderBadge();
    await waitFor(() => expect(badgeText()).toBe('All devices in this chat are verified'));
    devices = [...devices, device('https://b.example/users/ben', false)];
    notify('c2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(badgeText()).toBe('All devices in this chat are verified');
  });
});
