#!/usr/bin/env bash
# Tests/Demo/run.sh: vctable-demo's tests. Usage: Tests/Demo/run.sh PATH/TO/vctable-demo
#
#   1. scripted sessions (no terminal), for the three screens:
#      photos: the bundled fixture, file:// URIs, and a loopback HTTP server
#        (photos_server.py) for every error kind, superseding and waiting;
#      feed: the bundled fixture (days newest first, each day in document order, follows,
#      details), a file:// URI,
#        and over HTTP a follow that fails (back to normal, then an error) and a reload
#        that fails (the rows kept);
#      songs: the bundled fixture (pick, start, next/previous, previous's bound, play,
#        finish, next at the last song: finished and dismiss; back, dismiss), file:// and
#        HTTP URIs;
#      --once for each screen, --help, --version, --max-body-size and the exit codes
#   2. the full-screen lists under tmux: photos (first screen, selection, the spinner,
#      the "Oops..." alert, help, resize, q and Ctrl-C restoring the terminal); feed
#      (headers, follow buttons, a follow's spinner and a failed follow's alert, a
#      photo's detail); songs (pick, start, next, back, Esc dismissing)
#   3. scripted sessions under valgrind (photos, feed, songs): 0 errors, 0 definitely lost
#
# VALGRIND picks the parts: 1 (default) all three; later, 1 and 2 with a note that 3 is left
# to `make test-valgrind` (what `make test` does); only, part 3 alone, its last line
# "demo-valgrind: N passed, M failed" (`make test-valgrind`, run by CI beside `make test`).
#
# The feed's days are dates in TZ, set to UTC here.
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
FEEDS_FIXTURE=$ROOT/Sources/VCTable/Resources/feeds.json
SONGS_FIXTURE=$ROOT/Sources/VCTable/Resources/songs.json
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vctable-demo-test.XXXXXX")
TMUX_SOCKET=vctable-test-$$
SERVER_PID=
START=$(date +%s)
passed=0
failed=0

unset VCTABLE_PHOTOS_URL VCTABLE_FEEDS_URL VCTABLE_SONGS_URL
export LC_ALL=C.UTF-8 TZ=UTC

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

# feed_rows FILE: the rows of a feeds document as `show` prints them: entries of a known
# type in a section per UTC day, the days newest first, each day's entries in document order.
feed_rows() {
    python3 -c '
import json, re, sys
plain = lambda text: re.sub(r"[\x00-\x1f]", " ", text)  # as the demo prints titles
entries = [e for e in json.load(open(sys.argv[1])) if e["type"] in ("member", "photo")]
entries.sort(key=lambda e: e["date"][:10], reverse=True)  # stable: a day keeps document order
day, section = None, -1
for n, e in enumerate(entries):
    if e["date"][:10] != day:
        day, section = e["date"][:10], section + 1
        print("section %d: %s" % (section, day))
    if e["type"] == "member":
        print("row %d: [member] %s (%s)" % (n, plain(e["name"]), "following" if e.get("following") else "follow"))
    else:
        print("row %d: [photo] %s | %s %s" % (n, plain(e["title"]), day, e["date"][11:16]))' "$1"
}
# song_rows FILE: the rows of a songs document while picking, none selected.
song_rows() {
    python3 -c '
import json, sys
for n, s in enumerate(json.load(open(sys.argv[1]))):
    print("row %d: [ ] %s | %s | %d:%02d" % (n, s["title"], s["subtitle"], s["duration"] // 60, s["duration"] % 60))' "$1"
}
# expect_stderr NAME LINE...: each LINE is a whole line of the last run's stderr.
expect_stderr() {
    local name=$1
    shift
    for want in "$@"; do
        if grep -qxF -- "$want" "$err"; then pass "$name: stderr \"$want\""; else fail "$name: stderr \"$want\"" "$(cat "$err")"; fi
    done
}

TITLE="title: MVVM Table View Example"

MODE=${VALGRIND:-1}
case $MODE in 1 | later | only) ;; *) echo "run.sh: VALGRIND is 1, later or only" >&2; exit 2 ;; esac

# ---------------------------------------------------------------- 1. scripted sessions
if [ "$MODE" != only ]; then # parts 1 and 2 (up to the HTTP server, which part 3 needs too)

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

fi # parts 1 and 2, up to the HTTP server

