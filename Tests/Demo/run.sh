#!/usr/bin/env bash
# Tests/Demo/run.sh: vctable-demo's tests. Usage: Tests/Demo/run.sh PATH/TO/vctable-demo
#
#   1. scripted sessions (no terminal): the bundled fixture, file:// URIs, and a loopback
#      HTTP server (photos_server.py) for every error kind, superseding and waiting;
#      --once, --help, --version and the exit codes
#   2. the full-screen list under tmux: first screen, selection, the spinner, the
#      "Oops..." alert, help, resize, q and Ctrl-C restoring the terminal
#   3. a scripted session under valgrind: 0 errors, 0 definitely lost
#
# Every demo run is bounded by `timeout`; every wait on the screen is a bounded poll.
# Prints "demo-tests: N passed, M failed" last and fails when M > 0.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: $0 PATH/TO/vctable-demo" >&2
    exit 2
fi
DEMO=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
FIXTURE=$ROOT/Sources/VCTable/Resources/photos.json
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vctable-demo-test.XXXXXX")
TMUX_SOCKET=vctable-test-$$
SERVER_PID=
START=$(date +%s)
passed=0
failed=0

unset VCTABLE_PHOTOS_URL
export LC_ALL=C.UTF-8

cleanup() {
    if command -v tmux >/dev/null 2>&1; then
        tmux -L "$TMUX_SOCKET" kill-server >/dev/null 2>&1 || true
        rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TMUX_SOCKET"
    fi
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pass() { passed=$((passed + 1)); echo "ok   - $1"; }
fail() {
    failed=$((failed + 1))
    echo "FAIL - $1"
    shift
    for detail in "$@"; do echo "$detail" | sed 's/^/       /'; done
}

# run_demo NAME INPUT ARGS...: runs the demo with INPUT on stdin; sets $rc, $out, $err.
run_demo() {
    local name=$1 input=$2
    shift 2
    out=$TMP/$name.out
    err=$TMP/$name.err
    rc=0
    printf '%s' "$input" | timeout 30 "$DEMO" "$@" >"$out" 2>"$err" || rc=$?
}

# expect_session NAME EXPECTED_STDOUT [EXPECTED_RC [STDERR_SUBSTRING]]: checks the last run.
expect_session() {
    local name=$1 expected=$2 want_rc=${3:-0} want_err=${4:-}
    if [ "$rc" -ne "$want_rc" ]; then
        fail "$name" "exit status $rc, expected $want_rc" "stdout:" "$(cat "$out")" "stderr:" "$(cat "$err")"
    elif [ "$(cat "$out")" != "$expected" ]; then
        fail "$name" "stdout differs (expected, then got):" "$(diff <(printf '%s\n' "$expected") "$out" || true)"
    elif [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$err"; then
        fail "$name" "stderr lacks \"$want_err\":" "$(cat "$err")"
    elif [ -z "$want_err" ] && [ -s "$err" ]; then
        fail "$name" "unexpected stderr:" "$(cat "$err")"
    else
        pass "$name"
    fi
}

# json_title FILE INDEX: the title of the photo at INDEX in a photos JSON file.
json_title() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[int(sys.argv[2])]["title"])' "$1" "$2"
}
fixture_row() {
    python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))[int(sys.argv[2])]
print("row %s: Entry ID: %d | %s | album %d" % (sys.argv[2], p["id"], p["title"], p["albumId"]))' "$1" "$2"
}

TITLE="title: MVVM Table View Example"

# ---------------------------------------------------------------- 1. scripted sessions

echo "# scripted sessions: the bundled fixture"
if [ -r "$FIXTURE" ]; then
    run_demo fixture $'reload\nwait\nshow 0 3\nselect 2\nshow 50 1\nshow 4998 5\nreload\nwait\nquit\n'
    expect_session "fixture: reload, show, select 2, show the end, reload again" "$TITLE
