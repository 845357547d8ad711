#!/usr/bin/env bash
# Tests/Gtk/run.sh PREFIX: the GTK4 tests of VCTable, against the library installed in
# PREFIX (`make gtk-test` stages it first).
#
# Builds Tests/Gtk/test-*.c with -Wall -Wextra -Werror through the installed vctable.pc
# and gtk4.pc, runs each (GTest, TAP) on its own Xvfb server (xvfb-run -a) with the
# accessibility bus off (GTK_A11Y=none: there is no session bus to reach), and prints
# "gtk-tests: N passed, M failed" (GTest cases, skipped ones not counted).
set -euo pipefail

[[ $# -eq 1 && -d $1 ]] || { echo "usage: $0 PREFIX" >&2; exit 2; }
prefix=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build/gtk-tests
mkdir -p "$build"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset VCTABLE_PHOTOS_URL G_MESSAGES_DEBUG

passed=0
failed=0
# shellcheck source=Tests/Gtk/xvfb-tap.sh
. "$root/Tests/Gtk/xvfb-tap.sh"
for source in "$here"/test-*.c; do
    xvfb_tap_run "$build" "$(basename "$source" .c)" "$source" "$root/Tests/C/common/vct-test.c"
done
echo "gtk-tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