echo "# scripted sessions: loopback HTTP"
python3 "$HERE/photos_server.py" "$TMP/port" &
SERVER_PID=$!
for _ in $(seq 100); do [ -s "$TMP/port" ] && break; sleep 0.05; done
PORT=$(cat "$TMP/port" 2>/dev/null || true)
[ -z "$PORT" ] || BASE=http://127.0.0.1:$PORT
if [ "$MODE" = only ]; then
    [ -n "$PORT" ] || fail "the test HTTP server did not start"
else # parts 1 and 2, from the HTTP server on
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
run_demo max_body_small "" --once --rows 1 --uri "file://$FIXTURE" --max-body-size 1000K
expect_session "--max-body-size 1000K refuses the 1101 KiB fixture: exit 1" "$TITLE" 1 \
    "over the limit of 1024000 bytes"
run_demo max_body_enough "" --once --rows 1 --uri "file://$FIXTURE" --max-body-size=2M
expect_session "--max-body-size=2M loads the fixture" "$TITLE
reloaded: 5000 items
$(fixture_row "$FIXTURE" 0)"
run_demo max_body_bad "" --once --uri "file://$FIXTURE" --max-body-size 12X
expect_session "--max-body-size 12X: exit 2" "" 2 '--max-body-size needs a size in bytes (1 or more), optionally with K, M or G: not "12X"'
run_demo max_body_zero "" --once --uri "file://$FIXTURE" --max-body-size 0
expect_session "--max-body-size 0: exit 2" "" 2 "--max-body-size needs a size in bytes"
run_demo max_body_no_uri "" --once --max-body-size 1G
expect_session "--max-body-size without --uri: exit 2" "" 2 "--max-body-size only applies with --uri"
run_demo max_body_feed "" feed --uri "file://$FEEDS_FIXTURE" --max-body-size 1G
expect_session "--max-body-size with the feed: exit 2" "" 2 "--max-body-size does not apply to the feed screen"
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
if [ "$rc" -eq 0 ] && grep -q "Enter, click" "$out" && grep -q -- "--uri=URI" "$out" && grep -q -- "--max-body-size=BYTES" "$out" \
    && grep -q "q, Ctrl-C" "$out"; then
    pass "--help lists the options and the keys"
else
    fail "--help lists the options and the keys" "$(cat "$out" "$err")"
fi

# ------------------------------------------------- 1b. scripted sessions: feed and songs

echo "# scripted sessions: the feed"
FEED_HEAD="title: Loading...
title: Your Feeds
reloaded: 40 items in 5 sections"
run_demo feed_fixture $'reload\nwait\nshow 0 40\nquit\n' feed
expect_session "feed fixture: titles Loading... then Your Feeds, 40 rows by day, newest day first, each day in document order" "$FEED_HEAD
$(feed_rows "$FEEDS_FIXTURE")"
if [ "$(grep -c '^section ' "$out")" = 5 ] && [ "$(grep '^section ' "$out" | cut -d' ' -f3 | sort -r | tr '\n' ' ')" = "$(grep '^section ' "$out" | cut -d' ' -f3 | tr '\n' ' ')" ]; then
    pass "feed fixture: 5 day sections, newest day first"
else
    fail "feed fixture: 5 day sections, newest day first" "$(grep '^section ' "$out")"
fi
# A second reload: "Loading..." again while it runs (the original's start()), then "Your
# Feeds" (that the rows stay shown meanwhile is pinned by test-feed.c and the Swift tests).
run_demo feed_reload_again $'reload\nwait\nreload\nwait\nshow 0 1\nquit\n' feed
expect_session "feed: a second reload titles Loading... again, then Your Feeds" "$FEED_HEAD
$FEED_HEAD
section 0: 2026-11-20
row 0: [member] Tim (following)"

# Follow Radia (row 2): loading, then checked; the row shows it. Press a photo: its detail.
run_demo feed_follow $'reload\nwait\nshow 0 3\nfollow 2\nshow 2 1\nfollow 2\nfollow 0\npress 4\nselect 1\nselect 5\nfollow 1\npress 5\nshow 5 1\nfollow 40\nquit\n' feed
expect_session "feed: follow a member (loading, then checked), press and select photos (open-detail)" "$FEED_HEAD
section 0: 2026-11-20
row 0: [member] Tim (following)
row 1: [photo] Lantern market | 2026-11-20 11:34
row 2: [member] Radia (follow)
row 2: followState loading
row 2: followState checked
row 2: [member] Radia (following)
open-detail: 5 Mountain light shore
open-detail: 7 Lantern market
row 5: followState loading
row 5: followState checked
row 5: [member] Ken (following)" 0 "error: Radia is followed already"
expect_stderr "feed follow" "error: Tim is followed already" "error: row 1 is not a member" "error: no row 40"