reloaded: 5000 items
$(fixture_row "$FIXTURE" 0)
$(fixture_row "$FIXTURE" 1)
$(fixture_row "$FIXTURE" 2)
title: $(json_title "$FIXTURE" 2)
$(fixture_row "$FIXTURE" 50)
$(fixture_row "$FIXTURE" 4998)
$(fixture_row "$FIXTURE" 4999)
$TITLE
reloaded: 5000 items"
    if grep -q '^row 50: Entry ID: 51 | .* | album 2$' "$out"; then pass "fixture: id 51 is in album 2"; else fail "fixture: id 51 is in album 2" "$(cat "$out")"; fi
else
    fail "fixture: $FIXTURE is missing"
fi

run_demo nothing $'wait\nshow\nselect 0\nquit\n'
expect_session "before any reload: wait returns at once, show prints nothing, select 0 has no row" "" 0 "error: no row 0"

run_demo eof $'reload\nwait\nshow 1 1\n'
expect_session "end of input quits after the pending wait" "$TITLE
reloaded: 5000 items
$(fixture_row "$FIXTURE" 1)"

run_demo commands $'frobnicate 3\nreload\nselect x\nselect 99999\nshow 0 a\nwait\nshow 4999\n'
expect_session "unknown commands and bad rows go to stderr, the session goes on" "$TITLE
reloaded: 5000 items
$(fixture_row "$FIXTURE" 4999)" 0 "unknown command: frobnicate 3"
for want in "error: no row x" "error: no row 99999" "error: usage: show [FROM [COUNT]]"; do
    if grep -qxF -- "$want" "$err"; then pass "stderr: $want"; else fail "stderr: $want" "$(cat "$err")"; fi
done

run_demo select_option $'reload\nwait\nquit\n' --select 4
expect_session "--select 4 selects row 4 after the first load" "$TITLE
reloaded: 5000 items
title: $(json_title "$FIXTURE" 4)"

echo "# scripted sessions: file:// URIs"
SMALL=$TMP/small.json
python3 - "$SMALL" <<'EOF'
import json, sys
photos = [
    {"albumId": 7, "id": 70, "title": "a lake", "url": "https://e.x/1", "thumbnailUrl": "https://e.x/t1"},
    {"albumId": 7, "id": 71, "title": "caf\u00e9 \u00e0 l'aube", "url": "https://e.x/2", "thumbnailUrl": "https://e.x/t2"},
    {"albumId": 8, "id": 80, "title": "two\nlines", "url": "https://e.x/3", "thumbnailUrl": "https://e.x/t3"},
]
json.dump(photos, open(sys.argv[1], "w"))
EOF
SMALL_ROWS="row 0: Entry ID: 70 | a lake | album 7
row 1: Entry ID: 71 | café à l'aube | album 7
row 2: Entry ID: 80 | two lines | album 8"
run_demo file $'reload\nwait\nshow\nselect 1\nselect 2\nquit\n' --uri "file://$SMALL"
expect_session "file:// URI: rows (UTF-8, a newline in a title shown as a space), select" "$TITLE
reloaded: 3 items
$SMALL_ROWS
title: café à l'aube
title: two lines"

rc=0
printf 'reload\nwait\nshow 0 1\n' | VCTABLE_PHOTOS_URL="file://$SMALL" timeout 30 "$DEMO" >"$TMP/env.out" 2>"$TMP/env.err" || rc=$?
out=$TMP/env.out err=$TMP/env.err
expect_session "VCTABLE_PHOTOS_URL picks the factory's source" "$TITLE
reloaded: 3 items
row 0: Entry ID: 70 | a lake | album 7"

run_demo file_missing $'reload\nwait\nshow\n' --uri "file://$TMP/nope.json"
if [ "$rc" -eq 0 ] && [ "$(head -1 "$out")" = "$TITLE" ] && grep -q "^error: An Error Occurred: .*nope.json" "$out" && [ "$(wc -l <"$out")" -eq 2 ]; then
    pass "file:// URI of a missing file: one error line"
else
    fail "file:// URI of a missing file: one error line" "$(cat "$out" "$err")"
fi

