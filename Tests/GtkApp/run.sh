#!/usr/bin/env bash
# Tests/GtkApp/run.sh PREFIX: the tests of vctable-gtk (Gtk/), against the library installed in
# PREFIX (`make gtk-app-test` stages it first).
#
# Builds each Tests/GtkApp/test-*.c with the app's files but main.c (Gtk/*.c: the pages,
# the window) and app-test.c, with -Wall -Wextra -Werror through the installed vctable.pc
# and gtk4.pc, runs each (GTest, TAP) on its own Xvfb server (xvfb-run -a) with the
# accessibility bus off (GTK_A11Y=none: there is no session bus to reach), and prints
# "gtk-app-tests: N passed, M failed" (GTest cases, skipped ones not counted).
#
# test-window saves the three screenshots in $VCT_GTK_SCREENSHOTS_DIR (default
# build/gtk-app-tests/screenshots); to refresh the committed ones:
#   VCT_GTK_SCREENSHOTS_DIR=$PWD/docs/screenshots Tests/GtkApp/run.sh PREFIX
set -euo pipefail

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
for source in "$here"/test-*.c; do
    name=$(basename "$source" .c)
    # shellcheck disable=SC2046
    if ! ${CC:-cc} -std=c11 -Wall -Wextra -Werror -O1 -g -o "$build/$name" "$source" \
            "$here/app-test.c" "${app_sources[@]}" "$root/Tests/C/common/vct-test.c" $(pkg-config --cflags --libs vctable gtk4) -lpthread; then
        echo "FAILED  $name (build)"
        failed=$((failed + 1))
        continue
    fi
    log=$build/$name.log
    status=0
    (cd / && GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" "$build/$name" --tap) >"$log" 2>&1 || status=$?
    ok=$(grep -c '^ok [0-9]' "$log" | tr -d ' ' || true)
    skipped=$(grep -c '^ok [0-9].*# SKIP' "$log" | tr -d ' ' || true)
    bad=$(grep -c '^not ok' "$log" | tr -d ' ' || true)
    passed=$((passed + ok - skipped))
    if [[ $status -ne 0 || $bad -ne 0 ]]; then
        failed=$((failed + (bad > 0 ? bad : 1)))
        echo "FAILED  $name (exit $status)"
        grep -E '^(not ok|Bail out!|ERROR:|\*\*)' "$log" || tail -n 20 "$log"
    else
        echo "ok      $name ($ok cases)"
    fi
done
echo "gtk-app-tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
