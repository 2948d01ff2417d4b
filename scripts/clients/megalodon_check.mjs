// Drives a Palchat server with megalodon (npm), method by method; prints failures and passed/failed counts.
// Usage: node megalodon_check.mjs BASE_URL MEGALODON_DIR, where MEGALODON_DIR is a folder with megalodon installed
// (the project itself, or another with `npm install megalodon@10`); code_for.py next to this file gives the consent.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createReadStream, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

const [base, megalodonDir] = process.argv.slice(2);
const clientsDir = import.meta.dirname;
const megalodonEntry = createRequire(`${megalodonDir}/`).resolve('megalodon');
const megalodonModule = await import(pathToFileURL(megalodonEntry).href);
const generator = megalodonModule.default?.default ?? megalodonModule.default ?? megalodonModule;
const detector = megalodonModule.detector ?? megalodonModule.default?.detector;
const run = Math.random().toString(16).slice(2, 8);
const OOB = 'urn:ietf:wg:oauth:2.0:oob';
const SCOPES = ['read', 'write', 'follow', 'push'];
const passed = [];
const failed = [];

async function check(name, call) {
  try {
    const result = await call();
    passed.push(name);
    return result;
  } catch (error) {
    failed.push(name);
    const body = error?.response?.data ? ` ${JSON.stringify(error.response.data).slice(0, 300)}` : '';
    console.log(`FAIL ${name}: ${error?.message ?? error}${body}`);
    return undefined;
  }
}
const ensure = (value, message = 'unexpected answer') => {
  if (!value) throw new Error(message);
  return value;
};

async function clientFor(username) {
  const anonymous = generator('mastodon', base);
  const app = await anonymous.registerApp('megalodon check', { scopes: SCOPES, redirect_uris: OOB });
  const code = execFileSync(
    '/usr/bin/python3',
    [`${clientsDir}/code_for.py`, base, username, app.client_id, SCOPES.join(' '), OOB],
    { encoding: 'utf8' },
  ).trim();
  const token = await anonymous.fetchAccessToken(app.client_id, app.client_secret, code, OOB);
  return { client: generator('mastodon', base, token.access_token), app, token };
}

const { client: alice, app: aliceApp, token: aliceToken } = await clientFor(`alice${run}`);
const { client: bob } = await clientFor(`bob${run}`);
const me = (await alice.verifyAccountCredentials()).data;
const bobMe = (await bob.verifyAccountCredentials()).data;

