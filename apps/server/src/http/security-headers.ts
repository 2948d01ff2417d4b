import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Sent with every answer (API, errors, the client's files, media): no MIME sniffing, no framing. */
const EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/**
 * Powerful features the product never asks for, off for the page and whatever it embeds (only names Chromium
 * knows: an unknown one is reported as an error in the console). Clipboard, fullscreen and notifications,
 * which the client uses, keep the browser's defaults.
 */
const PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Uploaded files: shown as what they are (their stored type), never as a page. `sandbox` gives a document
 * opened from them a unique origin with no scripts, even if a browser took one for HTML. Inline styles are
 * allowed: the browser's own viewer of an image or video opened in a tab centres it with them (no script can
 * run here, so they can do no more than style).
 */
export const MEDIA_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; sandbox";

export type PolicyDirectives = Record<string, readonly string[]>;

export function contentSecurityPolicy(directives: PolicyDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** The directives every HTML document of the server starts from: nothing loads, nothing frames it. */
export const DOCUMENT_BASE: PolicyDirectives = {
  'default-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** The headers of an HTML document, besides those of every response. */
export function documentHeaders(policy: string): Record<string, string> {
  return { 'content-security-policy': policy, 'permissions-policy': PERMISSIONS_POLICY };
}

/** `'sha256-…'` sources that allow exactly these inline <style> contents. */
export function styleHashSource(css: string): string {
  return `'sha256-${crypto.createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** The hash sources of every inline <style> element of an HTML document (e.g. the splash of index.html). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, css]) =>
    styleHashSource(css ?? ''),
  );
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  // onSend runs for every answer, errors and 404s included
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(EVERY_RESPONSE);
    done(null, payload);
  });
}
