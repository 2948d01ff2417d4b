"""Drives a Palchat server with Mastodon.py (Debian's python3-mastodon), method by method, and prints each
failure and the passed/failed counts. Usage: mastodon_py_check.py BASE_URL ADMIN_LOGIN ADMIN_PASSWORD"""
import datetime
import io
import sys
import time
import traceback
import uuid

from mastodon import Mastodon, StreamListener

import palchat_session

BASE, ADMIN_LOGIN, ADMIN_PASSWORD = sys.argv[1:4]
SCOPES = ["read", "write", "follow", "push"]
ADMIN_SCOPES = SCOPES + ["admin:read", "admin:write"]
PASSWORD = "a long password for tests"
RUN = uuid.uuid4().hex[:6]
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2216bc60000000049454e44ae426082"
)

passed, failed = [], []


def assert_true(value, message="unexpected answer"):
    if not value:
        raise AssertionError(message)
    return value




def check(name, call):
    try:
        result = call()
        passed.append(name)
        return result
    except Exception as error:  # every failure is written down, the run goes on
        failed.append(name)
        print(f"FAIL {name}: {type(error).__name__}: {str(error)[:400]}")
        if "-v" in sys.argv:
            traceback.print_exc()
        return None


def client_for(browser, scopes):
    client_id, client_secret = Mastodon.create_app(
        "Mastodon.py check", scopes=scopes, api_base_url=BASE, redirect_uris=palchat_session.REDIRECT
    )
    api = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=BASE, version_check_mode="created")
    code = palchat_session.authorization_code(BASE, browser, client_id, " ".join(scopes))
    api.log_in(code=code, redirect_uri=palchat_session.REDIRECT, scopes=scopes)
    return api


alice = client_for(palchat_session.sign_up(BASE, f"alice{RUN}", PASSWORD), SCOPES)
bob = client_for(palchat_session.sign_up(BASE, f"bob{RUN}", PASSWORD), SCOPES)
admin = client_for(palchat_session.sign_in(BASE, ADMIN_LOGIN, ADMIN_PASSWORD), ADMIN_SCOPES)
print("server version seen by Mastodon.py:", alice.retrieve_mastodon_version())

me = check("account_verify_credentials", alice.account_verify_credentials)
bob_me = check("me", bob.me)
check("app_verify_credentials", alice.app_verify_credentials)
check("instance", alice.instance)
check("instance_activity", alice.instance_activity)
check("instance_peers", alice.instance_peers)
check("instance_health", lambda: assert_true(alice.instance_health()))
# NodeInfo is served with federation off too: Mastodon.py reads schema 2.0 by default
check("instance_nodeinfo", alice.instance_nodeinfo)
check("instance_rules", alice.instance_rules)
check("custom_emojis", alice.custom_emojis)
check("get_approx_server_time", alice.get_approx_server_time)
check("preferences", alice.preferences)
check("announcements", alice.announcements)
check("directory", alice.directory)


# accounts and relationships
check("account", lambda: alice.account(bob_me.id))
check("account_lookup", lambda: assert_true(alice.account_lookup(bob_me.acct).id == bob_me.id))
check("account_search", lambda: alice.account_search(f"bob{RUN}"))
check("account_follow", lambda: assert_true(alice.account_follow(bob_me.id).following))
check("account_relationships", lambda: alice.account_relationships([bob_me.id]))
check("account_followers", lambda: assert_true(len(alice.account_followers(bob_me.id)) == 1))
check("account_following", lambda: alice.account_following(me.id))
check("account_familiar_followers", lambda: alice.account_familiar_followers([bob_me.id]))
check("account_note_set", lambda: assert_true(alice.account_note_set(bob_me.id, "met at a meetup").note))
check("account_pin", lambda: assert_true(alice.account_pin(bob_me.id).endorsed))
check("endorsements", lambda: assert_true(len(alice.endorsements()) == 1))
check("account_unpin", lambda: alice.account_unpin(bob_me.id))
check("account_mute", lambda: assert_true(alice.account_mute(bob_me.id, duration=3600).muting))
check("mutes", lambda: assert_true(len(alice.mutes()) == 1))
check("account_unmute", lambda: alice.account_unmute(bob_me.id))
check("account_update_credentials", lambda: assert_true(alice.account_update_credentials(
    display_name="Alice", note="Hello there", fields=[("Site", "example.org")], avatar=PNG, avatar_mime_type="image/png"
).display_name == "Alice"))
check("account_statuses", lambda: alice.account_statuses(me.id))
check("account_lists", lambda: alice.account_lists(bob_me.id))
check("account_featured_tags", lambda: alice.account_featured_tags(me.id))
# follows() is left out: POST /api/v1/follows was removed in Mastodon 3.0
check("suggestions", alice.suggestions)
check("suggestion_delete", lambda: alice.suggestion_delete(bob_me.id))