// apps built on megalodon choose their API by NodeInfo (metadata.upstream.name)
await check('detector', async () =>
  ensure((await detector(base)) === 'mastodon', 'not detected as mastodon'),
);
await check('verifyAppCredentials', () => alice.verifyAppCredentials());
await check('getInstance', async () => ensure((await alice.getInstance()).data.version));
await check('getInstancePeers', () => alice.getInstancePeers());
await check('getInstanceActivity', () => alice.getInstanceActivity());
await check('getInstanceTrends', () => alice.getInstanceTrends());
await check('getInstanceDirectory', () => alice.getInstanceDirectory({ limit: 5 }));
await check('getInstanceCustomEmojis', () => alice.getInstanceCustomEmojis());
await check('getInstanceAnnouncements', () => alice.getInstanceAnnouncements());
await check('getPreferences', () => alice.getPreferences());
await check('updateCredentials', async () =>
  ensure(
    (
      await alice.updateCredentials({
        display_name: 'Alice',
        note: 'hi',
        fields_attributes: [{ name: 'a', value: 'b' }],
      })
    ).data.display_name === 'Alice',
  ),
);
await check('getAccount', () => alice.getAccount(bobMe.id));
await check('lookupAccount', async () =>
  ensure((await alice.lookupAccount(bobMe.acct)).data.id === bobMe.id),
);
await check('searchAccount', () => alice.searchAccount(`bob${run}`));
await check('followAccount', async () => ensure((await alice.followAccount(bobMe.id)).data.following));
await check('getRelationship', () => alice.getRelationship(bobMe.id));
await check('getRelationships', () => alice.getRelationships([bobMe.id]));
await check('getAccountFollowers', async () =>
  ensure((await alice.getAccountFollowers(bobMe.id)).data.length === 1),
);
await check('getAccountFollowing', () => alice.getAccountFollowing(me.id));
await check('getAccountLists', () => alice.getAccountLists(bobMe.id));
await check('subscribeAccount', async () => ensure((await alice.subscribeAccount(bobMe.id)).data.notifying));
await check('unsubscribeAccount', () => alice.unsubscribeAccount(bobMe.id));
await check('setAccountNote', () => alice.setAccountNote(bobMe.id, 'note'));
await check('pinAccount', () => alice.pinAccount(bobMe.id));
await check('getEndorsements', () => alice.getEndorsements());
await check('unpinAccount', () => alice.unpinAccount(bobMe.id));
await check('muteAccount', () => alice.muteAccount(bobMe.id, true));
await check('getMutes', () => alice.getMutes());
await check('unmuteAccount', () => alice.unmuteAccount(bobMe.id));
await check('getSuggestions', () => alice.getSuggestions());
await check('getFollowedTags', () => alice.getFollowedTags());
await check('getTag', () => alice.getTag('megalodon'));
await check('followTag', () => alice.followTag('megalodon'));
await check('unfollowTag', () => alice.unfollowTag('megalodon'));
await check('getFeaturedTags', () => alice.getFeaturedTags());
const featured = await check(
  'createFeaturedTag',
  async () => (await alice.createFeaturedTag('megalodon')).data,
);
await check('deleteFeaturedTag', () => alice.deleteFeaturedTag(featured.id));
await check('getSuggestedTags', () => alice.getSuggestedTags());

const post = await check(
  'postStatus',
  async () => (await bob.postStatus(`hello #megalodon${run}`, { visibility: 'public' })).data,
);
await check('getStatus', () => alice.getStatus(post.id));
await check('getStatusContext', () => alice.getStatusContext(post.id));
await check('editStatus', async () =>
  ensure((await bob.editStatus(post.id, { status: 'hello edited' })).data.content.includes('edited')),
);
await check('getStatusSource', () => bob.getStatusSource(post.id));
await check('favouriteStatus', async () => ensure((await alice.favouriteStatus(post.id)).data.favourited));
await check('getStatusFavouritedBy', () => alice.getStatusFavouritedBy(post.id));
await check('unfavouriteStatus', () => alice.unfavouriteStatus(post.id));
await check('reblogStatus', async () => ensure((await alice.reblogStatus(post.id)).data.reblogged));
await check('getStatusRebloggedBy', () => alice.getStatusRebloggedBy(post.id));
await check('unreblogStatus', () => alice.unreblogStatus(post.id));
await check('bookmarkStatus', () => alice.bookmarkStatus(post.id));
await check('getBookmarks', () => alice.getBookmarks());
await check('unbookmarkStatus', () => alice.unbookmarkStatus(post.id));
await check('getFavourites', () => alice.getFavourites());
await check('muteStatus', () => bob.muteStatus(post.id));
await check('unmuteStatus', () => bob.unmuteStatus(post.id));
await check('pinStatus', () => bob.pinStatus(post.id));
await check('unpinStatus', () => bob.unpinStatus(post.id));
await check('getAccountStatuses', () => alice.getAccountStatuses(bobMe.id, { pinned: false }));
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2216bc60000000049454e44ae426082',
  'hex',
);
const pngPath = `${tmpdir()}/megalodon-check-${run}.png`;
writeFileSync(pngPath, png);
const pngStream = () => createReadStream(pngPath);
const media = await check(
  'uploadMedia',
  async () => (await alice.uploadMedia(pngStream(), { description: 'dot' })).data,
);
await check('getMedia', () => alice.getMedia(media.id));
await check('updateMedia', () => alice.updateMedia(media.id, { description: 'a dot' }));
await check('postStatus with media', () => alice.postStatus('with media', { media_ids: [media.id] }));
const poll = await check(
  'postStatus with poll',
  async () => (await bob.postStatus('which?', { poll: { options: ['a', 'b'], expires_in: 3600 } })).data,
);
await check('getPoll', () => alice.getPoll(poll.poll.id));
await check('votePoll', async () => ensure((await alice.votePoll(poll.poll.id, [1])).data.voted));
const when = new Date(Date.now() + 3600_000).toISOString();
const scheduled = await check(
  'postStatus scheduled',
  async () => (await alice.postStatus('later', { scheduled_at: when })).data,
);
await check('getScheduledStatuses', async () =>
  ensure((await alice.getScheduledStatuses()).data.length === 1),
);
await check('getScheduledStatus', () => alice.getScheduledStatus(scheduled.id));
await check('scheduleStatus', () =>
  alice.scheduleStatus(scheduled.id, new Date(Date.now() + 7200_000).toISOString()),
);
await check('cancelScheduledStatus', () => alice.cancelScheduledStatus(scheduled.id));
const own = (await alice.postStatus('to delete')).data;
await check('deleteStatus', () => alice.deleteStatus(own.id));

