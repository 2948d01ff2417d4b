import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerificationBadge } from './VerificationBadge';
import type { VerificationSource } from './verification-source';
import { verifiedSetOf, type Leaf } from './verification-state';
import { saveVerified } from './verified-store';
import english from '../../../../locales/en.json';

const ann: Leaf = { actorUri: 'https://a.example/users/ann', signaturePublicKey: new Uint8Array([1]) };
const ben: Leaf = { actorUri: 'https://a.example/users/ben', signaturePublicKey: new Uint8Array([2]) };
const benPhone: Leaf = { actorUri: 'https://a.example/users/ben', signaturePublicKey: new Uint8Array([3]) };

let leaves: Leaf[] = [];
let notify: (conversationId: string | null) => void = () => undefined;

vi.mock('./verification-source', () => ({
  loadVerificationSource: (): Promise<VerificationSource> =>
    Promise.resolve({
      leaves: () => Promise.resolve(leaves),
      safetyNumber: () => Promise.resolve(''),
      fingerprint: () => Promise.resolve(''),
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

describe('VerificationBadge', () => {
  beforeEach(() => {
    localStorage.clear();
    leaves = [ann, ben];
  });
  afterEach(() => localStorage.clear());

  it('shows nothing before the chat was verified', async () => {
    renderBadge();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('verification-badge')).toBeNull();
  });

  it('says every device is verified, then asks to verify again when one joins', async () => {
    saveVerified('me', 'c1', verifiedSetOf([ann, ben]));
    renderBadge();
    await waitFor(() =>
      expect(screen.getByTestId('verification-badge').textContent).toBe(
        'All devices in this chat are verified',
      ),
    );
    leaves = [ann, ben, benPhone];
    notify('c1');
    await waitFor(() =>
      expect(screen.getByTestId('verification-badge').textContent).toBe(
        'Safety number changed: verify again',
      ),
    );
  });
});
