#!/usr/bin/env bash
# Schema fuzzing: schemathesis (PyPI) generates requests from every service's
# OpenAPI document (as the gateway serves it, /api/docs/<service>.json; the
# gateway's own operations from /api/docs/json) and
# sends them through the gateway of a platform started here (`npm start` on
# free ports, a fresh data directory), as a guest and as an administrator of
# its own for each service, and booking's check-in operations also as a staff
# member (role staff, who may call those and nothing else of the back office),
# sales, the check-in and the promo codes also as a manager of the first cinema (role manager,
# issue 38: their cinema's reports and door; another cinema's id is a 403; issue 39: their promotions; issue 40: their presales),
# and identity's POST /auth/logout by a session of its own (it ends the token it carries). Cine Club's
# operations (issue 41: /club/*) are the admin's and the signed-in buyer's only: a manager is not given them.
# Any 5xx answer fails the run, and so does an operation that asks for a token
# and answered only 401/403 to the admin or, on check-in, to the staff member
# (they may call them: they would have been fuzzed only up to the login), and
# likewise for the manager.
# Bounded: FUZZ_MAX_EXAMPLES cases per operation and phase (default 20), and
# at most FUZZ_MAX_SECONDS per service and caller (default 180). FUZZ_SERVICES
# picks services (default all). With FUZZ_COUNTS set, each run appends
# "passed failed skipped" (operations) to that file, for .ci/run's total.
# Needs python3 with venv; schemathesis is installed once into a cached
# virtualenv.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

SCHEMATHESIS_VERSION=4.32.5
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-20}
MAX_SECONDS=${FUZZ_MAX_SECONDS:-180}
SERVICES=${FUZZ_SERVICES:-identity notification catalog booking candy sales gateway}
VENV=${FUZZ_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/cine/schemathesis-$SCHEMATHESIS_VERSION}

if [ ! -x "$VENV/bin/schemathesis" ]; then
  echo "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION"
fi

# A free port below the system's ephemeral range (as findFreePort picks them): the platform's
# services bind port 0 meanwhile, and could otherwise be handed the port just probed.
free_port() {
  python3 - <<'PY'
import random, socket
try:
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except OSError:
    low = 32768
for _ in range(50):
    port = random.randrange(10000, low)
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
PY
}

DATA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/cine-fuzz-XXXXXX")
PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
ADMIN_EMAIL=fuzz-admin@cine.local
ADMIN_PASSWORD=FuzzAdmin2026!
PLATFORM_PID=""

cleanup() {
  local status=$?
  if [ -n "$PLATFORM_PID" ] && kill -0 "$PLATFORM_PID" 2>/dev/null; then
    kill -TERM -- "-$PLATFORM_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$PLATFORM_PID" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$PLATFORM_PID" 2>/dev/null || true
  fi
  rm -rf "$DATA_DIR"
  exit "$status"
}
trap cleanup EXIT

# Every request comes from 127.0.0.1: the per-IP auth limit and the per-address hold limit would
# otherwise answer 429 and 409 to most generated cases instead of exercising the handlers.
setsid env PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$DATA_DIR" MAIL_OUTBOX_DIR="$DATA_DIR/outbox" \
  FERRETDB_PORT="$(free_port)" ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  AUTH_RATE_LIMIT=1000000 GIFT_CARD_RATE_LIMIT=1000000 MAX_HELD_SEATS_PER_ADDRESS=1000000 LOG_LEVEL=warn \
  npm start >"$DATA_DIR/platform.log" 2>&1 &
PLATFORM_PID=$!

deadline=$((SECONDS + 180))
until curl -fsS "$BASE/api/health" >/dev/null 2>&1; do
  if [ "$SECONDS" -ge "$deadline" ] || ! kill -0 "$PLATFORM_PID" 2>/dev/null; then
    echo "the platform did not become healthy" >&2
    cat "$DATA_DIR/platform.log" >&2
    exit 1
  fi
  sleep 1
done
echo "platform up at $BASE"

