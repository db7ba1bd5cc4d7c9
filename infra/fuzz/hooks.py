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

POST /auth/logout is left out of the admin's run by run.sh (a session of its
own fuzzes it): the token it would end is the CLI's header, which a hook
cannot swap.
"""

import os
import secrets

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


@schemathesis.hook
def before_call(context, case, kwargs):
    field = TARGET_FIELD.get(f"{case.method.upper()} {case.operation.path}")
    if field is None or not isinstance(case.body, dict) or not _kept(field, case.body.get(field)):
        return
    case.body[field] = secrets.token_hex(12) if field == "id" else f"nadie-{secrets.token_hex(6)}@cine.test"
