/** Query keys of the server's pages (below the platform's `queryKeys.instance`, so they refresh with it). */
export const aboutKeys = {
  extendedDescription: ['instance', 'extended-description'] as const,
  rules: ['instance', 'rules'] as const,
  privacyPolicy: ['instance', 'privacy', null] as const,
  termsOfService: (date: string | undefined) => ['instance', 'terms', date ?? null] as const,
};