# statuses
post = check("status_post", lambda: bob.status_post(f"Hello #mastodonpy{RUN} world", visibility="public", language="en"))
check("toot", lambda: bob.toot("a toot"))
check("status", lambda: alice.status(post.id))
check("status_context", lambda: alice.status_context(post.id))
reply = check("status_reply", lambda: alice.status_reply(post, "nice post"))
check("status_favourite", lambda: assert_true(alice.status_favourite(post.id).favourited))
check("status_favourited_by", lambda: assert_true(len(alice.status_favourited_by(post.id)) == 1))
check("status_reblog", lambda: assert_true(alice.status_reblog(post.id).reblogged))
check("status_reblogged_by", lambda: assert_true(len(alice.status_reblogged_by(post.id)) == 1))
check("status_unreblog", lambda: alice.status_unreblog(post.id))
check("status_unfavourite", lambda: alice.status_unfavourite(post.id))
check("status_bookmark", lambda: assert_true(alice.status_bookmark(post.id).bookmarked))
check("bookmarks", lambda: assert_true(len(alice.bookmarks()) == 1))
check("status_unbookmark", lambda: alice.status_unbookmark(post.id))
check("status_mute", lambda: assert_true(bob.status_mute(post.id).muted))
check("status_unmute", lambda: bob.status_unmute(post.id))
check("status_pin", lambda: assert_true(bob.status_pin(post.id).pinned))
check("status_unpin", lambda: bob.status_unpin(post.id))
check("status_card", lambda: alice.status_card(post.id))
check("status_update", lambda: assert_true("edited" in bob.status_update(post.id, "Hello edited world").content))
check("status_history", lambda: assert_true(len(bob.status_history(post.id)) == 2))
check("status_source", lambda: assert_true(bob.status_source(post.id).text == "Hello edited world"))
check("favourites", alice.favourites)
poll_post = check("status_post with poll", lambda: bob.status_post(
    "Which?", poll=bob.make_poll(["yes", "no"], expires_in=3600)
))
check("poll", lambda: alice.poll(poll_post.poll.id))
check("poll_vote", lambda: (alice.poll_vote(poll_post.poll.id, [0]), assert_true(alice.poll(poll_post.poll.id).voted)))
media = check("media_post", lambda: alice.media_post(io.BytesIO(PNG), mime_type="image/png", description="a dot"))
check("media", lambda: alice.media(media.id))
check("media_update", lambda: alice.media_update(media.id, description="a small dot"))
check("status_post with media", lambda: alice.status_post("with a picture", media_ids=[media.id], sensitive=True, spoiler_text="cw"))
check("status_post idempotent", lambda: assert_true(
    alice.status_post("once", idempotency_key=f"k{RUN}").id == alice.status_post("once", idempotency_key=f"k{RUN}").id
))
private = check("status_post direct", lambda: bob.status_post(f"@alice{RUN} secret", visibility="direct"))
gone = check("status_post to delete", lambda: alice.status_post("to be deleted"))
check("status_delete", lambda: alice.status_delete(gone.id))

# timelines and conversations
check("timeline_home", lambda: assert_true(any(s.id == post.id for s in alice.timeline_home())))
check("timeline_local", lambda: alice.timeline_local())
check("timeline_public", lambda: alice.timeline_public())
check("timeline_public remote", lambda: alice.timeline_public(remote=True))
check("timeline_hashtag", lambda: alice.timeline_hashtag(f"mastodonpy{RUN}"))
check("timeline (generic)", lambda: alice.timeline("home", limit=2))
check("fetch_next", lambda: alice.fetch_next(alice.timeline_home(limit=1)))
check("fetch_previous", lambda: alice.fetch_previous(alice.timeline_home(limit=1)))
convs = check("conversations", lambda: assert_true(alice.conversations()))
check("conversations_read", lambda: assert_true(not alice.conversations_read(convs[0].id).unread))
check("markers_set", lambda: alice.markers_set(["home", "notifications"], [post.id, post.id]))
check("markers_get", lambda: assert_true("home" in alice.markers_get(["home"])))

# notifications
notes = check("notifications", lambda: assert_true(bob.notifications()))
check("notifications by type", lambda: bob.notifications(types=["favourite"]))
check("notifications exclude", lambda: bob.notifications(exclude_types=["follow"]))
check("notifications single", lambda: bob.notifications(id=notes[0].id))
check("notifications_dismiss", lambda: bob.notifications_dismiss(notes[0].id))
check("notifications_clear", lambda: bob.notifications_clear())

