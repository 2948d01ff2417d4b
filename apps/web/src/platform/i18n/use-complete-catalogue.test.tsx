import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { Catalogue } from './messages';

const loaded: Record<string, string> = { 'status.reply': 'Reply' };
vi.mock('./messages', () => ({
  completeCatalogue: async () => {
    loaded['lists.create'] = 'Create list';
  },
}));
vi.mock('../use-after-idle', () => ({
  whenIdle: (callback: () => void) => {
    callback();
    return () => undefined;
  },
}));
const { useCompleteCatalogue } = await import('./use-complete-catalogue');
const { useT } = await import('./use-t');

function Texts() {
  const t = useT();
  return <p>{`${t('status.reply')} · ${t('lists.create')}`}</p>;
}

function Provider({ catalogue }: { catalogue: Catalogue }) {
  const { messages, onError } = useCompleteCatalogue(catalogue);
  return (
    <IntlProvider locale="en" messages={messages} onError={onError}>
      <Texts />
    </IntlProvider>
  );
}

describe('useCompleteCatalogue', () => {
  it('renders again with the complete catalogue when an id of the rest was asked for before it arrived', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Provider catalogue={loaded} />);
    expect(await screen.findByText('Reply · Create list')).toBeTruthy();
  });
});
