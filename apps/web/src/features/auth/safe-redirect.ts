/** Only same-origin paths may be redirected to after signing in ("/x", never "//host" or "https://…"). */
export function safeRedirectPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
    return fallback;
  return candidate;
}