# lists
lst = check("list_create", lambda: alice.list_create("pals"))
check("list_update", lambda: assert_true(alice.list_update(lst.id, "best pals").title == "best pals"))
check("lists", lambda: assert_true(len(alice.lists()) == 1))
check("list", lambda: alice.list(lst.id))
check("list_accounts_add", lambda: alice.list_accounts_add(lst.id, [bob_me.id]))
check("list_accounts", lambda: assert_true(len(alice.list_accounts(lst.id)) == 1))
check("timeline_list", lambda: alice.timeline_list(lst.id))
check("list_accounts_delete", lambda: alice.list_accounts_delete(lst.id, [bob_me.id]))
check("list_delete", lambda: alice.list_delete(lst.id))

# filters v1
flt = check("filter_create", lambda: alice.filter_create("spoiler", ["home", "notifications"], whole_word=True, expires_in=3600))
check("filters", lambda: assert_true(len(alice.filters()) == 1))
check("filter", lambda: alice.filter(flt.id))
check("filter_update", lambda: assert_true(alice.filter_update(flt.id, phrase="leak").phrase == "leak"))
check("filters_apply", lambda: alice.filters_apply(alice.timeline_home(), alice.filters(), "home"))
check("filter_delete", lambda: alice.filter_delete(flt.id))

# search, tags, trends
check("search_v2", lambda: assert_true(alice.search_v2(f"bob{RUN}").accounts))
check("search", lambda: alice.search(f"mastodonpy{RUN}"))
check("search resolve", lambda: alice.search(f"bob{RUN}", resolve=True, result_type="accounts"))
check("trending_tags", alice.trending_tags)
check("trending_statuses", alice.trending_statuses)
check("trending_links", alice.trending_links)
check("trends", alice.trends)
check("featured_tag_create", lambda: alice.featured_tag_create(f"mastodonpy{RUN}"))
check("featured_tags", lambda: assert_true(len(alice.featured_tags()) == 1))
check("featured_tag_suggestions", alice.featured_tag_suggestions)
check("featured_tag_delete", lambda: alice.featured_tag_delete(alice.featured_tags()[0].id))

# scheduled statuses
when = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)
scheduled = check("status_post scheduled", lambda: alice.status_post("later", scheduled_at=when))
check("scheduled_statuses", lambda: assert_true(len(alice.scheduled_statuses()) == 1))
check("scheduled_status", lambda: alice.scheduled_status(scheduled.id))
check("scheduled_status_update", lambda: alice.scheduled_status_update(scheduled.id, when + datetime.timedelta(hours=1)))
check("scheduled_status_delete", lambda: alice.scheduled_status_delete(scheduled.id))

# follow requests, blocks, domain blocks
check("account_update_credentials locked", lambda: assert_true(bob.account_update_credentials(locked=True).locked))
check("account_unfollow", lambda: alice.account_unfollow(bob_me.id))
check("account_follow (requested)", lambda: assert_true(alice.account_follow(bob_me.id).requested))
check("follow_requests", lambda: assert_true(len(bob.follow_requests()) == 1))
check("follow_request_reject", lambda: bob.follow_request_reject(me.id))
alice.account_follow(bob_me.id)
check("follow_request_authorize", lambda: bob.follow_request_authorize(me.id))
check("account_remove_from_followers", lambda: bob.account_remove_from_followers(me.id))
check("account_block", lambda: assert_true(alice.account_block(bob_me.id).blocking))
check("blocks", lambda: assert_true(len(alice.blocks()) == 1))
check("account_unblock", lambda: alice.account_unblock(bob_me.id))
check("domain_block", lambda: alice.domain_block("spam.example"))
check("domain_blocks", lambda: assert_true(alice.domain_blocks() == ["spam.example"]))
check("domain_unblock", lambda: alice.domain_unblock("spam.example"))
check("report", lambda: alice.report(bob_me.id, status_ids=[post.id], comment="spam", forward=False, category="spam"))

# web push
keys = alice.push_subscription_generate_keys()
check("push_subscription_set", lambda: alice.push_subscription_set(
    "https://push.example/endpoint", keys[1], follow_events=True, mention_events=True
))
check("push_subscription", alice.push_subscription)
check("push_subscription_update", lambda: alice.push_subscription_update(favourite_events=True))
check("push_subscription_delete", alice.push_subscription_delete)

# streaming (server-sent events)
check("stream_healthy", lambda: assert_true(alice.stream_healthy()))


class Collect(StreamListener):
    def __init__(self):
        self.events = []

    def on_update(self, status):
        self.events.append(("update", status))

    def on_notification(self, notification):
        self.events.append(("notification", notification))

    def on_conversation(self, conversation):
        self.events.append(("conversation", conversation))