# A file:// feed: an entry of an unknown type is skipped; a day keeps document order (the
# member, posted before the photo, stays above it).
SMALL_FEED=$TMP/feed.json
python3 - "$SMALL_FEED" <<'PY'
import json, sys
json.dump([
    {"type": "photo", "id": 1, "title": "older photo", "description": "d1", "imageUrl": "https://e.x/1.png", "date": "2026-01-02T10:00:00Z"},
    {"type": "story", "id": 2, "date": "2026-01-03T10:00:00Z"},
    {"type": "member", "id": 3, "name": "Zo\u00e9", "avatarUrl": "https://e.x/a3.png", "date": "2026-01-03T08:00:00Z", "following": False},
    {"type": "photo", "id": 4, "title": "two\nlines", "description": "d4", "imageUrl": "https://e.x/4.png", "date": "2026-01-03T09:00:00Z"},
], open(sys.argv[1], "w"))
PY
run_demo feed_file $'reload\nwait\nshow\npress 1\nselect 2\npress 0\nshow 0 1\n' feed --uri "file://$SMALL_FEED"
expect_session "feed file:// URI: days, an unknown type skipped, a follow that succeeds, a detail" "title: Loading...
title: Your Feeds
reloaded: 3 items in 2 sections
section 0: 2026-01-03
row 0: [member] Zoé (follow)
row 1: [photo] two lines | 2026-01-03 09:00
section 1: 2026-01-02
row 2: [photo] older photo | 2026-01-02 10:00
open-detail: 4 two lines
open-detail: 1 older photo
row 0: followState loading
row 0: followState checked
section 0: 2026-01-03
row 0: [member] Zoé (following)"
if [ "$(feed_rows "$SMALL_FEED")" = "$(sed -n '4,8p' "$out")" ]; then pass "feed file:// URI: the rows the document says"; else fail "feed file:// URI: the rows the document says" "$(feed_rows "$SMALL_FEED")"; fi

run_demo feed_missing $'reload\nwait\nshow\n' feed --uri "file://$TMP/nope.json"
if [ "$rc" -eq 0 ] && [ "$(sed -n 2p "$out")" = "title: Your Feeds" ] && grep -q "^error: An Error Occurred: .*nope.json" "$out" \
    && [ "$(wc -l <"$out")" -eq 3 ]; then
    pass "feed file:// URI of a missing file: the title, one error line, no rows"
else
    fail "feed file:// URI of a missing file: the title, one error line, no rows" "$(cat "$out" "$err")"
fi

rc=0
printf 'reload\nwait\nshow 0 1\n' | VCTABLE_FEEDS_URL="file://$SMALL_FEED" timeout 30 "$DEMO" feed >"$TMP/feed_env.out" 2>"$TMP/feed_env.err" || rc=$?
out=$TMP/feed_env.out err=$TMP/feed_env.err
expect_session "VCTABLE_FEEDS_URL picks the feed's source" "title: Loading...
title: Your Feeds
reloaded: 3 items in 2 sections
section 0: 2026-01-03
row 0: [member] Zoé (follow)"

if [ -n "$PORT" ]; then
    FEED_HTTP_HEAD="title: Loading...
title: Your Feeds
reloaded: 4 items in 2 sections"
    run_demo feed_http $'reload\nwait\nshow\n' feed --uri "$BASE/feeds/ok/feeds.json"
    expect_session "feed http: the served document" "$FEED_HTTP_HEAD
section 0: 2026-11-20
row 0: [member] Ada (follow)
row 1: [photo] served photo 70 | 2026-11-20 08:00
section 1: 2026-11-19
row 2: [member] Brian (following)
row 3: [photo] served photo 80 | 2026-11-19 07:00"

    # The server answers the follow POST (members/7/follow beside the feeds) with 500:
    # the button goes back to normal, then the error; the next command waits for both.
    before=$(hits follow-7)
    run_demo feed_http_500 $'reload\nwait\nfollow 0\nshow 0 1\nfollow 0\nshow 0 1\n' feed --uri "$BASE/feeds/500/feeds.json"
    error_line="error: An Error Occurred: The server answered HTTP 500 Internal Server Error for $BASE/feeds/500/members/7/follow."
    expect_session "feed http: a follow that fails goes back to normal, then an error line (twice)" "$FEED_HTTP_HEAD
