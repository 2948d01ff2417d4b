import { mediaBaseUrl, type MediaUrlConfig } from '../media/urls.js';
import { contentSecurityPolicy, DOCUMENT_BASE } from '../http/security-headers.js';

/**
 * The client page's Content-Security-Policy: scripts only from the server's own files (the initial state is
 * JSON in a non-executable <script type="application/json">), the build's inline styles by hash, API calls
 * and the streaming socket to the server only (and the page's own blob: URLs, which the profile editor reads back
 * from a picked image). React's style props are set through the CSSOM, which CSP does
 * not govern. Images may also come from any https origin: link preview cards show the linked site's image.
 */
export function pagePolicy(config: MediaUrlConfig, inlineStyleHashes: readonly string[]): string {
  const origin = new URL(config.publicUrl).origin;
  // S3_PUBLIC_URL: images, videos and encrypted files (which the client fetches to decrypt) come from there
  const mediaOrigin = new URL(mediaBaseUrl(config)).origin;
  const media = mediaOrigin === origin ? [] : [mediaOrigin];
  return contentSecurityPolicy({
    ...DOCUMENT_BASE,
    'script-src': ["'self'"],
    'style-src': ["'self'", ...inlineStyleHashes],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', origin, ...media],
    'media-src': ["'self'", 'blob:', origin, ...media],
    'font-src': ["'self'"],
    'connect-src': ["'self'", 'blob:', origin.replace(/^http/, 'ws'), ...media],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
  });
}
