#!/usr/bin/env bash
# The date guard: the tests that touch dates, again under a clock moved a year ahead, into a new year and a new month
# (2027-01-01 08:30 China time; the seed's bills then span December and January). A test that names a calendar date
# the sandbox's relative seed must match, or sandbox code that reads the machine's time instead of its clock, fails
# here on any day. Part of `npm test`, after the main run. The browser journey through bills and the home page's
# 今日 figures (test/e2e/forms-bills-flow.test.ts) runs at this moment in the main run (test/helpers/moved-clock.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
moved='2027-01-01T08:30:00+08:00' # the same moment as test/helpers/moved-clock.ts

# The sandbox suite: every sandbox the tests start follows SANDBOX_CLOCK.
SANDBOX_CLOCK="$moved" npx tap test/server/sandbox.test.ts

# The client's date rules (default ranges, 今日/本月, bill dates) with the process clock moved by libfaketime.
if ! command -v faketime >/dev/null 2>&1; then
  echo "test:dates: faketime is missing (Debian package faketime; .ci/run installs it)" >&2
  exit 1
fi
cd client
faketime -f "@${moved:0:10} ${moved:11:8}" npx vitest run \
  test/features/dashboard test/features/bills/bill-list-page.test.tsx test/features/bills/bill-form.test.tsx \
  test/features/financial/financial-bill-form.test.tsx test/components/table-page test/lib/table
