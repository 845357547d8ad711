#!/usr/bin/env bash
# Tests/sanitizers/run-c-tests.sh SANITIZER PREFIX: the GTest programs of Tests/C
# (every test-*.c and blocks/test-blocks.c) against a libVCTable.so built with the same
# sanitizer and installed in PREFIX (mk/reliability.mk does both: `make sanitize`).
#
#   SANITIZER  address (AddressSanitizer with LeakSanitizer) or thread (ThreadSanitizer)
#
# Each program is compiled with the Swift toolchain's clang and -fsanitize=SANITIZER, so
# its runtime is the one the Swift compiler instrumented the library for; under
# ThreadSanitizer Tests/sanitizers/tsan-mutex-shim.c is linked in (it annotates the
# futex slow paths of Swift's Mutex and GLib's GMutex, see the file). Tests/C/run.sh is
# not reused: it builds with `cc`, runs valgrind, and the header and symbol checks do not
# depend on the sanitizer.
#
# A program fails when it exits non-zero, a GTest case fails, or the sanitizer printed a
# report (reports do not stop the run: every report in every program is counted).
# Suppressions: Tests/sanitizers/{lsan,tsan}.supp (each entry names its upstream bug).
#
# Environment: CLANG (default /opt/swift/usr/bin/clang), VCT_THREADS_SECONDS (the length
# of test-soak's thread storm, default 10 here), ONLY (a space-separated list of
# program names to run instead of all).
# Prints "sanitize-c-<sanitizer>: N passed, M failed" (GTest cases; a report or a crash
# outside a case counts as a failure).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 address|thread PREFIX" >&2
    exit 2
fi
sanitizer=$1
[[ $sanitizer == address || $sanitizer == thread ]] || { echo "$0: unknown sanitizer $sanitizer" >&2; exit 2; }
[[ -d $2 ]] || { echo "$0: no such prefix: $2" >&2; exit 2; }
prefix=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tests=$root/Tests/C
build=$root/build/sanitize-c-$sanitizer
logs=$build/logs
CLANG=${CLANG:-/opt/swift/usr/bin/clang}
[[ -x $CLANG ]] || CLANG=$(command -v clang)
swift_lib_dir=$(dirname "$CLANG")/../lib/swift/linux

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset VCTABLE_PHOTOS_URL VCT_TEST_FIXTURE G_MESSAGES_DEBUG
read -r -a vct_cflags <<<"$(pkg-config --cflags vctable)"
read -r -a vct_libs <<<"$(pkg-config --libs vctable)"

rm -rf "$build"
mkdir -p "$logs"

common=(-std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Werror "-fsanitize=$sanitizer" -I"$tests")
extra_sources=()
if [[ $sanitizer == thread ]]; then
    # The shim uses GNU C (top-level asm, RTLD_NEXT): its own flags.
    "$CLANG" -std=gnu11 -g -O1 -fPIC -Wall -Wextra -Werror -c "$here/tsan-mutex-shim.c" -o "$build/tsan-mutex-shim.o"
    # The toolchain's TSan runtime has libdispatch interceptors: it links against the
    # toolchain's libdispatch and BlocksRuntime (which libVCTable.so loads anyway).
    extra_sources=("$build/tsan-mutex-shim.o" -ldl -L"$swift_lib_dir" -Wl,-rpath,"$swift_lib_dir" -ldispatch -lBlocksRuntime)
fi

passed=0
failed=0
reports=0
failures=()
programs=()

for src in "$tests"/test-*.c "$tests/blocks/test-blocks.c"; do
    name=$(basename "$src" .c)
    if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then
        continue
    fi
    flags=()
    libs=()
    if [[ $name == test-blocks ]]; then
        flags=(-fblocks)
        libs=(-L"$swift_lib_dir" -Wl,-rpath,"$swift_lib_dir" -lBlocksRuntime)
    fi
    if "$CLANG" "${common[@]}" "${flags[@]}" "$src" "$tests/common/vct-test.c" "${extra_sources[@]}" \
            -o "$build/$name" "${vct_cflags[@]}" "${vct_libs[@]}" "${libs[@]}" -lpthread >"$logs/build-$name.log" 2>&1; then
        programs+=("$name")
    else
        tail -n 30 "$logs/build-$name.log"
        failed=$((failed + 1))
        failures+=("build: $name")
    fi
done

workdir=$(mktemp -d "${TMPDIR:-/tmp}/vctable-sanitize.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
mkdir -p "$workdir/tmp"

case $sanitizer in
    address)
        export ASAN_OPTIONS="detect_leaks=1:halt_on_error=0:abort_on_error=0:exitcode=66:strict_string_checks=1:detect_invalid_pointer_pairs=0:allocator_may_return_null=0:symbolize=1"
        export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0:exitcode=66"
        pattern='^(==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (AddressSanitizer|LeakSanitizer))'
        count_pattern='^==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)'
        ;;
    thread)
        export TSAN_OPTIONS="halt_on_error=0:exitcode=66:second_deadlock_stack=1:report_signal_unsafe=0:suppressions=$here/tsan.supp:print_suppressions=0"
        pattern='^(WARNING: ThreadSanitizer|SUMMARY: ThreadSanitizer)'
        count_pattern='^WARNING: ThreadSanitizer'
        ;;
esac
# Sanitizers slow everything down: the tests' "under valgrind" mode gives them 10x their
# timeouts and smaller loops (test-soak keeps its thread storm at VCT_THREADS_SECONDS).
export VCT_TEST_UNDER_VALGRIND=1
export VCT_THREADS_SECONDS=${VCT_THREADS_SECONDS:-10}
export G_SLICE=always-malloc G_DEBUG=gc-friendly
# A failed assertion would start the Swift runtime's backtracer, whose memory server
# reads page-sized chunks ASan reports as overflows: let the program just abort.
export SWIFT_BACKTRACE=enable=no
export TMPDIR="$workdir/tmp"

for name in "${programs[@]}"; do
    log=$logs/$name.log
    status=0
    start=$(date +%s)
    (cd "$workdir" && "$build/$name" --tap) >"$log" 2>&1 || status=$?
    elapsed=$(($(date +%s) - start))
    ok=$(grep -c '^ok [0-9]' "$log" || true)
    skipped=$(grep -c '^ok [0-9].*# SKIP' "$log" || true)
    bad=$(grep -c '^not ok [0-9]' "$log" || true)
    found=$(grep -E -c "$count_pattern" "$log" || true)
    cases=$((ok - skipped))
    passed=$((passed + cases))
    reports=$((reports + found))
    if [[ $status -ne 0 || $bad -ne 0 || $found -ne 0 ]]; then
        [[ $bad -gt 0 ]] || bad=1
        failed=$((failed + bad))
        failures+=("$name: exit $status, $bad failed, $found reports ($log)")
        printf 'FAILED  %s (%s cases passed, exit %s, %s %s reports, %ss)\n' "$name" "$cases" "$status" "$found" "$sanitizer" "$elapsed"
        grep -E '^(not ok|Bail out!|ERROR:)' "$log" | head -n 10 || true
        grep -E -A 25 "$pattern" "$log" | head -n 80 || true
    else
        printf 'ok      %s (%s cases, 0 reports, %ss)\n' "$name" "$cases" "$elapsed"
    fi
done

if [[ $failed -ne 0 ]]; then
    echo "failures:"
    printf '  %s\n' "${failures[@]}"
    echo "logs: $logs"
fi
echo "sanitizer reports: $reports"
echo "sanitize-c-$sanitizer: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
