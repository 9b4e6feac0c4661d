#!/usr/bin/env bash
# The date guard's client half: the client's date rules (default ranges, 今日/本月, bill dates) again with the process
# clock moved a year ahead, into a new year and a new month (2027-01-01 08:30 China time; the seed's bills then span
# December and January), by libfaketime. Part of `npm test`, after tap. The sandbox half runs in tap's main run
# (test/server/sandbox-new-year.test.ts: the sandbox's test files with every sandbox at that moment), and so does the
# browser journey through bills and the home page's 今日 figures (test/e2e/forms-bills-flow.test.ts); both take the
# moment from test/support/moved-clock.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
moved='2027-01-01T08:30:00+08:00' # the same moment as test/support/moved-clock.ts

if ! command -v faketime >/dev/null 2>&1; then
  echo "test:dates: faketime is missing (Debian package faketime; .ci/run installs it)" >&2
  exit 1
fi
cd client
faketime -f "@${moved:0:10} ${moved:11:8}" npx vitest run \
  test/features/dashboard test/features/bills/bill-list-page.test.tsx test/features/bills/bill-form.test.tsx \
  test/features/financial/financial-bill-form.test.tsx test/components/table-page test/lib/table