BIG=$TMP/big.json
python3 - "$BIG" <<'EOF'
import json, sys
with open(sys.argv[1], "w") as f:
    json.dump([{"albumId": (i - 1) // 50 + 1, "id": i, "title": "photo %d" % i,
                "url": "https://e.x/%d" % i, "thumbnailUrl": "https://e.x/t%d" % i}
               for i in range(1, 100001)], f)
EOF
run_demo big $'reload\nwait\nshow 99998 5\nselect 99999\n' --uri "file://$BIG"
expect_session "100 000 rows: count, the last rows, select the last" "$TITLE
reloaded: 100000 items
row 99998: Entry ID: 99999 | photo 99999 | album 2000
row 99999: Entry ID: 100000 | photo 100000 | album 2000
title: photo 100000"

echo "# scripted sessions: loopback HTTP"
python3 "$HERE/photos_server.py" "$TMP/port" &
SERVER_PID=$!
for _ in $(seq 100); do [ -s "$TMP/port" ] && break; sleep 0.05; done
PORT=$(cat "$TMP/port" 2>/dev/null || true)
if [ -z "$PORT" ]; then
    fail "the test HTTP server did not start"
else
    BASE=http://127.0.0.1:$PORT
    # The n-th request of token T gets the n-th kind: ask for hits to know a request was sent.
    hits() { python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$BASE/hits/$1"; }
    SERVED_0_1="row 0: Entry ID: 1 | served photo 01 | album 1
row 1: Entry ID: 2 | served photo 02 | album 1"

    run_demo http_good $'reload\nwait\nshow 0 2\nselect 2\nshow 29 5\nquit\n' --uri "$BASE/good"
    expect_session "http: good body" "$TITLE
reloaded: 30 items
$SERVED_0_1
title: served photo 03
row 29: Entry ID: 30 | served photo 30 | album 3"

    # Each error kind after a good load: one error line, and the rows are still there.
    for case in "404|HTTP 404" "500|HTTP 500" "badjson|not valid JSON" "notarray|not a JSON array" \
                "wrongtype|should be an integer" "missing|\"title\" is missing" "empty|empty" \
                "truncated|broke off"; do
        kind=${case%%|*} words=${case#*|}
        run_demo "http_$kind" $'reload\nwait\nreload\nwait\nshow 0 2\nquit\n' --uri "$BASE/seq/err-$kind/good,$kind"
        error_line=$(sed -n 4p "$out")
        expect_session "http $kind: error line, previous rows kept" "$TITLE
reloaded: 30 items
$TITLE
$error_line
$SERVED_0_1"
        case "$error_line" in
            "error: An Error Occurred: "*"$words"*) pass "http $kind: \"$error_line\"" ;;
            *) fail "http $kind: the error line names the failure ($words)" "$error_line" ;;
        esac
    done

    run_demo http_timeout $'reload\nwait\nshow\n' --uri "$BASE/hang" --timeout 400
    if [ "$rc" -eq 0 ] && [ "$(sed -n 2p "$out")" = "error: An Error Occurred: Fetching $BASE/hang timed out after 0.4 s." ]; then
        pass "http hang with --timeout 400: a timed-out error"
    else
        fail "http hang with --timeout 400: a timed-out error" "$(cat "$out" "$err")"
    fi

    run_demo http_refused $'reload\nwait\n' --uri "http://127.0.0.1:1/photos"
    case "$(sed -n 2p "$out")" in
        "error: An Error Occurred: "*"127.0.0.1"*) pass "http: connection refused is an error line" ;;
        *) fail "http: connection refused is an error line" "$(cat "$out" "$err")" ;;
    esac

    # wait holds the next command until the slow reload is reported.
    run_demo http_slow_wait $'reload\nwait\nshow 0 1\n' --uri "$BASE/slow"
    expect_session "http slow: wait holds show until reloaded" "$TITLE