await check('getHomeTimeline', async () =>
  ensure((await alice.getHomeTimeline()).data.some((s) => s.id === post.id)),
);
await check('getPublicTimeline', () => alice.getPublicTimeline());
await check('getLocalTimeline', () => alice.getLocalTimeline());
await check('getTagTimeline', () => alice.getTagTimeline(`megalodon${run}`));
await bob.postStatus(`@${me.acct} secret`, { visibility: 'direct' });
const conversations = await check('getConversationTimeline', async () =>
  ensure((await alice.getConversationTimeline()).data),
);
await check('readConversation', () => alice.readConversation(conversations[0].id));
await check('deleteConversation', () => alice.deleteConversation(conversations[0].id));
const list = await check('createList', async () => (await alice.createList('pals')).data);
await check('getLists', () => alice.getLists());
await check('getList', () => alice.getList(list.id));
await check('updateList', () => alice.updateList(list.id, 'best pals'));
await check('addAccountsToList', () => alice.addAccountsToList(list.id, [bobMe.id]));
await check('getAccountsInList', () => alice.getAccountsInList(list.id));
await check('getListTimeline', () => alice.getListTimeline(list.id));
await check('deleteAccountsFromList', () => alice.deleteAccountsFromList(list.id, [bobMe.id]));
await check('deleteList', () => alice.deleteList(list.id));
await check('saveMarkers', () => alice.saveMarkers({ home: { last_read_id: post.id } }));
await check('getMarkers', () => alice.getMarkers(['home', 'notifications']));
const notifications = await check('getNotifications', async () =>
  ensure((await bob.getNotifications()).data),
);
await check('getNotification', () => bob.getNotification(notifications[0].id));
await check('dismissNotification', () => bob.dismissNotification(notifications[0].id));
await check('dismissNotifications', () => bob.dismissNotifications());
const filter = await check(
  'createFilter',
  async () => (await alice.createFilter('spoiler', ['home'], { whole_word: true })).data,
);
await check('getFilters', () => alice.getFilters());
await check('getFilter', () => alice.getFilter(filter.id));
await check('updateFilter', () => alice.updateFilter(filter.id, 'leak', ['home', 'public']));
await check('deleteFilter', () => alice.deleteFilter(filter.id));
await check('search', async () =>
  ensure((await alice.search(`bob${run}`, { type: 'accounts' })).data.accounts.length),
);
await check('search statuses', () => alice.search('hello', { type: 'statuses' }));
await check('blockDomain', () => alice.blockDomain('spam.example'));
await check('getDomainBlocks', () => alice.getDomainBlocks());
await check('unblockDomain', () => alice.unblockDomain('spam.example'));
await check('report', () =>
  alice.report(bobMe.id, { status_ids: [post.id], comment: 'spam', forward: false, category: 'spam' }),
);
await check('blockAccount', () => alice.blockAccount(bobMe.id));
await check('getBlocks', () => alice.getBlocks());
await check('unblockAccount', () => alice.unblockAccount(bobMe.id));
await check('updateCredentials locked', () => bob.updateCredentials({ locked: true }));
await check('followAccount requested', async () =>
  ensure((await alice.followAccount(bobMe.id)).data.requested),
);
await check('getFollowRequests', async () => ensure((await bob.getFollowRequests()).data.length === 1));
await check('rejectFollowRequest', () => bob.rejectFollowRequest(me.id));
await alice.followAccount(bobMe.id);
await check('acceptFollowRequest', () => bob.acceptFollowRequest(me.id));
await check('unfollowAccount', () => alice.unfollowAccount(bobMe.id));
const keys = {
  p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
};
await check('subscribePushNotification', () =>
  alice.subscribePushNotification(
    { endpoint: 'https://push.example/e', keys },
    { alerts: { follow: true, mention: true } },
  ),
);
await check('getPushSubscription', () => alice.getPushSubscription());
await check('updatePushSubscription', () => alice.updatePushSubscription({ alerts: { favourite: true } }));
await check('deletePushSubscription', () => alice.deletePushSubscription());

