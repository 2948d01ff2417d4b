"""Prints an authorization code for an app's client_id, given by a new account signed up for it (or an existing
one signed in). Usage: code_for.py BASE_URL USERNAME CLIENT_ID SCOPES REDIRECT_URI [PASSWORD-of-existing]"""
import sys

import palchat_session

base, username, client_id, scopes, redirect = sys.argv[1:6]
if len(sys.argv) > 6:
    browser = palchat_session.sign_in(base, username, sys.argv[6])
else:
    browser = palchat_session.sign_up(base, username, "a long password for tests")
print(palchat_session.authorization_code(base, browser, client_id, scopes, redirect))