reloaded: 30 items
row 0: Entry ID: 1 | served photo 01 | album 1"

    # A reload supersedes one in flight (that never answers): its result never shows,
    # and wait returns with the new one's.
    mkfifo "$TMP/supersede.in"
    rc=0
    timeout 30 "$DEMO" --uri "$BASE/seq/sup/hang,good" <"$TMP/supersede.in" >"$TMP/supersede.out" 2>"$TMP/supersede.err" &
    demo_pid=$!
    exec 3>"$TMP/supersede.in"
    echo reload >&3
    for _ in $(seq 200); do [ "$(hits sup)" -ge 1 ] && break; sleep 0.05; done
    printf 'reload\nwait\nshow 0 2\nquit\n' >&3
    exec 3>&-
    wait "$demo_pid" || rc=$?
    out=$TMP/supersede.out err=$TMP/supersede.err
    expect_session "http: a reload supersedes a hung one; wait reports the new one" "$TITLE
$TITLE
reloaded: 30 items
$SERVED_0_1"
    if [ "$(hits sup)" = 2 ]; then pass "http: both requests were sent"; else fail "http: both requests were sent" "hits: $(hits sup)"; fi

    echo "# --once and the command line"
    run_demo once_http "" --once --uri "$BASE/good" --rows 2
    expect_session "--once --rows 2: title, count, 2 rows, exit 0" "$TITLE
reloaded: 30 items
$SERVED_0_1"
    run_demo once_select "" --once --uri "$BASE/good" --rows 0 --select 29
    expect_session "--once --select 29: the selected title last" "$TITLE
reloaded: 30 items
title: served photo 30"
    run_demo once_404 "" --once --uri "$BASE/404"
    expect_session "--once on a 404: exit 1, the error on stderr" "$TITLE" 1 "error: An Error Occurred: The server answered HTTP 404"
    run_demo once_bad_select "" --once --uri "$BASE/good" --rows 0 --select 30
    expect_session "--once --select past the end: exit 1" "$TITLE
reloaded: 30 items" 1 "error: no row 30"
fi

run_demo once_fixture "" --once
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$out")" -eq 12 ] && [ "$(sed -n 3p "$out")" = "$(fixture_row "$FIXTURE" 0)" ] \
    && [ "$(sed -n 12p "$out")" = "$(fixture_row "$FIXTURE" 9)" ]; then
    pass "--once on the fixture: title, count and 10 rows"
else
    fail "--once on the fixture: title, count and 10 rows" "rc=$rc" "$(cat "$out" "$err")"
fi
run_demo once_refused "" --once --uri "http://127.0.0.1:1/"
expect_session "--once on an unreachable server: exit 1" "$TITLE" 1 "error: An Error Occurred: "
run_demo bad_option "" --once --frobnicate
expect_session "an unknown option: exit 2" "" 2 "Unknown option --frobnicate"
run_demo bad_uri "" --once --uri "ftp://example.com/photos.json"
expect_session "--uri ftp://: exit 2 naming the URI" "" 2 "invalid --uri: Cannot fetch photos from \"ftp://example.com/photos.json\""
run_demo bad_select "" --select -3
expect_session "--select -3: exit 2" "" 2 "--select needs a row number"
run_demo both_modes "" --once --script
expect_session "--once with --script: exit 2" "" 2 "cannot be combined"
run_demo extra_arg "" extra
expect_session "an unknown screen: exit 2, naming the screens" "" 2 \
    'unknown screen "extra": the screens are photos, feed or songs'
run_demo extra_args "" feed extra
expect_session "a stray argument after the screen: exit 2" "" 2 'unexpected argument "extra"'
run_demo version "" --version
expect_session "--version" "vctable-demo 0.1.0"
run_demo help "" --help
if [ "$rc" -eq 0 ] && grep -q "Enter, click" "$out" && grep -q -- "--uri=URI" "$out" && grep -q "q, Ctrl-C" "$out"; then
    pass "--help lists the options and the keys"
else
    fail "--help lists the options and the keys" "$(cat "$out" "$err")"
fi

# ---------------------------------------------------------------- 2. the full-screen list