async function streamed(name, open, action, kind) {
  const stream = await open();
  const events = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${kind} event: ${JSON.stringify(events).slice(0, 200)}`)),
      8000,
    );
    stream.on('connect', async () => {
      await new Promise((r) => setTimeout(r, 500));
      await action().catch((error) => events.push(`action failed ${error?.message}`));
    });
    for (const event of ['update', 'notification', 'conversation', 'delete']) {
      stream.on(event, (payload) => {
        events.push(event);
        if (event === kind) {
          clearTimeout(timer);
          resolve(payload);
        }
      });
    }
    stream.on('error', (error) => events.push(`error ${error?.message}`));
  }).finally(() => stream.stop());
}
await bob.updateCredentials({ locked: false });
await alice.followAccount(bobMe.id);
await check('userStreaming', () =>
  streamed(
    'user',
    () => alice.userStreaming(),
    () => alice.postStatus('streamed'),
    'update',
  ),
);
await check('publicStreaming', () =>
  streamed(
    'public',
    () => alice.publicStreaming(),
    () => bob.postStatus('public'),
    'update',
  ),
);
await check('localStreaming', () =>
  streamed(
    'local',
    () => alice.localStreaming(),
    () => bob.postStatus('local'),
    'update',
  ),
);
await check('tagStreaming', () =>
  streamed(
    'tag',
    () => alice.tagStreaming(`t${run}`),
    () => bob.postStatus(`#t${run}`),
    'update',
  ),
);
await check('directStreaming', () =>
  streamed(
    'direct',
    () => alice.directStreaming(),
    () => bob.postStatus(`@${me.acct} psst`, { visibility: 'direct' }),
    'conversation',
  ),
);
const list2 = (await alice.createList('stream')).data;
await check('listStreaming', () =>
  streamed(
    'list',
    () => alice.listStreaming(list2.id),
    async () => {
      await alice.addAccountsToList(list2.id, [bobMe.id]);
      await bob.postStatus('listed');
    },
    'update',
  ),
);
await check('revokeToken', () =>
  generator('mastodon', base).revokeToken(
    aliceApp.client_id,
    aliceApp.client_secret,
    aliceToken.access_token,
  ),
);
await check('registerAccount (app token)', async () => {
  const anonymous = generator('mastodon', base);
  const app = await anonymous.registerApp('signup', { scopes: ['read', 'write'] });
  const appToken = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
      scope: 'read write',
    }),
  }).then((r) => r.json());
  return generator('mastodon', base, appToken.access_token).registerAccount(
    `carol${run}`,
    `carol${run}@example.test`,
    'a long password for tests',
    true,
    'en',
  );
});
console.log(`megalodon: ${passed.length} passed, ${failed.length} failed`);
process.exit(0);
