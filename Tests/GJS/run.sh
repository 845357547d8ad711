#!/usr/bin/env bash
# Tests/GJS/run.sh PREFIX: the GJS smoke test (smoke.js) against the typelib installed in
# PREFIX; prints "gjs-tests: N passed, M failed" (its TAP lines).
set -euo pipefail
[[ $# -eq 1 && -d $1 ]] || { echo "usage: $0 PREFIX" >&2; exit 2; }
prefix=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
(cd / && GI_TYPELIB_PATH="$prefix/lib/girepository-1.0" gjs "$here/smoke.js") >"$log" 2>&1 || status=$?
cat "$log"
passed=$(grep -c '^ok ' "$log" || true)
failed=$(grep -c '^not ok ' "$log" || true)
if [[ $status -ne 0 && $failed -eq 0 ]]; then failed=1; fi
echo "gjs-tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