echo "# the full-screen list under tmux"
if ! command -v tmux >/dev/null 2>&1; then
    echo "skip - tmux is not installed: the full-screen tests did not run"
else
    T() { tmux -L "$TMUX_SOCKET" -f /dev/null "$@"; }
    screen_of() { T capture-pane -p -t "$1" 2>/dev/null || true; }
    # wait_for SESSION TEXT [SECONDS]: polls the pane until TEXT shows (fixed string).
    wait_for() {
        local tries=$(( ${3:-10} * 20 ))
        for _ in $(seq "$tries"); do
            screen_of "$1" | grep -qF -- "$2" && return 0
            sleep 0.05
        done
        return 1
    }
    wait_gone() {
        local tries=$(( ${3:-10} * 20 ))
        for _ in $(seq "$tries"); do
            screen_of "$1" | grep -qF -- "$2" || return 0
            sleep 0.05
        done
        return 1
    }
    # check NAME COMMAND...: a test that passes when COMMAND succeeds; shows the screen if not.
    check() {
        local name=$1 session=$2
        shift 2
        if "$@"; then pass "$name"; else fail "$name" "screen:" "$(screen_of "$session")"; fi
    }
    title_is() { [ "$(screen_of "$1" | head -1 | sed 's/^ *//; s/ *$//')" = "$2" ]; }
    alternate_off() { [ "$(T display-message -p -t "$1" '#{alternate_on}')" = 0 ]; }
    start() { # start SESSION DEMO-ARGS...: the demo in a 100x30 pane, then its exit status
        local session=$1
        shift
        T new-session -d -s "$session" -x 100 -y 30 \
            "env -u VCTABLE_PHOTOS_URL LC_ALL=C.UTF-8 timeout --foreground 30 $DEMO $*; echo demo-exit=\$?; sleep 60"
    }

    # The bundled fixture: the first screen, selection, End, help, resize, q.
    start fixture
    check "tui: the first screen shows the title and rows" fixture wait_for fixture "Entry ID: 1 "
    check "tui: the title bar says MVVM Table View Example" fixture title_is fixture "MVVM Table View Example"
    T send-keys -t fixture j Enter
    check "tui: j, Enter: the title shows row 1's title" fixture wait_for fixture "$(json_title "$FIXTURE" 1)"
    check "tui: ... in the title bar" fixture title_is fixture "$(json_title "$FIXTURE" 1)"
    check "tui: ... and row 1 has the cursor and the selection mark" fixture eval \
        '[ "$(screen_of fixture | sed -n 3p | cut -c1-14)" = ">* Entry ID: 2" ]'
    T send-keys -t fixture End
    check "tui: End shows the last row" fixture wait_for fixture "5000/5000"
    check "tui: ... Entry ID: 5000" fixture wait_for fixture "Entry ID: 5000"
    T send-keys -t fixture Home '?'
    check "tui: ? shows the help" fixture wait_for fixture "Press any key to close"
    T send-keys -t fixture x
    check "tui: a key closes the help" fixture wait_gone fixture "Press any key to close"
    T resize-window -t fixture -x 60 -y 15
    check "tui: a resize redraws to the new size" fixture wait_for fixture "1/5000"
    check "tui: ... the footer is on line 15" fixture eval '[ "$(screen_of fixture | sed -n 15p | grep -c "1/5000")" = 1 ]'
    T send-keys -t fixture q
    check "tui: q quits with status 0" fixture wait_for fixture "demo-exit=0"
    check "tui: ... and leaves the alternate screen" fixture alternate_off fixture

    # 100 000 rows: only the rows on screen are read, so End and PgUp are immediate.
    start big --uri "file://$BIG"
    check "tui 100k: the first rows" big wait_for big "Entry ID: 1 " 20
    T send-keys -t big End
    check "tui 100k: End reaches row 100000 within 2 s" big wait_for big "100000/100000" 2
    T send-keys -t big PPage k
    check "tui 100k: PgUp, k move up a page (28 rows) and a row" big wait_for big "99971/100000" 2
    T send-keys -t big q
    check "tui 100k: q quits with status 0" big wait_for big "demo-exit=0"

    if [ -n "$PORT" ]; then
        # Over HTTP: good, then slow (the spinner), then 404 (the alert).
        start http --uri "$BASE/seq/tui/good,slow,404"
        check "tui http: rows" http wait_for http "served photo 01"
        T send-keys -t http j Enter
        check "tui http: j, Enter: the title is row 1's" http wait_for http "served photo 02"
        check "tui http: ... in the title bar" http title_is http "served photo 02"
        T send-keys -t http r
        check "tui http: r shows the spinner" http wait_for http "Loading photos..."
        check "tui http: the spinner goes when the rows arrive" http wait_gone http "Loading photos..." 10
        check "tui http: ... the title is reset" http title_is http "MVVM Table View Example"
        check "tui http: ... the rows are there" http wait_for http "served photo 28"
        T send-keys -t http r
        check "tui http: an error shows the Oops... alert" http wait_for http "Oops..."
        check "tui http: ... with the message and [ OK ]" http eval 'screen_of http | grep -q "HTTP 404" && screen_of http | grep -qF "[ OK ]"'
        check "tui http: ... over the previous rows" http wait_for http "Entry ID: 1 "
        T send-keys -t http Enter
        check "tui http: Enter dismisses the alert" http wait_gone http "Oops..."
        check "tui http: ... and the rows are still there" http wait_for http "served photo 01"
        T send-keys -t http C-c
        check "tui http: Ctrl-C quits (status 130)" http wait_for http "demo-exit=130"
        check "tui http: ... and leaves the alternate screen" http alternate_off http
    fi
    T kill-server >/dev/null 2>&1 || true
