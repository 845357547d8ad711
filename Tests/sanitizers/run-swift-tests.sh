#!/usr/bin/env bash
# Tests/sanitizers/run-swift-tests.sh address|thread: the Swift tests (Swift Testing)
# built and run under AddressSanitizer (+ LeakSanitizer) or ThreadSanitizer, each in its
# own scratch path (.build-asan, .build-tsan). Fails on a failed test or on any
# sanitizer report. Under ThreadSanitizer the tests run one at a time (on 2 cores TSan's
# slowdown makes parallel tests miss their timeouts) with Tests/sanitizers/
# tsan-mutex-shim.c preloaded (it annotates Swift's Mutex and GLib's GMutex futex paths,
# see the file). A run longer than VCT_SANITIZE_TIMEOUT seconds (default 1500; a whole
# run takes 2-3 minutes under AddressSanitizer, about 10 under ThreadSanitizer) is stopped
# and fails, naming the tests that started and never ended. Prints
# "sanitize-swift-<sanitizer>: N passed, M failed".
set -euo pipefail

sanitizer=${1:?usage: $0 address|thread}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CLANG=${CLANG:-/opt/swift/usr/bin/clang}
[[ -x $CLANG ]] || CLANG=$(command -v clang)
out=$root/build/sanitize-swift-$sanitizer
mkdir -p "$out"
cd "$root"

case $sanitizer in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "$0: unknown sanitizer $sanitizer" >&2; exit 2 ;;
esac

swift build --build-tests -c debug --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 | tail -n 1

log=$out/swift-test.log
status=0
limit=${VCT_SANITIZE_TIMEOUT:-1500}
unset VCTABLE_PHOTOS_URL
export SWIFT_BACKTRACE=enable=no
if [[ $sanitizer == thread ]]; then
    "$CLANG" -shared -fPIC -O1 -g -Wall -Wextra -Werror -o "$out/libvct-tsan-mutex-shim.so" "$here/tsan-mutex-shim.c" -ldl
    LD_PRELOAD="$out/libvct-tsan-mutex-shim.so" \
    TSAN_OPTIONS="halt_on_error=0:exitcode=66:second_deadlock_stack=1:suppressions=$here/tsan.supp:print_suppressions=0" \
        timeout -k 30 "$limit" swift test --skip-build --sanitize=thread --scratch-path "$scratch" --disable-xctest --no-parallel >"$log" 2>&1 || status=$?
    count_pattern='^WARNING: ThreadSanitizer'
else
    ASAN_OPTIONS="detect_leaks=1:halt_on_error=0:exitcode=66" \
    LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0" \
        timeout -k 30 "$limit" swift test --skip-build --sanitize=address --scratch-path "$scratch" --disable-xctest >"$log" 2>&1 || status=$?
    count_pattern='^==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)'
fi

if [[ $status -eq 124 || $status -eq 137 ]]; then
    echo "sanitize-swift-$sanitizer: stopped after $limit s; tests started and never ended:"
    grep -E '^◇ Test ".*" started\.$' "$log" | sed -E 's/^◇ Test (".*") started\.$/\1/' | sort -u >"$out/started" || true
    grep -E '^[✔✘] Test ".*" (with [0-9]+ test cases? )?(passed|failed) after' "$log" \
        | sed -E 's/^[✔✘] Test (".*") (with [0-9]+ test cases? )?(passed|failed) after.*/\1/' | sort -u >"$out/ended" || true
    comm -23 "$out/started" "$out/ended" | sed 's/^/  /'
fi
reports=$(grep -E -c "$count_pattern" "$log" || true)
passed=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} in [0-9]* suites\{0,1\} passed.*/\1/p' "$log" | tail -n 1)
total=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} in [0-9]* suites\{0,1\} failed.*/\1/p' "$log" | tail -n 1)
failed_tests=$(grep -v '^✘ Test run ' "$log" | grep -c '^✘ Test .* failed after' || true)
if [[ -z $passed ]]; then
    passed=$(( ${total:-0} - failed_tests ))
fi
failed=$failed_tests
if [[ $status -ne 0 || $reports -ne 0 ]]; then
    [[ $failed -gt 0 ]] || failed=1
    grep -E '^✘ Test .* failed after' "$log" | head -n 20 || true
    grep -E -A 30 "$count_pattern" "$log" | head -n 120 || true
    echo "exit $status, $reports $sanitizer reports; log: $log"
fi
echo "sanitizer reports: $reports"
echo "sanitize-swift-$sanitizer: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
