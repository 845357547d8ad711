#!/usr/bin/env bash
# Tests/Python/run.sh PREFIX [PYTEST-ARGS...]: the Python (PyGObject) tests of VCTable,
# against the library and typelib installed in PREFIX (make install PREFIX=...).
#
# Runs Debian's Python (/usr/bin/python3: the one with `gi`) as
#   GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 python3 -m pytest -q -p no:cacheprovider Tests/Python
# from the repository (no .pytest_cache, no __pycache__ left behind; the example test runs
# Examples/list-photos.py from a temporary directory), then prints exactly one last line:
#   python-tests: N passed, M failed
# N counts passed tests only (not skipped, not xfailed); M counts failures and errors, and
# a crash, an interruption or an import error counts as at least one failure. Exits 0
# only when M is 0.
set -euo pipefail

if [[ $# -lt 1 || -z $1 ]]; then
  echo "usage: $0 PREFIX [PYTEST-ARGS...]" >&2
  echo "python-tests: 0 passed, 1 failed"
  exit 2
fi
prefix=$1
shift

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
python=/usr/bin/python3

if [[ ! -d $prefix ]]; then
  echo "run.sh: no such prefix: $prefix" >&2
  echo "python-tests: 0 passed, 1 failed"
  exit 1
fi
prefix=$(cd "$prefix" && pwd)
typelibs=$prefix/lib/girepository-1.0
if [[ ! -f $typelibs/Vct-1.0.typelib ]]; then
  echo "run.sh: $typelibs/Vct-1.0.typelib is missing: run make install PREFIX=$prefix" >&2
  echo "python-tests: 0 passed, 1 failed"
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/pytest.log
results=$work/results

status=0
(
  cd "$repo"
  GI_TYPELIB_PATH=$typelibs PYTHONDONTWRITEBYTECODE=1 VCT_PY_RESULTS=$results \
    "$python" -m pytest -q -p no:cacheprovider Tests/Python "$@"
) > >(tee "$log") 2>&1 || status=$?
wait  # for tee

# pytest's summary, its last line: "3 failed, 44 passed, 1 xfailed, 2 errors in 9.12s".
summary=$(grep -E '^(=+ )?([0-9]+ [a-z]+(, )?)+ in [0-9.]+s' "$log" | tail -n 1 || true)
count() {  # count WORD...: the sum of "<n> WORD" in the summary
  local total=0 word n
  for word in "$@"; do
    n=$(grep -oE "[0-9]+ $word\\b" <<<"$summary" | grep -oE '^[0-9]+' || true)
    total=$((total + ${n:-0}))
  done
  echo "$total"
}

if [[ -n $summary ]]; then
  passed=$(count passed)
  failed=$(count failed error errors)
else
  # No summary: pytest crashed (a signal) or was stopped; count what it reported so far.
  passed=0
  failed=0
  if [[ -f $results ]]; then
    passed=$(grep -c '^passed ' "$results" || true)
    failed=$(grep -c '^failed ' "$results" || true)
  fi
  echo "run.sh: pytest ended without a summary (exit status $status)" >&2
fi
if [[ $status -ne 0 && $failed -eq 0 ]]; then
  # An import error, an internal error, no tests collected, a crash between tests.
  failed=1
fi

echo "python-tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
