import { describe, expect, it, vi } from 'vitest';

vi.mock('../../locales/en.json', () => ({ default: { 'status.reply': 'Reply' } }));
// Vitest names the `?rest` import with its own query added, and has no build step to split the catalogue
vi.mock('../../locales/en.json?import&rest', () => ({ default: { 'lists.create': 'Create list' } }));
const { completeCatalogue, loadCatalogue } = await import('./messages');

describe('the catalogue in two parts', () => {
  it('gives the rest to a module that asks for it while the first-screen part is still loading', async () => {
    const loading = loadCatalogue('en');
    // what a route's code does when the router is made before the catalogue has arrived (boot.tsx)
    const rest = completeCatalogue();
    const { messages } = await loading;
    await rest;
    expect(messages).toEqual({ 'status.reply': 'Reply', 'lists.create': 'Create list' });
  });
});

describe('the catalogue the page names', () => {
  it('loads the parts it is given, and not the locale table', async () => {
    const parts = [
      async () => ({ default: { 'status.reply': 'Antworten' } }),
      async () => ({ default: { 'lists.create': 'Liste erstellen' } }),
    ] as const;
    const { locale, messages } = await loadCatalogue('de', [...parts]);
    expect(locale).toBe('de');
    expect(messages).toEqual({ 'status.reply': 'Antworten' });
    await completeCatalogue();
    expect(messages).toEqual({ 'status.reply': 'Antworten', 'lists.create': 'Liste erstellen' });
  });
});
