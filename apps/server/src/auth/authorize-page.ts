import { contentSecurityPolicy, DOCUMENT_BASE, styleHashSource } from '../http/security-headers.js';
import { CSRF_FORM_FIELD } from './csrf.js';
import { describeScope } from './oauth-scopes.js';
import type { AuthorizationRequest } from './oauth-service.js';
import { formatMessage } from '../i18n/format.js';
import { directionOf, type ServerLocale } from '../i18n/locales.js';
import type { MessageId } from '../i18n/messages/en.js';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    background:#f4f5f7;color:#1c1d21;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
  main{width:100%;max-width:440px;background:#fff;border:1px solid #e2e4e9;border-radius:12px;padding:28px;
    box-shadow:0 1px 3px rgba(0,0,0,.06)}
  h1{font-size:20px;margin:0 0 8px}
  p{margin:0 0 16px;color:#41434b}
  .brand{font-weight:700;color:#4f46e5;margin-bottom:16px;font-size:14px;letter-spacing:.02em}
  ul{list-style:none;margin:0 0 20px;padding:0;border-top:1px solid #eceef2}
  li{padding:10px 0;border-bottom:1px solid #eceef2}
  li code{display:block;font-size:12px;color:#6b6e78}
  .actions{display:flex;gap:12px}
  button{flex:1;font:inherit;font-weight:600;padding:10px 16px;border-radius:8px;cursor:pointer;border:1px solid #4f46e5}
  .authorize{background:#4f46e5;color:#fff}
  .deny{background:#fff;color:#4f46e5}
  button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
  input.code{width:100%;font:16px ui-monospace,monospace;padding:10px;border:1px solid #c9ccd4;border-radius:8px}
`;

const STYLE_SOURCE = styleHashSource(STYLE);

/** What a form may be sent to: the app's redirect URI too, since the consent form's answer redirects there. */
function redirectSource(redirectUri: string): string | null {
  try {
    const url = new URL(redirectUri);
    // an app's own scheme (com.example.app:/callback) is allowed as a scheme source
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of these pages: their one stylesheet by hash, no script at all, forms sent to the
 * server and, from the consent page, on to `redirectUri` (browsers check the redirect a form submission gets
 * against form-action too).
 */
export function authorizePagePolicy(redirectUri: string | null = null): string {
  const redirect = redirectUri ? redirectSource(redirectUri) : null;
  return contentSecurityPolicy({
    ...DOCUMENT_BASE,
    'style-src': [STYLE_SOURCE],
    'form-action': ["'self'", ...(redirect ? [redirect] : [])],
  });
}

/** A catalogue text as HTML: the text escaped, its `{name}` placeholders replaced by the given HTML. */
function htmlText(locale: ServerLocale, id: MessageId, html: Record<string, string> = {}): string {
  return escapeHtml(formatMessage(locale, id)).replace(
    /\{(\w+)\}/g,
    (whole, name: string) => html[name] ?? whole,
  );
}

function layout(locale: ServerLocale, title: string, siteTitle: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} - ${escapeHtml(siteTitle)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="brand">${escapeHtml(siteTitle)}</div>${body}</main></body>
</html>`;
}

/** The consent card: app name, requested scopes, Authorize and Deny. */
export function renderConsentPage(input: {
  locale: ServerLocale;
  siteTitle: string;
  username: string;
  request: AuthorizationRequest;
  csrfToken: string;
}): string {
  const { request, locale } = input;
  const hidden: Record<string, string> = {
    [CSRF_FORM_FIELD]: input.csrfToken,
    response_type: 'code',
    client_id: request.app.client_id,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(' '),
    ...(request.state ? { state: request.state } : {}),
    ...(request.codeChallenge
      ? { code_challenge: request.codeChallenge, code_challenge_method: 'S256' }
      : {}),
  };
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const scopes = request.scopes
    .map((scope) => `<li>${escapeHtml(describeScope(locale, scope))}<code>${escapeHtml(scope)}</code></li>`)
    .join('');
  const appName = request.app.website
    ? `<a href="${escapeHtml(request.app.website)}" rel="noopener noreferrer">${escapeHtml(request.app.name)}</a>`
    : escapeHtml(request.app.name);
  const intro = htmlText(locale, 'oauth.authorize_intro', {
    app: `<strong>${appName}</strong>`,
    account: `<strong dir="ltr">@${escapeHtml(input.username)}</strong>`,
  });
  return layout(
    locale,
    formatMessage(locale, 'oauth.authorize_title'),
    input.siteTitle,
    `<h1>${htmlText(locale, 'oauth.authorize_title')}</h1>
<p>${intro}</p>
<p>${htmlText(locale, 'oauth.review_permissions')}</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">${fields}
<div class="actions"><button class="authorize" type="submit" name="decision" value="authorize">${htmlText(locale, 'oauth.authorize')}</button>
<button class="deny" type="submit" name="decision" value="deny">${htmlText(locale, 'oauth.deny')}</button></div>
</form>`,
  );
}

/** The out-of-band result: the code to copy into the application. */
export function renderCodePage(
  locale: ServerLocale,
  siteTitle: string,
  appName: string,
  code: string,
): string {
  const title = htmlText(locale, 'oauth.code_title');
  return layout(
    locale,
    formatMessage(locale, 'oauth.code_title'),
    siteTitle,
    `<h1>${title}</h1>
<p>${htmlText(locale, 'oauth.code_intro', { app: `<strong>${escapeHtml(appName)}</strong>` })}</p>
<input class="code" type="text" readonly value="${escapeHtml(code)}" dir="ltr" aria-label="${title}">`,
  );
}

/** A titled message; `message` is already in `locale` (a catalogue text, or a refusal's verbatim text). */
export function renderMessagePage(
  locale: ServerLocale,
  siteTitle: string,
  title: MessageId,
  message: string,
): string {
  const heading = formatMessage(locale, title);
  return layout(locale, heading, siteTitle, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p>`);
}
