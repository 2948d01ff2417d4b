"""Drives a Palchat server with toot (Debian's toot CLI): logs in through the browser flow (the consent is given
by a signed-in session), then runs each command and prints failures and passed/failed counts.
Usage: toot_check.py BASE_URL"""
import os
import re
import subprocess
import sys
import tempfile
import uuid

import palchat_session

BASE = sys.argv[1]
RUN = uuid.uuid4().hex[:6]
PASSWORD = "a long password for tests"
config = tempfile.mkdtemp(prefix="toot-check-")
env = {**os.environ, "XDG_CONFIG_HOME": config, "NO_COLOR": "1"}
passed, failed = [], []


def login(username):
    browser = palchat_session.sign_up(BASE, username, PASSWORD)
    process = subprocess.Popen(
        ["toot", "login", "--instance", BASE.split("//")[1], "--disable-https"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
    )
    seen = ""
    while True:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(f"toot login ended early: {seen}")
        seen += line
        match = re.search(r"(https?://\S+/oauth/authorize/?\?\S+)", line)
        if match:
            break
    import urllib.parse
    url = urllib.parse.urlparse(match.group(1))
    query = dict(urllib.parse.parse_qsl(url.query))
    code = palchat_session.authorization_code(
        BASE, browser, query["client_id"], query.get("scope", "read"), query["redirect_uri"]
    )
    output, _ = process.communicate(input="\n" + code + "\n", timeout=60)
    if process.returncode != 0:
        raise RuntimeError(f"toot login failed: {seen}{output}")


def toot(name, *args, expect=None, as_user=None):
    if as_user:
        subprocess.run(["toot", "activate", f"{as_user}@{BASE.split('//')[1]}"], env=env, capture_output=True)
    result = subprocess.run(["toot", *args], env=env, capture_output=True, text=True, input="y\n", timeout=60)
    output = result.stdout + result.stderr
    ok = result.returncode == 0 and "Error" not in output and "Traceback" not in output
    if ok and expect and not re.search(expect, output):
        ok = False
    (passed if ok else failed).append(name)
    if not ok:
        print(f"FAIL {name}: exit {result.returncode}: {output.strip()[-600:]}")
    return output


bob = f"bob{RUN}"
alice = f"alice{RUN}"
login(bob)
posted = toot("post (bob)", "post", f"Hello from toot #toot{RUN}", expect=r"Toot posted")
bob_status = re.search(r"/(\d+)\s*$", posted.strip())
login(alice)
toot("auth", "auth", expect=alice)
toot("env", "env")
toot("whoami", "whoami", expect=alice)
toot("whois", "whois", bob, expect=bob)
toot("instance", "instance", BASE.split("//")[1], "--disable-https", expect="Palchat")
toot("follow", "follow", bob)
toot("following", "following", alice, expect=bob)
toot("followers", "followers", bob, expect=alice)
toot("timeline home", "timeline", "--once", expect="Hello from toot")
toot("timeline public", "timeline", "--public", "--once")
toot("timeline local", "timeline", "--public", "--local", "--once")
toot("timeline tag", "timeline", "--tag", f"toot{RUN}", "--once", expect="Hello from toot")
toot("search", "search", bob, expect=bob)
toot("search resolve", "search", bob, "--resolve")
status_id = bob_status.group(1) if bob_status else "0"
toot("thread", "thread", status_id, expect="Hello from toot")
toot("favourite", "favourite", status_id)
toot("unfavourite", "unfavourite", status_id)
toot("reblog", "reblog", status_id)
toot("reblogged_by", "reblogged_by", status_id, expect=alice)
toot("unreblog", "unreblog", status_id)
toot("bookmark", "bookmark", status_id)
toot("bookmarks", "bookmarks", "--once", expect="Hello from toot")
toot("unbookmark", "unbookmark", status_id)
own = toot("post", "post", "my own post", "--visibility", "unlisted", "--language", "en")
own_id = (re.search(r"/(\d+)\s*$", own.strip()) or re.search(r"(\d+)", "0")).group(1)
toot("pin", "pin", own_id)
toot("unpin", "unpin", own_id)
toot("post reply", "post", "a reply", "--reply-to", status_id)
toot("post scheduled", "post", "later", "--scheduled-in", "1h", expect=r"scheduled")
toot("post with spoiler", "post", "hidden", "--spoiler-text", "cw", "--sensitive")
png = os.path.join(config, "dot.png")
with open(png, "wb") as file:
    file.write(bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2216bc60000000049454e44ae426082"
    ))
toot("upload", "upload", png, "--description", "a dot")
toot("post with media", "post", "picture", "--media", png, "--description", "a dot")
toot("delete", "delete", own_id)
toot("tags_follow", "tags_follow", f"toot{RUN}")
toot("tags_followed", "tags_followed", expect=f"toot{RUN}")
toot("tags_unfollow", "tags_unfollow", f"toot{RUN}")
toot("mute", "mute", bob)
toot("unmute", "unmute", bob)
toot("block", "block", bob)
toot("unblock", "unblock", bob)
toot("unfollow", "unfollow", bob)
toot("notifications (bob)", "notifications", as_user=bob, expect=alice)
toot("notifications mentions", "notifications", "--mentions")
toot("logout", "logout", f"{bob}@{BASE.split('//')[1]}")
print(f"toot: {len(passed)} passed, {len(failed)} failed")
