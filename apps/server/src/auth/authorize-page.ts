import { contentSecurityPolicy, DOCUMENT_BASE, styleHashSource } from '../http/security-headers.js';
import { CSRF_FORM_FIELD } from './csrf.js';
import { describeScope } from './oauth-scopes.js';
import type { AuthorizationRequest } from './oauth-service.js';

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

function layout(title: string, siteTitle: string, body: string): string {
  return `<!doctype html>
<html lang="en">
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
  siteTitle: string;
  username: string;
  request: AuthorizationRequest;
  csrfToken: string;
}): string {
  const { request } = input;
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
    .map((scope) => `<li>${escapeHtml(describeScope(scope))}<code>${escapeHtml(scope)}</code></li>`)
    .join('');
  const appName = request.app.website
    ? `<a href="${escapeHtml(request.app.website)}" rel="noopener noreferrer">${escapeHtml(request.app.name)}</a>`
    : escapeHtml(request.app.name);
  return layout(
    'Authorization required',
    input.siteTitle,
    `<h1>Authorization required</h1>
<p><strong>${appName}</strong> would like permission to access your account <strong>@${escapeHtml(input.username)}</strong>. It is a third-party application: if you do not trust it, you should not authorize it.</p>
<p>Review permissions</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">${fields}
<div class="actions"><button class="authorize" type="submit" name="decision" value="authorize">Authorize</button>
<button class="deny" type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}

/** The out-of-band result: the code to copy into the application. */
export function renderCodePage(siteTitle: string, appName: string, code: string): string {
  return layout(
    'Authorization code',
    siteTitle,
    `<h1>Authorization code</h1>
<p>Copy this authorization code and paste it into <strong>${escapeHtml(appName)}</strong>.</p>
<input class="code" type="text" readonly value="${escapeHtml(code)}" aria-label="Authorization code">`,
  );
}

export function renderMessagePage(siteTitle: string, title: string, message: string): string {
  return layout(title, siteTitle, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
