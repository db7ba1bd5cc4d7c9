"""Schemathesis hooks for infra/fuzz/run.sh (loaded through SCHEMATHESIS_HOOKS).

Schemathesis reuses values that earlier responses returned, and identity's
answers hold accounts: GET /auth/me the caller's, GET /admin everyone's.
Fuzzing identity as an admin changed its own e-mail (PUT /admin/updateUser
with its id) and then set a password for that e-mail (PUT /auth/password),
which ends every token of the account; the other services' admin runs then
got only 401. The admins that run.sh makes for each service are reachable the
same way. So a generated request that would change, delete or set the
password of one of them goes to an account that does not exist instead (404),
and their tokens stay valid. Acting on your own account is covered by
identity's tests.

FUZZ_KEEP_IDS and FUZZ_KEEP_EMAILS list the accounts, separated by spaces.

POST /auth/logout ends the session whose token it carries: called with a kept
admin's token it would end that token. So a logout that carries a token gets
a throwaway session's instead, signed in for it (FUZZ_LOGIN_URL,
FUZZ_LOGIN_EMAIL, FUZZ_LOGIN_PASSWORD): it ends that one, and the admin's
token stays valid.
"""

import json
import os
import secrets
import urllib.request

import schemathesis

KEEP_IDS = set(os.environ.get("FUZZ_KEEP_IDS", "").split())
KEEP_EMAILS = {email.strip().lower() for email in os.environ.get("FUZZ_KEEP_EMAILS", "").split()}

# The body field that names the account each operation acts on.
TARGET_FIELD = {
    "PUT /admin/updateUser": "id",
    "DELETE /admin/deleteUser": "email",
    "PUT /auth/password": "email",
}


def _kept(field, value):
    if not isinstance(value, str):
        return False
    if field == "id":
        return value.strip().lower() in KEEP_IDS
    return value.strip().lower() in KEEP_EMAILS


def _throwaway_session():
    request = urllib.request.Request(
        os.environ["FUZZ_LOGIN_URL"],
        data=json.dumps({"email": os.environ["FUZZ_LOGIN_EMAIL"], "password": os.environ["FUZZ_LOGIN_PASSWORD"]}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)["token"]


_last_session = {"token": None}


def _spare_the_token(case, kwargs):
    # The login is rate-limited (AUTH_RATE_LIMIT a minute): past it, the last throwaway token is sent again
    # (ended already: a 401, which is fine once the operation answered the admin a 200).
    try:
        _last_session["token"] = _throwaway_session()
    except Exception:  # noqa: BLE001 - any failure to sign in keeps the last token
        pass
    token = _last_session["token"] or secrets.token_hex(16)
    for headers in (case.headers, kwargs.get("headers")):
        if not isinstance(headers, dict):
            continue
        for name in list(headers):
            if name.lower() == "authorization" and str(headers[name]).startswith("Bearer "):
                headers[name] = f"Bearer {token}"


@schemathesis.hook
def before_call(context, case, kwargs):
    if f"{case.method.upper()} {case.operation.path}" == "POST /auth/logout" and os.environ.get("FUZZ_LOGIN_URL"):
        _spare_the_token(case, kwargs)
        return
    field = TARGET_FIELD.get(f"{case.method.upper()} {case.operation.path}")
    if field is None or not isinstance(case.body, dict) or not _kept(field, case.body.get(field)):
        return
    case.body[field] = secrets.token_hex(12) if field == "id" else f"nadie-{secrets.token_hex(6)}@cine.test"
