"""Signs a person up on a Palchat server through its web pages and authorizes an OAuth app for them, as a
person would in a browser: the client under test then only ever sees a Mastodon-style authorization code."""
import json
import re
import urllib.parse

import requests

REDIRECT = "urn:ietf:wg:oauth:2.0:oob"


def initial_state(html):
    match = re.search(r'<script id="initial-state" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(match.group(1))


def sign_up(base, username, password):
    """A browser session signed in as a new account `username`."""
    browser = requests.Session()
    csrf = initial_state(browser.get(f"{base}/auth/sign_up").text)["csrfToken"]
    answer = browser.post(
        f"{base}/auth/sign_up",
        json={
            "username": username,
            "email": f"{username}@example.test",
            "password": password,
            "password_confirmation": password,
            "agreement": True,
        },
        headers={"x-csrf-token": csrf},
    )
    answer.raise_for_status()
    return browser


def authorization_code(base, browser, client_id, scopes, redirect_uri=REDIRECT, extra=None):
    """Opens the consent page for the app and authorizes it; returns the code the server hands back."""
    params = {"response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "scope": scopes}
    params.update(extra or {})
    page = browser.get(f"{base}/oauth/authorize", params=params)
    page.raise_for_status()
    token = re.search(r'name="authenticity_token" value="([^"]+)"', page.text).group(1)
    consent = browser.post(
        f"{base}/oauth/authorize",
        data={**params, "authenticity_token": token, "decision": "authorize"},
        allow_redirects=False,
    )
    if consent.status_code == 302:
        return urllib.parse.parse_qs(urllib.parse.urlparse(consent.headers["location"]).query)["code"][0]
    # out-of-band redirect: the code is shown on the page
    return re.search(r'class="code" type="text" readonly value="([^"]+)"', consent.text).group(1)


def sign_in(base, login, password):
    """A browser session signed in as an existing account."""
    browser = requests.Session()
    csrf = initial_state(browser.get(f"{base}/auth/sign_in").text)["csrfToken"]
    answer = browser.post(
        f"{base}/auth/sign_in", json={"login": login, "password": password}, headers={"x-csrf-token": csrf}
    )
    answer.raise_for_status()
    return browser
