import type { InitialState } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InitialStateContext } from '../../platform/initial-state-context';
import catalogue from '../../locales/en.json';
import { SignInView } from './SignInView';
import { SignUpView } from './SignUpView';

const AUTHORIZE = '/oauth/authorize?response_type=code&client_id=abc';
const encoded = encodeURIComponent(AUTHORIZE);

function stateFor(signedIn: boolean): InitialState {
  return {
    identity: { signedIn },
    server: {
      title: 'Palchat',
      domain: 'palchat.test',
      registrationsMode: 'open',
      signUpUrl: '/auth/sign_up',
    },
  } as unknown as InitialState;
}

function renderAt(url: string, { signedIn = false } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale="en" messages={catalogue}>
        <InitialStateContext.Provider value={stateFor(signedIn)}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/auth/sign_in" element={<SignInView />} />
              <Route path="/auth/sign_up" element={<SignUpView />} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </InitialStateContext.Provider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the sign-in and sign-up pages keep an app's authorization link (issue 31 item 2)", () => {
  it('pass redirect_to on between them', () => {
    renderAt(`/auth/sign_in?redirect_to=${encoded}`);
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe(
      `/auth/sign_up?redirect_to=${encoded}`,
    );
  });

  it('pass it back from the sign-up page', () => {
    renderAt(`/auth/sign_up?redirect_to=${encoded}`);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/auth/sign_in?redirect_to=${encoded}`,
    );
  });

  it('drop a redirect to another site', () => {
    renderAt(`/auth/sign_in?redirect_to=${encodeURIComponent('//evil.example/')}`);
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/auth/sign_up');
  });

  it('send a visitor already signed in on to the consent page, which the server renders', () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderAt(`/auth/sign_in?redirect_to=${encoded}`, { signedIn: true });
    expect(replace).toHaveBeenCalledWith(AUTHORIZE);
  });

  it("send one to a client page through the client's router", () => {
    renderAt(`/auth/sign_in?redirect_to=${encodeURIComponent('/notifications')}`, { signedIn: true });
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });
});