fi

# ---------------------------------------------------------------- 3. valgrind

echo "# valgrind"
if ! command -v valgrind >/dev/null 2>&1; then
    fail "valgrind is not installed"
else
    # valgrind_session NAME INPUT ARGS...: the demo under memcheck; definite leaks are errors.
    valgrind_session() {
        local name=$1 input=$2
        shift 2
        rc=0
        printf '%s' "$input" \
            | G_SLICE=always-malloc G_DEBUG=gc-friendly timeout 30 valgrind -q --error-exitcode=1 \
                --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite \
                --suppressions="$HERE/valgrind.supp" --log-file="$TMP/$name.valgrind" \
                "$DEMO" --script "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" || rc=$?
    }
    valgrind_session vg_fixture $'reload\nwait\nshow 0 3\nselect 2\nfrobnicate\nselect 9999\nreload\nwait\nquit\n'
    if [ "$rc" -eq 0 ] && [ "$(grep -c '^reloaded: 5000 items$' "$TMP/vg_fixture.out")" = 2 ]; then
        pass "valgrind: the fixture session has 0 errors and 0 definitely lost"
    else
        fail "valgrind: the fixture session has 0 errors and 0 definitely lost" "exit status $rc" \
            "$(cat "$TMP/vg_fixture.out" "$TMP/vg_fixture.valgrind")"
    fi
    if [ -n "$PORT" ]; then
        # HTTP: a load, an error, a superseded reload, a truncated body, then end of input.
        valgrind_session vg_http $'reload\nwait\nselect 1\nreload\nwait\nreload\nreload\nwait\nshow 0 1\n' \
            --uri "$BASE/seq/vg/good,404,truncated"
        if [ "$rc" -eq 0 ] && [ "$(grep -c '^error: ' "$TMP/vg_http.out")" = 2 ] && grep -q '^row 0: ' "$TMP/vg_http.out"; then
            pass "valgrind: the HTTP session with errors has 0 errors and 0 definitely lost"
        else
            fail "valgrind: the HTTP session with errors has 0 errors and 0 definitely lost" "exit status $rc" \
                "$(cat "$TMP/vg_http.out" "$TMP/vg_http.valgrind")"
        fi
    fi
fi

echo "# took $(( $(date +%s) - START )) s"
echo "demo-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