def streamed(name, start, action, kind):
    listener = Collect()
    handle = start(listener)
    time.sleep(1.0)
    action()
    deadline = time.time() + 5
    while time.time() < deadline and not any(e[0] == kind for e in listener.events):
        time.sleep(0.1)
    handle.close()
    assert_true(any(e[0] == kind for e in listener.events), f"no {kind} event: {listener.events}")


check("stream_user", lambda: streamed("user", lambda l: alice.stream_user(l, run_async=True), lambda: alice.status_post("streamed"), "update"))
check("stream_public", lambda: streamed("public", lambda l: alice.stream_public(l, run_async=True), lambda: bob.status_post("public streamed"), "update"))
check("stream_local", lambda: streamed("local", lambda l: alice.stream_local(l, run_async=True), lambda: bob.status_post("local streamed"), "update"))
check("stream_hashtag", lambda: streamed("hashtag", lambda l: alice.stream_hashtag(f"s{RUN}", l, run_async=True), lambda: bob.status_post(f"#s{RUN}"), "update"))
check("stream_direct", lambda: streamed("direct", lambda l: alice.stream_direct(l, run_async=True), lambda: bob.status_post(f"@alice{RUN} psst", visibility="direct"), "conversation"))
lst2 = alice.list_create("stream")
bob.account_update_credentials(locked=False)
alice.account_follow(bob_me.id)
check("stream_list", lambda: streamed("list", lambda l: alice.stream_list(lst2.id, l, run_async=True), lambda: (alice.list_accounts_add(lst2.id, [bob_me.id]), bob.status_post("listed"))[1], "update"))

# admin
target = check("admin_accounts", lambda: [a for a in admin.admin_accounts() if a.username == f"bob{RUN}"][0])
check("admin_accounts_v1", lambda: admin.admin_accounts_v1())
check("admin_accounts_v2", lambda: admin.admin_accounts_v2())
check("admin_account", lambda: admin.admin_account(target.id))
check("admin_account_moderate sensitive", lambda: admin.admin_account_moderate(target.id, action="sensitive"))
check("admin_account_unsensitive", lambda: admin.admin_account_unsensitive(target.id))
check("admin_account_moderate silence", lambda: admin.admin_account_moderate(target.id, action="silence"))
check("admin_account_unsilence", lambda: admin.admin_account_unsilence(target.id))
check("admin_account_moderate disable", lambda: admin.admin_account_moderate(target.id, action="disable"))
check("admin_account_enable", lambda: admin.admin_account_enable(target.id))
reports = check("admin_reports", lambda: assert_true(admin.admin_reports()))
check("admin_report", lambda: admin.admin_report(reports[0].id))
check("admin_report_assign", lambda: admin.admin_report_assign(reports[0].id))
check("admin_report_unassign", lambda: admin.admin_report_unassign(reports[0].id))
check("admin_report_resolve", lambda: admin.admin_report_resolve(reports[0].id))
check("admin_report_reopen", lambda: admin.admin_report_reopen(reports[0].id))
block = check("admin_create_domain_block", lambda: admin.admin_create_domain_block(f"bad{RUN}.example", severity="silence"))
check("admin_domain_blocks", lambda: admin.admin_domain_blocks())
check("admin_update_domain_block", lambda: admin.admin_update_domain_block(block.id, severity="suspend"))
check("admin_delete_domain_block", lambda: admin.admin_delete_domain_block(block.id))
now = datetime.datetime.now(datetime.timezone.utc)
check("admin_measures", lambda: admin.admin_measures(now - datetime.timedelta(days=7), now, active_users=True, new_users=True))
check("admin_dimensions", lambda: admin.admin_dimensions(now - datetime.timedelta(days=7), now, languages=True))
check("admin_retention", lambda: admin.admin_retention(now - datetime.timedelta(days=7), now))
check("admin_trending_tags", admin.admin_trending_tags)
check("admin_trending_statuses", admin.admin_trending_statuses)
check("admin_trending_links", admin.admin_trending_links)
check("admin_account_moderate suspend", lambda: admin.admin_account_moderate(target.id, action="suspend"))
check("admin_account_unsuspend", lambda: admin.admin_account_unsuspend(target.id))
check("create_account", lambda: Mastodon(
    *Mastodon.create_app("signup", scopes=["read", "write"], api_base_url=BASE), api_base_url=BASE
).create_account(f"carol{RUN}", PASSWORD, f"carol{RUN}@example.test", agreement=True, scopes=["read", "write"]))
check("revoke_access_token", bob.revoke_access_token)

print(f"Mastodon.py: {len(passed)} passed, {len(failed)} failed")