row 0: followState loading
row 0: followState normal
$error_line
section 0: 2026-11-20
row 0: [member] Ada (follow)
row 0: followState loading
row 0: followState normal
$error_line
section 0: 2026-11-20
row 0: [member] Ada (follow)"
    if [ "$(hits follow-7)" = $((before + 2)) ]; then pass "feed http: each follow POSTed members/7/follow"; else fail "feed http: each follow POSTed members/7/follow" "hits: $before, then $(hits follow-7)"; fi

    run_demo feed_http_ok $'reload\nwait\npress 0\nshow 0 1\n' feed --uri "$BASE/feeds/slow/feeds.json"
    expect_session "feed http: a slow follow that succeeds (the next command waits for it)" "$FEED_HTTP_HEAD
row 0: followState loading
row 0: followState checked
section 0: 2026-11-20
row 0: [member] Ada (following)"

    run_demo feed_http_reload_error $'reload\nwait\nreload\nwait\nshow 0 2\n' feed --uri "$BASE/seq/feed-err/feeds,404"
    expect_session "feed http: a reload that fails after a good one: Loading... again, one error line, the rows kept" "$FEED_HTTP_HEAD
title: Loading...
title: Your Feeds
error: An Error Occurred: The server answered HTTP 404 Not Found for $BASE/seq/feed-err/feeds,404.
section 0: 2026-11-20
row 0: [member] Ada (follow)
row 1: [photo] served photo 70 | 2026-11-20 08:00"

    run_demo feed_http_bad $'reload\nwait\n' feed --uri "$BASE/good"
    case "$(sed -n 3p "$out")" in
        "error: An Error Occurred: "*type*) pass "feed http: a photos document is no feed (an error line naming \"type\")" ;;
        *) fail "feed http: a photos document is no feed (an error line naming \"type\")" "$(cat "$out" "$err")" ;;
    esac
fi

echo "# scripted sessions: the song picker"
run_demo songs_fixture $'reload\nwait\nshow 0 12\n' songs
expect_session "songs fixture: the title, 12 songs, none selected" "title: Pick meditation song
reloaded: 12 items
$(song_rows "$SONGS_FIXTURE")"

# Pick two songs, start, walk through them (refused before the first), play one, the
# song playing ends (the next plays), then next at the last song: the session finishes
# (state: finished, then dismiss, which ends the session: the last show never runs).
run_demo songs_session $'reload\nwait\nstart\nselect 1\nselect 4\nselect 6\nselect 6\nstart\nshow\nprevious\nnext\nprevious\nselect 1\nselect 1\nprevious\nfinish\nshow\nnext\nshow\n' songs
expect_session "songs: select two, start, next, previous, play, finish, next at the last song: finished, dismiss" "title: Pick meditation song
reloaded: 12 items
row 1: mode selected
button: enabled
row 4: mode selected
row 6: mode selected
row 6: mode unselected
row 0: mode playing
row 1: mode playable
state: listening
title: Player
row 0: (>) Light Garden | Nature sounds | 3:53
row 1: ( ) Warm Forest | Mindful walk | 16:46
row 0: mode playable
row 1: mode playing
row 0: mode playing
row 1: mode playable
row 0: mode playable
row 1: mode playing
row 0: mode playing
row 1: mode playable
row 0: mode playable
row 1: mode playing
row 0: ( ) Light Garden | Nature sounds | 3:53
row 1: (>) Warm Forest | Mindful walk | 16:46
row 1: mode playable
state: finished
dismiss" 0 "error: start: no song is selected"
expect_stderr "songs session" "error: previous: the first song is playing"
if [ "$(grep -c '' "$err")" = 2 ]; then pass "songs session: exactly 2 refusals on stderr (selecting the song playing does nothing)"; else fail "songs session: exactly 2 refusals on stderr" "$(cat "$err")"; fi

# Back from listening keeps the picks; back while picking: dismiss (the last show never
# runs).
run_demo songs_back $'reload\nwait\nselect 0\nselect 2\nstart\nnext\nback\nshow 0 3\nback\nshow\n' songs
expect_session "songs: select two, start, next, back (the picks kept), back: dismiss" "title: Pick meditation song
reloaded: 12 items
row 0: mode selected
button: enabled
row 2: mode selected
row 0: mode playing
row 1: mode playable
state: listening
title: Player
row 0: mode playable
row 1: mode playing
row 0: mode selected
row 2: mode selected
state: picking
title: Pick meditation song
row 0: [x] Open Horizon | Guided breathing | 14:54
row 1: [ ] Light Garden | Nature sounds | 3:53
row 2: [x] Gentle Breath | Nature sounds | 3:44
dismiss"

