import type { InitialState } from '@palchat/api';

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
  settings: {
    layout: 'single-column',
    columns: [],
    introductionVersion: 0,
    displayMedia: 'default',
    expandSpoilers: false,
    autoplayGifs: false,
    reduceMotion: false,
    theme: 'system',
    unfollowModal: true,
    boostModal: false,
    deleteModal: true,
    missingAltTextModal: true,
    // the server chooses a visitor's from Accept-Language; a page without it is in English
    locale: 'en',
  },
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
  account: null,
  instance: null,
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads `<script id="initial-state" type="application/json">`. The server builds it from the zod-typed
 * InitialState, so the client checks only its outline here: the schema library stays out of the first load.
 */
export function readInitialState(doc: Document = document): InitialState {
  const element = doc.getElementById('initial-state');
  if (!element?.textContent) return STANDALONE_STATE;
  const state: unknown = JSON.parse(element.textContent);
  if (
    !isObject(state) ||
    !isObject(state.identity) ||
    !isObject(state.settings) ||
    !isObject(state.server) ||
    typeof state.csrfToken !== 'string'
  ) {
    throw new Error('The page carries no valid initial state');
  }
  return state as unknown as InitialState;
}
