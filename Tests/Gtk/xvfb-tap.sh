# Tests/Gtk/xvfb-tap.sh: sourced by Tests/Gtk/run.sh and Tests/GtkApp/run.sh. One GTK test
# program built and run under Xvfb, its TAP lines added to the caller's `passed` and
# `failed` counts.
#
#   xvfb_tap_run BUILD_DIR NAME SOURCE...   builds BUILD_DIR/NAME from SOURCE... with
#       -Wall -Wextra -Werror through the vctable and gtk4 packages (PKG_CONFIG_PATH names
#       the prefix), runs it from / on its own Xvfb server (xvfb-run -a) with the
#       accessibility bus off (GTK_A11Y=none: there is no session bus to reach), and counts
#       its GTest cases (skipped ones not counted); the log is BUILD_DIR/NAME.log.

xvfb_tap_run() {
    local build=$1 name=$2
    shift 2
    # shellcheck disable=SC2046
    if ! ${CC:-cc} -std=c11 -Wall -Wextra -Werror -O1 -g -o "$build/$name" "$@" \
            $(pkg-config --cflags --libs vctable gtk4) -lpthread; then
        echo "FAILED  $name (build)"
        failed=$((failed + 1))
        return
    fi
    local log=$build/$name.log status=0 ok skipped bad
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
}
