"""The verdict on one schemathesis run of infra/fuzz/run.sh, from its JSON report.

usage: verdict.py REPORT DOCUMENT CALLER COUNTS_FILE

Prints what failed and appends "passed failed skipped" (operations) to
COUNTS_FILE; exits 1 when the run failed. An operation fails when a check
failed on it (only not_a_server_error runs: a 5xx), and, for the admin (and
the staff member, who is given only the check-in operations, and the
manager, given sales, the check-in and the promo codes), when it
answered only 401/403 although its document asks for a token: every such
operation is one an administrator may call (the authorization matrix,
infra/src/authorization-matrix.test.ts, holds the document to that). Public
operations may answer 401 to what was sent (a wrong password at login).
Operations that schemathesis could not test (its own errors, skips) count as
skipped.
"""

import json
import sys


def main(report_path, document_path, caller, counts_path):
    try:
        with open(report_path, encoding="utf-8") as file:
            report = json.load(file)
    except (OSError, ValueError):
        report = None
    if report is None or not report.get("complete") or report.get("operations") is None:
        print("!! no complete schemathesis report: the run was cut short")
        write_counts(counts_path, 0, 1, 0)
        return 1

    with open(document_path, encoding="utf-8") as file:
        document = json.load(file)
    paths = document.get("paths", {})
    secured = {
        f"{method.upper()} {path}"
        for path, methods in paths.items()
        for method, operation in methods.items()
        if operation.get("security", document.get("security"))
    }

    failing = set()
    for group in report["failures"]:
        print(f"!! {group['title']}: {', '.join(group['operations'])}")
        for label in group["operations"]:
            # A failure under a method that the path does not document (schemathesis tries
            # them) counts against that path's operations.
            path = label.partition(" ")[2]
            documented = {f"{method.upper()} {path}" for method in paths.get(path, {})}
            failing |= documented if documented and label not in documented else {label}
    locked_out = set()
    if caller in ("admin", "staff", "manager"):
        locked_out = set(report["warnings"]["missing_auth"]) & secured
        if locked_out:
            print(f"!! the {caller} got only 401/403 from operations it may call: {', '.join(sorted(locked_out))}")

    operations = report["operations"]
    failed = len(failing | locked_out)
    # Failures and 401s come only from operations that were tested.
    passed = max(operations["tested"] - failed, 0)
    skipped = operations["errored"] + operations["skipped"]
    write_counts(counts_path, passed, failed, skipped)
    cases = report["test_cases"]
    print(f"-- {operations['tested']} of {operations['selected']} operations tested, {cases['generated']} test cases")
    return 1 if failed else 0


def write_counts(path, passed, failed, skipped):
    with open(path, "a", encoding="utf-8") as file:
        file.write(f"{passed} {failed} {skipped}\n")


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