# post JSON_BODY PATH [TOKEN]: the answer's body; fails on an error status.
post() {
  curl -fsS -H 'content-type: application/json' ${3:+-H "Authorization: Bearer $3"} -d "$1" "$BASE/api$2"
}
field() { python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
login() { post "{\"email\":\"$1\",\"password\":\"$ADMIN_PASSWORD\"}" /auth/login | field token; }

# An administrator of its own for each service, all made before any fuzzing: fuzzing identity as
# an admin acts on the accounts it sees, so a shared one could end up logged out (see hooks.py,
# which keeps these accounts out of the generated requests' reach). Then a token that dies anyway
# costs only its own run, and is caught after it.
BOOTSTRAP_TOKEN=$(login "$ADMIN_EMAIL")
declare -A ADMIN_TOKEN=()
keep_ids=""
keep_emails=""
for service in $SERVICES; do
  email="fuzz-admin-$service@cine.local"
  id=$(post "{\"email\":\"$email\",\"username\":\"fuzz-admin-$service\",\"password\":\"$ADMIN_PASSWORD\",\"role\":\"admin\"}" \
    /auth/register "$BOOTSTRAP_TOKEN" | field id)
  ADMIN_TOKEN[$service]=$(login "$email")
  keep_ids+=" $id"
  keep_emails+=" $email"
done
# The door's staff member and a manager, both of the first cinema (which every installation has):
# made by the first admin, kept out of the generated requests' reach too.
FIRST_CINEMA_ID=c1e000000000000000000001
STAFF_EMAIL=fuzz-staff@cine.local
staff_id=$(post "{\"email\":\"$STAFF_EMAIL\",\"username\":\"fuzz-staff\",\"password\":\"$ADMIN_PASSWORD\",\"role\":\"staff\",\"cinemaIds\":[\"$FIRST_CINEMA_ID\"]}" \
  /auth/register "$BOOTSTRAP_TOKEN" | field id)
STAFF_TOKEN=$(login "$STAFF_EMAIL")
MANAGER_EMAIL=fuzz-manager@cine.local
manager_id=$(post "{\"email\":\"$MANAGER_EMAIL\",\"username\":\"fuzz-manager\",\"password\":\"$ADMIN_PASSWORD\",\"role\":\"manager\",\"cinemaIds\":[\"$FIRST_CINEMA_ID\"]}" \
  /auth/register "$BOOTSTRAP_TOKEN" | field id)
MANAGER_TOKEN=$(login "$MANAGER_EMAIL")
keep_ids+=" $staff_id $manager_id"
keep_emails+=" $STAFF_EMAIL $MANAGER_EMAIL"
# A session of the first admin for POST /auth/logout alone (signed in now: the fuzzing may change that account).
SESSION_TOKEN=$(login "$ADMIN_EMAIL")
export FUZZ_KEEP_IDS="$keep_ids" FUZZ_KEEP_EMAILS="$keep_emails" SCHEMATHESIS_HOOKS="$PWD/infra/fuzz/hooks.py"

export NO_COLOR=1
COUNTS=${FUZZ_COUNTS:-$DATA_DIR/counts}
# What failed, printed again at the end: a long run's log is often read from its tail.
FAILURES=$DATA_DIR/failures
: >"$FAILURES"
failed=0
for service in $SERVICES; do
  document="$BASE/api/docs/$service.json"
  api_base="$BASE/api"
  # The gateway's own operations (GET /api/health, GET /api/status): its document names full paths.
  if [ "$service" = gateway ]; then document="$BASE/api/docs/json" api_base="$BASE"; fi
  curl -fsS "$document" >"$DATA_DIR/$service.json"
  operations=$(python3 -c 'import json, sys; print(sum(len(v) for v in json.load(open(sys.argv[1])).get("paths", {}).values()))' "$DATA_DIR/$service.json")
  if [ "$operations" -eq 0 ]; then
    echo "== $service: no documented operation"
    continue
  fi
  callers="guest admin"
  if [ "$service" = booking ]; then callers+=" staff manager"; fi
  if [ "$service" = sales ]; then callers+=" manager"; fi
  if [ "$service" = identity ]; then callers+=" session"; fi
  for caller in $callers; do
    auth=()
    if [ "$caller" = admin ]; then auth=(-H "Authorization: Bearer ${ADMIN_TOKEN[$service]}"); fi
    # POST /auth/logout ends the session whose token it carries (a header passed here, which no hook
    # can swap): the admin's run leaves it out, and a session signed in for it alone fuzzes it.
    if [ "$caller" = admin ] && [ "$service" = identity ]; then auth+=(--exclude-path-regex '^/auth/logout$'); fi
    if [ "$caller" = session ]; then auth=(-H "Authorization: Bearer $SESSION_TOKEN" --include-path-regex '^/auth/logout$'); fi
    # Staff may call the check-in operations only: those are what the staff member fuzzes.
    if [ "$caller" = staff ]; then auth=(-H "Authorization: Bearer $STAFF_TOKEN" --include-path-regex '^/checkin'); fi
    # A manager may call every sales report (their cinema's), the door (their cinema's shows), the promo codes
    # (their cinemas', issue 39) and the presales (their cinemas' shows, issue 40): those are what they fuzz.
    # Issue 41: except the club's figures (/sales/club), chain-wide: an admin's alone (a manager's 403 is the rule).
    if [ "$caller" = manager ] && [ "$service" = sales ]; then auth=(-H "Authorization: Bearer $MANAGER_TOKEN" --exclude-path-regex '^/sales/club$'); fi
    if [ "$caller" = manager ] && [ "$service" = booking ]; then auth=(-H "Authorization: Bearer $MANAGER_TOKEN" --include-path-regex '^/(checkin|promotions|presales)'); fi
    echo "== $service ($operations operations) as $caller"
    output="$DATA_DIR/schemathesis-$service-$caller.log"
    report="$DATA_DIR/report-$service-$caller.json"
    status=0
    # From the data directory: schemathesis keeps a cache (.schemathesis/) in its working directory.
    (cd "$DATA_DIR" && timeout --kill-after=10 "$MAX_SECONDS" "$VENV/bin/schemathesis" run "$document" \
      --url "$api_base" \
      --checks not_a_server_error \
      --phases examples,coverage,fuzzing \
      --max-examples "$MAX_EXAMPLES" \
      --workers 2 \
      --seed 12 \
      --request-timeout 10 \
      --suppress-health-check all \
      --report json --report-json-path "$report" \
      "${auth[@]}") >"$output" 2>&1 || status=$?
    sed -n '/SUMMARY/,$p' "$output"
    run_failed=0
    # The report's verdict: 5xx answers, and an admin locked out of operations it may call.
    python3 infra/fuzz/verdict.py "$report" "$DATA_DIR/$service.json" "$caller" "$COUNTS" | tee "$DATA_DIR/verdict" || run_failed=1
    grep '^!!' "$DATA_DIR/verdict" | sed "s/^/$service as $caller: /" >>"$FAILURES" || true
    # Only the platform's faults fail the run: a 5xx, no answer, a timeout. Schemathesis' own
    # runtime errors (it cannot draw from some schema) are reported but are not the platform's.
    if grep -qE 'ST101|Server error|Server Unavailable|stopped responding|Network Error|Response timeout|Connection refused|ConnectionError' "$output" || [ "$status" -eq 124 ]; then
      echo "!! $service as $caller: server errors or no answer (exit $status)"
      grep -E -B2 -A8 'ST101|Server error|Reproduce with' "$output" | head -80 || true
      { echo "!! $service as $caller: server errors or no answer (exit $status)"
        grep -E -B2 -A8 'ST101|Server error|Reproduce with|timeout|Connection' "$output" | head -40 || true; } >>"$FAILURES"
      run_failed=1
    elif [ "$status" -ne 0 ] && [ "$run_failed" -eq 0 ]; then
      echo "(schemathesis exited $status without any server error: its own runtime errors, listed above)"
    fi
    if [ "$caller" = admin ] && ! curl -fsS -o /dev/null -H "Authorization: Bearer ${ADMIN_TOKEN[$service]}" "$BASE/api/auth/me"; then
      echo "!! $service as admin: the admin's token stopped working during the run (its later requests got only 401)" | tee -a "$FAILURES"
      run_failed=1
    fi
    if [ "$run_failed" -ne 0 ]; then
      # A failure that no operation was counted for (no answer, a dead token) still counts once.
      if [ "$(tail -1 "$COUNTS" | cut -d' ' -f2)" = 0 ]; then echo "0 1 0" >>"$COUNTS"; fi
      failed=1
    fi
  done
done

if ! kill -0 "$PLATFORM_PID" 2>/dev/null; then
  echo "the platform stopped during the run" >&2
  failed=1
fi
if [ "$failed" -ne 0 ]; then
  echo "== what failed" >&2
  cat "$FAILURES" >&2
  echo "the platform's log (last 60 lines):" >&2
  tail -60 "$DATA_DIR/platform.log" >&2
fi
exit "$failed"