run_demo songs_unpick $'reload\nwait\nselect 0\nselect 0\nstart\npress 3\nnext\n' songs
expect_session "songs: unpicking the only song disables the button; press does nothing; next needs listening" "title: Pick meditation song
reloaded: 12 items
row 0: mode selected
button: enabled
row 0: mode unselected
button: disabled" 0 "error: start: no song is selected"
expect_stderr "songs unpick" "error: next: not listening (the screen is picking)"

SMALL_SONGS=$TMP/songs.json
printf '[{"id": 5, "title": "Caf\\u00e9", "subtitle": "one", "duration": 59}, {"id": 9, "title": "Long", "subtitle": "two", "duration": 3600}]' >"$SMALL_SONGS"
run_demo songs_file $'reload\nwait\nshow\nselect 1\nstart\nfinish\n' songs --uri "file://$SMALL_SONGS"
expect_session "songs file:// URI: two songs; one picked, started, finished: dismiss" "title: Pick meditation song
reloaded: 2 items
row 0: [ ] Café | one | 0:59
row 1: [ ] Long | two | 60:00
row 1: mode selected
button: enabled
row 0: mode playing
state: listening
title: Player
row 0: mode playable
state: finished
dismiss"

printf '[{"id": 1, "title": "no duration", "subtitle": "x"}]' >"$TMP/songs_bad.json"
run_demo songs_bad $'reload\nwait\nshow\n' songs --uri "file://$TMP/songs_bad.json"
case "$(sed -n 2p "$out")" in
    "error: An Error Occurred: "*duration*) [ "$(wc -l <"$out")" -eq 2 ] && pass "songs: a song without a duration is one error line" \
        || fail "songs: a song without a duration is one error line" "$(cat "$out")" ;;
    *) fail "songs: a song without a duration is one error line" "$(cat "$out" "$err")" ;;
esac

if [ -n "$PORT" ]; then
    run_demo songs_http $'reload\nwait\nshow 2 1\n' songs --uri "$BASE/songs"
    expect_session "songs http: the served songs" "title: Pick meditation song
reloaded: 3 items
row 2: [ ] served song 3 | served | 3:05"
fi

echo "# --once and the command line: feed and songs"
run_demo once_feed "" --once feed --rows 3
expect_session "--once feed --rows 3: titles, count, the first day's header and 3 rows" "$FEED_HEAD
$(feed_rows "$FEEDS_FIXTURE" | sed -n 1,4p)"
run_demo once_feed_select "" feed --once --rows 0 --select 1
expect_session "--once feed --select 1 (a photo): its detail last" "$FEED_HEAD
open-detail: 7 Lantern market"
run_demo once_feed_follow "" feed --once --rows 0 --select 2
expect_session "--once feed --select 2 (a member): selecting a member does nothing" "$FEED_HEAD"
run_demo once_songs "" songs --once --rows 2
expect_session "--once songs --rows 2" "title: Pick meditation song
reloaded: 12 items
$(song_rows "$SONGS_FIXTURE" | sed -n 1,2p)"
run_demo once_songs_select "" songs --once --rows 0 --select 11
expect_session "--once songs --select 11: the song is picked" "title: Pick meditation song
reloaded: 12 items
row 11: mode selected
button: enabled"
run_demo once_songs_missing "" songs --once --uri "file://$TMP/nope.json"
expect_session "--once songs on a missing file: exit 1, the error on stderr" "title: Pick meditation song" 1 "error: An Error Occurred: "
run_demo once_feed_bad_select "" feed --once --rows 0 --select 40
expect_session "--once feed --select past the end: exit 1" "$FEED_HEAD" 1 "error: no row 40"
run_demo feed_bad_uri "" feed --uri "ftp://example.com/feeds.json"
expect_session "feed --uri ftp://: exit 2 naming the URI" "" 2 "invalid --uri: Cannot fetch feeds from \"ftp://example.com/feeds.json\""
run_demo songs_bad_uri "" songs --once --uri "songs.json"
expect_session "songs --uri without a scheme: exit 2" "" 2 "invalid --uri: Cannot fetch songs from \"songs.json\""
run_demo feed_timeout "" feed --uri "file://$SMALL_FEED" --timeout 100
expect_session "--timeout with the feed: exit 2" "" 2 "--timeout does not apply to the feed screen"
run_demo help_screens "" --help
if [ "$rc" -eq 0 ] && grep -q "^  feed " "$out" && grep -q "^  songs " "$out" && grep -q "^  follow N " "$out" \
    && grep -q "^  start " "$out" && grep -q "^  press N " "$out" && grep -qF "START MEDITATION SESSION" "$out"; then
    pass "--help lists the screens and their commands"
