import type { Status } from '@palchat/api';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type Page } from '../../api/client';
import { catchUp } from './use-timeline-stream';

const status = (id: string) => ({ id }) as Status;
const queryKey = ['timeline', 'home', {}];
const page = (...ids: string[]): Page<Status> => ({ items: ids.map(status), next: null, prev: null });

function clientHolding(...ids: string[]): QueryClient {
  const client = new QueryClient();
  const data: InfiniteData<Page<Status>> = { pages: [page(...ids)], pageParams: [null] };
  client.setQueryData(queryKey, data);
  return client;
}

afterEach(() => vi.restoreAllMocks());

describe('catching up after the stream reconnects', () => {
  it('asks for what is newer than the newest status held, and receives it oldest first', async () => {
    const read = vi.spyOn(api, 'page').mockResolvedValue(page('9', '8'));
    const received: string[] = [];
    await catchUp(
      clientHolding('5', '4'),
      queryKey,
      { path: '/api/v1/timelines/tag/cats', query: { local: true } },
      (item) => received.push(item.id),
    );
    expect(read).toHaveBeenCalledWith('/api/v1/timelines/tag/cats', {
      query: { local: true, since_id: '5', limit: 40 },
    });
    expect(received).toEqual(['8', '9']);
  });

  it('does nothing while the first page is still loading', async () => {
    const read = vi.spyOn(api, 'page');
    const receive = vi.fn();
    await catchUp(new QueryClient(), queryKey, { path: '/api/v1/timelines/home' }, receive);
    expect(read).not.toHaveBeenCalled();
    expect(receive).not.toHaveBeenCalled();
  });
});
