import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('suspends until its module arrives when it was not preloaded', async () => {
    let resolve: (module: { default: typeof Greeting }) => void = () => undefined;
    const Lazy = preloadableLazy(() => new Promise<{ default: typeof Greeting }>((done) => (resolve = done)));
    const view = render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(view.container.textContent).toBe('loading');
    await act(async () => resolve({ default: Greeting }));
    expect(view.container.textContent).toBe('Hello Ada');
  });

  it('renders the component at once, without a fallback, once preloaded', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Lazy.preload();
    await Lazy.preload();
    const view = render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    expect(view.container.textContent).toBe('Hello Grace');
    expect(loads).toBe(1);
  });
});
