import type { InitialState, Poll as PollEntity, Status } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InitialStateContext } from '../../platform/initial-state-context';
import english from '../../locales/en.json';
import { Poll } from './Poll';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3600_000;

function pollClosingIn(ms: number, changes: Partial<PollEntity> = {}): PollEntity {
  return {
    id: 'p1',
    expires_at: new Date(NOW + ms).toISOString(),
    expired: false,
    multiple: false,
    votes_count: 4,
    voters_count: 4,
    options: [
      { title: 'Tea', votes_count: 3 },
      { title: 'Coffee', votes_count: 1 },
    ],
    emojis: [],
    voted: false,
    own_votes: [],
    ...changes,
  };
}

const signedIn = { identity: { signedIn: true } } as unknown as InitialState;

function renderPoll(poll: PollEntity) {
  const client = new QueryClient();
  const status = { id: '9', content: '', account: {}, visibility: 'public', poll } as unknown as Status;
  client.setQueryData(['status', '9'], status);
  const view = render(
    <IntlProvider locale="en" messages={english}>
      <InitialStateContext.Provider value={signedIn}>
        <QueryClientProvider client={client}>
          <Poll poll={poll} statusId="9" />
        </QueryClientProvider>
      </InitialStateContext.Provider>
    </IntlProvider>,
  );
  const footer = () => view.container.querySelector('.poll__meta')?.textContent ?? '';
  return { view, client, footer };
}

function answerWith(poll: PollEntity) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(poll), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('poll', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tells when it closes, in words, and counts down live', () => {
    const { footer } = renderPoll(pollClosingIn(3 * HOUR));
    expect(footer()).toBe('4 people · Closes in 3 hours · Refresh · Show results');
    act(() => {
      vi.advanceTimersByTime(2 * HOUR + 10 * 60_000);
    });
    expect(footer()).toContain('Closes in 50 minutes');
    act(() => {
      vi.advanceTimersByTime(49 * 60_000 + 30_000);
    });
    expect(footer()).toContain('Closes in 30 seconds');
  });

  it('closes on screen when its time is up: results, "Closed", and the final counts fetched', async () => {
    const final = pollClosingIn(-1000, {
      expired: true,
      votes_count: 5,
      options: [
        { title: 'Tea', votes_count: 3 },
        { title: 'Coffee', votes_count: 2 },
      ],
    });
    const fetchMock = answerWith(final);
    const { footer, client, view } = renderPoll(pollClosingIn(20_000));
    expect(screen.getByRole('radio', { name: 'Tea' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(21_000);
    });
    expect(footer()).toBe('4 people · Closed');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(view.container.querySelector('.poll__result--leading')?.textContent).toContain('Tea');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v1/polls/p1', expect.anything()));
    await vi.waitFor(() => expect(client.getQueryData<Status>(['status', '9'])?.poll).toEqual(final));
  });

  it('says "Closed" for an expired poll and shows its results', () => {
    const { footer } = renderPoll(pollClosingIn(-HOUR, { expired: true }));
    expect(footer()).toBe('4 people · Closed');
    expect(screen.getByText('75%')).toBeTruthy();
  });

  it('refreshes its counts into the cached status', async () => {
    const fresher = pollClosingIn(3 * HOUR, { votes_count: 9, voters_count: 9 });
    const fetchMock = answerWith(fresher);
    const { client } = renderPoll(pollClosingIn(3 * HOUR));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(client.getQueryData<Status>(['status', '9'])?.poll).toEqual(fresher));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/polls/p1', expect.objectContaining({ method: 'GET' }));
  });

  it('shows the results before voting on request, and the choices again', () => {
    renderPoll(pollClosingIn(HOUR, { multiple: true }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide results' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('marks the viewer’s own vote in the results', () => {
    renderPoll(pollClosingIn(HOUR, { voted: true, own_votes: [1] }));
    const own = screen.getAllByText('You voted for this answer');
    expect(own).toHaveLength(1);
    expect(own[0]?.closest('.poll__result')?.textContent).toContain('Coffee');
  });

  it('keeps the options ticked but not yet sent when its row remounts', () => {
    const multiple = pollClosingIn(HOUR, { multiple: true });
    const first = renderPoll(multiple);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Coffee' }));
    first.view.unmount();
    renderPoll(multiple);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Coffee' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Tea' }).checked).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Vote' }).disabled).toBe(false);
  });
});
