import { initialStateSchema, type InitialState } from '@palchat/api';

/** What a page served without the server (e.g. a bare `vite` preview) gets: a signed-out visitor. */
const STANDALONE_STATE: InitialState = {
  identity: {
    signedIn: false,
    accountId: null,
    username: null,
    permissions: 0,
    disabledAccountId: null,
    movedToAccountId: null,
  },
  settings: { layout: 'auto', columns: [], introductionVersion: 0 },
  csrfToken: '',
  accessToken: null,
  server: {
    domain: window.location.host,
    title: 'palchat',
    version: '',
    registrationsMode: 'open',
    signUpUrl: '/auth/sign_up',
    ssoRedirect: null,
    singleUserAccount: null,
    explorePageEnabled: false,
    publicTimelinesVisible: true,
    maxMediaAttachments: 4,
  },
};

/** Reads and validates `<script id="initial-state" type="application/json">`, injected by the server. */
export function readInitialState(doc: Document = document): InitialState {
  const element = doc.getElementById('initial-state');
  if (!element?.textContent) return STANDALONE_STATE;
  return initialStateSchema.parse(JSON.parse(element.textContent));
}
