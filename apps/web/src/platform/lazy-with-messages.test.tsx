import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

let finishCatalogue: () => void = () => undefined;
vi.mock('./i18n/messages', () => ({
  completeCatalogue: () => new Promise<void>((resolve) => (finishCatalogue = resolve)),
}));
const { lazyWithMessages } = await import('./lazy-with-messages');

afterEach(() => vi.restoreAllMocks());

describe('lazyWithMessages', () => {
  it('renders the module only once the rest of the catalogue has arrived too', async () => {
    const Greeting = () => <p>hello</p>;
    const Lazy = lazyWithMessages(async () => ({ default: Greeting }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('loading')).toBeTruthy();
    finishCatalogue();
    expect(await screen.findByText('hello')).toBeTruthy();
  });
});
