#!/usr/bin/env bash
# Tests/GtkApp/run.sh PREFIX: the tests of vctable-gtk (Gtk/), against the library installed in
# PREFIX (`make gtk-app-test` stages it first).
#
# Builds each Tests/GtkApp/test-*.c with the app's files but main.c (Gtk/*.c: the pages,
# the window) and app-test.c, with -Wall -Wextra -Werror through the installed vctable.pc
# and gtk4.pc, runs each (GTest, TAP) on its own Xvfb server (xvfb-run -a) with the
# accessibility bus off (GTK_A11Y=none: there is no session bus to reach), and prints
# "gtk-app-tests: N passed, M failed" (GTest cases, skipped ones not counted, and the
# valgrind run below).
#
# VALGRIND=later leaves the valgrind run of test-window to `make test-valgrind` (what
# `make test` does); VALGRIND=only builds test-window and runs it under valgrind alone, the
# last line "gtk-app-valgrind: N passed, M failed" (`make test-valgrind`, run by CI).
#
# test-window saves the three screenshots in $VCT_GTK_SCREENSHOTS_DIR (default
# build/gtk-app-tests/screenshots); to refresh the committed ones:
#   VCT_GTK_SCREENSHOTS_DIR=$PWD/docs/screenshots Tests/GtkApp/run.sh PREFIX
set -euo pipefail
mode=${VALGRIND:-1}
case $mode in 1 | later | only) ;; *) echo "run.sh: VALGRIND is 1, later or only" >&2; exit 2 ;; esac

[[ $# -eq 1 && -d $1 ]] || { echo "usage: $0 PREFIX" >&2; exit 2; }
prefix=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build/gtk-app-tests
mkdir -p "$build"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset VCTABLE_PHOTOS_URL VCTABLE_FEEDS_URL VCTABLE_SONGS_URL G_MESSAGES_DEBUG
shots=${VCT_GTK_SCREENSHOTS_DIR:-$build/screenshots}
[[ $shots == /* ]] || shots=$PWD/$shots   # the tests run from /
export VCT_GTK_SCREENSHOTS_DIR=$shots

app_sources=()
for file in "$root"/Gtk/*.c; do
    [[ $(basename "$file") == main.c ]] || app_sources+=("$file")
done

passed=0
failed=0
# shellcheck source=Tests/Gtk/xvfb-tap.sh
. "$root/Tests/Gtk/xvfb-tap.sh"
if [[ $mode == only ]]; then
    rm -f "$build/test-window"
    # shellcheck disable=SC2046
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -O1 -g -o "$build/test-window" "$here/test-window.c" "$here/app-test.c" \
        "${app_sources[@]}" "$root/Tests/C/common/vct-test.c" $(pkg-config --cflags --libs vctable gtk4) -lpthread || true
else
    for source in "$here"/test-*.c; do
        xvfb_tap_run "$build" "$(basename "$source" .c)" "$source" "$here/app-test.c" "${app_sources[@]}" "$root/Tests/C/common/vct-test.c"
    done
fi
# The window closes cleanly under valgrind: every screen loaded and shown, a reload done, then
# the window destroyed and its models finalized (test-window's /gtk-app/window/screens and
# its teardown; /closes, which leaves a file:// reload in flight as the process ends, is
# not used here: see RELIABILITY.md, P3), with no error and nothing
# definitely lost, through GLib's and GTK's own suppressions and valgrind.supp here (the
# caches of fontconfig and Mesa, each named). Cairo rendering and no GL: GL drivers under
# valgrind are slow and noisy, and VCTable draws nothing itself.
if [[ $mode == later ]]; then
    echo "note    valgrind: test-window is left to \`make test-valgrind\` (VALGRIND=later)"
elif [[ -x $build/test-window ]] && command -v valgrind >/dev/null 2>&1; then
    log=$build/valgrind-test-window.log
    status=0
    (cd / && GTK_A11Y=none GSK_RENDERER=cairo GDK_DEBUG=gl-disable VCT_TEST_UNDER_VALGRIND=1 \
        G_SLICE=always-malloc xvfb-run -a -s "-screen 0 1280x1024x24" \
        valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=3 \
            --suppressions=/usr/share/glib-2.0/valgrind/glib.supp \
            --suppressions=/usr/share/gtk-4.0/valgrind/gtk.supp \
            --suppressions="$root/Tests/C/valgrind.supp" --suppressions="$here/valgrind.supp" \
            --num-callers=40 "$build/test-window" -p /gtk-app/window/screens --tap) >"$log" 2>&1 || status=$?
    if [[ $status -eq 0 ]] && grep -q '^ok 1 /gtk-app/window/screens' "$log"; then
        passed=$((passed + 1))
        echo "ok      valgrind: test-window /gtk-app/window/screens"
    else
        failed=$((failed + 1))
        echo "FAILED  valgrind: test-window /gtk-app/window/screens (exit $status; $log)"
        grep -E 'definitely lost in|Invalid|uninitialised|^not ok|Bail out' "$log" | head -n 20 || true
    fi
else
    failed=$((failed + 1))
    echo "FAILED  valgrind: test-window was not built, or valgrind is missing"
fi
runner=gtk-app-tests
[[ $mode != only ]] || runner=gtk-app-valgrind
echo "$runner: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