else
    fail "--help lists the screens and their commands" "$(cat "$out" "$err")"
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
    # wait_until COMMAND...: polls until COMMAND succeeds (10 s at most).
    wait_until() {
        for _ in $(seq 200); do
            "$@" && return 0
            sleep 0.05
        done
        return 1
    }
    # line_has SESSION TEXT1 TEXT2: a line of the pane holds both (fixed strings).
    line_has() { screen_of "$1" | grep -F -- "$2" | grep -qF -- "$3"; }
    title_is() { [ "$(screen_of "$1" | head -1 | sed 's/^ *//; s/ *$//')" = "$2" ]; }
    alternate_off() { [ "$(T display-message -p -t "$1" '#{alternate_on}')" = 0 ]; }
    start() { # start SESSION DEMO-ARGS...: the demo in a 100x30 pane, then its exit status
        local session=$1
        shift
        T new-session -d -s "$session" -x 100 -y 30 \
            "env -u VCTABLE_PHOTOS_URL -u VCTABLE_FEEDS_URL -u VCTABLE_SONGS_URL LC_ALL=C.UTF-8 TZ=UTC timeout --foreground 30 $DEMO $*; echo demo-exit=\$?; sleep 60"
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

    # The feed: day headers (not rows), follow buttons, a follow, a photo's detail.
    start feed feed
    check "tui feed: the first screen shows the feed" feed wait_for feed "Mountain light shore"
    check "tui feed: the title bar says Your Feeds" feed title_is feed "Your Feeds"
    check "tui feed: line 2 is the first day's header" feed eval 'screen_of feed | sed -n 2p | grep -q "^ ─* 2026-11-20 ─*$"'
    check "tui feed: ... and the cursor is on the first row, under it" feed eval \
        'screen_of feed | sed -n 3p | grep -q "^>  member  Tim "'
    check "tui feed: a member not followed shows [ Follow ]" feed line_has feed "Radia" "[ Follow ]"
    check "tui feed: a followed member shows [ ✓ Following ]" feed line_has feed "Tim" "[ ✓ Following ]"
    check "tui feed: the next day's header" feed wait_for feed " 2026-11-19 "
    check "tui feed: the position counts rows, not headers" feed wait_for feed "1/40"
    T send-keys -t feed j j f
    check "tui feed: j, j, f: Radia's button shows followed" feed wait_until line_has feed "Radia" "[ ✓ Following ]"
    check "tui feed: ... with the cursor on Radia" feed eval 'screen_of feed | grep -q "^>  member  Radia "'
    T send-keys -t feed j j Enter
    check "tui feed: j, j, Enter on a photo opens its detail" feed wait_for feed "Posted: 2026-11-20 13:06"
    check "tui feed: ... its description, image URL and [ Close ]" feed eval \
        'screen_of feed | grep -qF "A photo of the forest market forest cloud autumn." && screen_of feed | grep -qF "Image: resource:///org/vctable/VCTable/images/photos/613583.png" && screen_of feed | grep -qF "[ Close ]"'
    T send-keys -t feed Escape
    check "tui feed: Esc closes the detail" feed wait_gone feed "Posted: "
    T send-keys -t feed End
    check "tui feed: End reaches the last row" feed wait_for feed "40/40"
    check "tui feed: ... under the last day's header" feed wait_for feed " 2026-11-16 "
    T send-keys -t feed q
    check "tui feed: q quits with status 0" feed wait_for feed "demo-exit=0"
    check "tui feed: ... and leaves the alternate screen" feed alternate_off feed

    if [ -n "$PORT" ]; then
        # A slow follow shows its spinner, then the followed button.
        start feedslow feed --uri "$BASE/feeds/slow/feeds.json"
        check "tui feed http: the served feed" feedslow wait_for feedslow "served photo 70"
        T send-keys -t feedslow f
        check "tui feed http: f on Ada: a spinner instead of her button" feedslow wait_until line_has feedslow "Ada" "following..."
        check "tui feed http: ... then [ ✓ Following ]" feedslow wait_until line_has feedslow "Ada" "[ ✓ Following ]"
        T send-keys -t feedslow q
        check "tui feed http: q quits with status 0" feedslow wait_for feedslow "demo-exit=0"

        # A follow the server refuses: the alert, and the button back.
        start feed500 feed --uri "$BASE/feeds/500/feeds.json"
        check "tui feed http 500: the served feed" feed500 wait_for feed500 "served photo 70"
        T send-keys -t feed500 Enter
        check "tui feed http 500: Enter on Ada: the follow fails with an Oops... alert" feed500 wait_for feed500 "Oops..."
        check "tui feed http 500: ... naming HTTP 500" feed500 wait_for feed500 "HTTP 500"
        T send-keys -t feed500 Enter
        check "tui feed http 500: Enter dismisses the alert" feed500 wait_gone feed500 "Oops..."
        check "tui feed http 500: ... and Ada's button is back" feed500 line_has feed500 "Ada" "[ Follow ]"
        T send-keys -t feed500 q
        check "tui feed http 500: q quits with status 0" feed500 wait_for feed500 "demo-exit=0"

        # A feed that does not load: "Loading..." while hidden, then the alert.
        start feedbad feed --uri "$BASE/slow"
        check "tui feed: the first load shows the spinner" feedbad wait_for feedbad "Loading feeds..."
        check "tui feed: ... the title Loading..." feedbad title_is feedbad "Loading..."
        check "tui feed: ... and Loading... in the hidden list" feedbad eval 'screen_of feedbad | grep -qx " *Loading\.\.\. *"'
        check "tui feed: a photos document is no feed: the alert" feedbad wait_for feedbad "Oops..." 10
        T send-keys -t feedbad Enter
        check "tui feed: ... dismissed, the list says nothing loaded" feedbad wait_for feedbad "Nothing loaded yet. Press r to reload."
        check "tui feed: ... the title is Your Feeds" feedbad title_is feedbad "Your Feeds"
        T send-keys -t feedbad C-c
        check "tui feed: Ctrl-C quits (status 130)" feedbad wait_for feedbad "demo-exit=130"
    fi

    # The song picker: pick, start (the button), next, back, Esc (dismiss).
    start songs songs
    check "tui songs: the first screen" songs wait_for songs "Open Horizon"
    check "tui songs: the title" songs title_is songs "Pick meditation song"
    check "tui songs: the button above the footer" songs eval \
        'screen_of songs | sed -n 29p | grep -qF "[ START MEDITATION SESSION ]"'
    T send-keys -t songs s
    check "tui songs: s with no song picked: a notice" songs wait_for songs "start: no song is selected"
    T send-keys -t songs j Enter j j j Enter
    check "tui songs: Enter picks Light Garden" songs wait_until line_has songs "Light Garden" "[x]"
    check "tui songs: ... and Warm Forest" songs wait_until line_has songs "Warm Forest" "[x]"
    check "tui songs: ... not Open Horizon" songs line_has songs "Open Horizon" "[ ]"
    T send-keys -t songs s
    check "tui songs: s starts: the title is Player" songs wait_until title_is songs "Player"
    check "tui songs: ... the songs not picked leave the list" songs wait_gone songs "Open Horizon"
    check "tui songs: ... Light Garden plays" songs line_has songs "Light Garden" "(▶)"
    check "tui songs: ... the status line says what to do" songs wait_for songs "Listening: n next"
    T send-keys -t songs n
    check "tui songs: n: Warm Forest plays" songs wait_until line_has songs "Warm Forest" "(▶)"
    check "tui songs: ... Light Garden does not" songs line_has songs "Light Garden" "( )"
    T send-keys -t songs h
    check "tui songs: h: back to picking" songs wait_until title_is songs "Pick meditation song"
    check "tui songs: ... the picks kept" songs eval \
        'line_has songs "Light Garden" "[x]" && line_has songs "Warm Forest" "[x]" && line_has songs "Open Horizon" "[ ]"'
    check "tui songs: ... the cursor still on Warm Forest" songs eval 'screen_of songs | grep -q "^>  \[x\]  Warm Forest "'
    T send-keys -t songs Escape
    check "tui songs: Esc while picking dismisses the screen: status 0" songs wait_for songs "demo-exit=0"
    check "tui songs: ... and leaves the alternate screen" songs alternate_off songs
    T kill-server >/dev/null 2>&1 || true
fi

fi # parts 1 and 2, from the HTTP server on

# ---------------------------------------------------------------- 3. valgrind

echo "# valgrind"
if [ "$MODE" = later ]; then
    echo "note: the valgrind sessions are left to \`make test-valgrind\` (VALGRIND=later)"
elif ! command -v valgrind >/dev/null 2>&1; then
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
        # HTTP: a load, an error, a reload superseded by another, truncated bodies, then end
        # of input. Under valgrind the first of the two last reloads may end before the
        # second starts (its error is then printed too) or be cancelled before its request
        # reaches the server: 2 or 3 errors, the last line's row from the first load.
        valgrind_session vg_http $'reload\nwait\nselect 1\nreload\nwait\nreload\nreload\nwait\nshow 0 1\n' \
            --uri "$BASE/seq/vg/good,404,truncated,truncated"
        errors=$(grep -c '^error: ' "$TMP/vg_http.out" || true)
        if [ "$rc" -eq 0 ] && [ "$errors" -ge 2 ] && [ "$errors" -le 3 ] && grep -q '^row 0: ' "$TMP/vg_http.out" \
            && [ "$(grep -c '^reloaded: ' "$TMP/vg_http.out")" = 1 ]; then
            pass "valgrind: the HTTP session with errors has 0 errors and 0 definitely lost"
        else
            fail "valgrind: the HTTP session with errors has 0 errors and 0 definitely lost" "exit status $rc" \
                "$(cat "$TMP/vg_http.out" "$TMP/vg_http.valgrind")"
        fi
    fi
    # The feed: a reload, follows (the row observer), details, a bad command, a reload again.
    valgrind_session vg_feed $'reload\nwait\nshow 0 3\nfollow 2\npress 4\nselect 1\nfollow 0\nfrobnicate\nreload\nwait\nquit\n' feed
    if [ "$rc" -eq 0 ] && [ "$(grep -c '^row 2: followState ' "$TMP/vg_feed.out")" = 2 ] \
        && [ "$(grep -c '^open-detail: ' "$TMP/vg_feed.out")" = 2 ] \
        && [ "$(grep -c '^reloaded: 40 items in 5 sections$' "$TMP/vg_feed.out")" = 2 ]; then
        pass "valgrind: the feed session (follow, details, reload) has 0 errors and 0 definitely lost"
    else
        fail "valgrind: the feed session (follow, details, reload) has 0 errors and 0 definitely lost" "exit status $rc" \
            "$(cat "$TMP/vg_feed.out" "$TMP/vg_feed.valgrind")"
    fi
    # The song picker: pick, start, next, previous, play, finish, back, dismiss.
    valgrind_session vg_songs $'reload\nwait\nselect 1\nselect 4\nstart\nnext\nprevious\nselect 1\nback\nstart\nfinish\nnext\nshow\n' songs
    if [ "$rc" -eq 0 ] && grep -qx 'state: picking' "$TMP/vg_songs.out" && grep -qx 'state: finished' "$TMP/vg_songs.out" \
        && [ "$(tail -1 "$TMP/vg_songs.out")" = dismiss ]; then
        pass "valgrind: the songs session (back, start again, finish, next at the last: dismiss) has 0 errors and 0 definitely lost"
    else
        fail "valgrind: the songs session (back, start again, finish, next at the last: dismiss) has 0 errors and 0 definitely lost" "exit status $rc" \
            "$(cat "$TMP/vg_songs.out" "$TMP/vg_songs.valgrind")"
    fi
    if [ -n "$PORT" ]; then
        # A follow the server refuses (its error one hop after the row), then end of input.
        valgrind_session vg_feed_http $'reload\nwait\nfollow 0\nshow 0 1\n' feed --uri "$BASE/feeds/500/feeds.json"
        if [ "$rc" -eq 0 ] && grep -qx 'row 0: followState normal' "$TMP/vg_feed_http.out" \
            && [ "$(grep -c '^error: ' "$TMP/vg_feed_http.out")" = 1 ]; then
            pass "valgrind: a failed follow over HTTP has 0 errors and 0 definitely lost"
        else
            fail "valgrind: a failed follow over HTTP has 0 errors and 0 definitely lost" "exit status $rc" \
                "$(cat "$TMP/vg_feed_http.out" "$TMP/vg_feed_http.valgrind")"
        fi
    fi
fi

echo "# took $(( $(date +%s) - START )) s"
runner=demo-tests
[ "$MODE" != only ] || runner=demo-valgrind
echo "$runner: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
