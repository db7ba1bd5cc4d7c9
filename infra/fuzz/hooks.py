"""Schemathesis hooks for infra/fuzz/run.sh (loaded through SCHEMATHESIS_HOOKS).

Schemathesis reuses values that earlier responses returned: GET /auth/me and
GET /admin hand it the calling administrator's own id and e-mail. Fuzzing
identity as that administrator then changed its e-mail (PUT /admin/updateUser
with its id), set a password for that e-mail (PUT /auth/password), which ends
every token of the account, and from then on each admin operation of every
service answered only 401. The run's administrators are kept out of reach:
a generated request that would change, delete or set the password of one of
them goes to an account that does not exist instead (404), so the token the
run sends stays valid. Acting on your own account is covered by identity's
own tests.

FUZZ_KEEP_IDS and FUZZ_KEEP_EMAILS list the accounts, separated by spaces.
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
