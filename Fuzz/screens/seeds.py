#!/usr/bin/env python3
"""Fuzz/screens/seeds.py: writes the hand-made seed programs of the screens target into
Fuzz/corpus/screens/ (run it after changing the operation table of fuzz_screens.c).

A program is a byte string: one byte picks an operation, the next its model (byte % 3:
0 and 1 the feeds, 2 the song picker) and a sub-argument (byte // 3), then each operation's
own bytes (see LLVMFuzzerTestOneInput). SET_CALLBACK / CLEAR_CALLBACK connect (or replace) /
disconnect a model handler, one slot per model report (its signals and notify::
properties); its sub-argument is its slot (feeds 0-4: notify::title, notify::loading,
notify::list-hidden, did-error, open-detail, and 5 is their loading one again; the picker
0-5: notify::state, notify::title, notify::button-enabled, dismiss, did-error,
notify::loading) plus 6 to arm it (from inside its next call it replaces itself and
reloads); a list handler's its slot (0 the mirror's items-changed, 1
notify::n-items, 2-3 more items-changed) plus 4 to arm it (it disconnects itself); a watcher's
its index (0-3) plus 4 to arm it plus 8 * what the armed handler does (0 unwatch, 1 and
reload, 2 and drop the model). A press / select / watch / row-ref byte is a flat position in
the list (the feed's position 0 is a DayHeaderView, 1 its first row), top bit: anything. The document seeds are chosen with a port of
feed_document / song_document so that, say, the follow seeds press member rows.
"""
import os

(NEW, SET_CALLBACK, CLEAR_CALLBACK, SET_LIST_CALLBACK, CLEAR_LIST_CALLBACK, RELOAD, RELOAD_AGAIN,
 FETCH_NOW, FETCH_LATER, FOLLOW_NOW, FOLLOW_LATER, PRESS, PRESS_AGAIN, SELECT, WATCH, UNWATCH, WATCH_KEPT,
 UNWATCH_AGAIN, ROW_REF, ROW_USE, START, NEXT, PREVIOUS, FINISH_SONG, BACK, ITERATE, ITERATE_AGAIN,
 REF_UNREF, LAST_UNREF, LIST_REF, SERVICE, SLEEP) = range(32)
FEED, FEED2, PICKER = 0, 1, 2
M = 0xFFFFFFFF


def rng(state):
    x = state
    x ^= (x << 13) & M
    x ^= x >> 17
    x ^= (x << 5) & M
    return x


def feed_kinds(serial, seed):
    """The entry kinds of feed_document (serial, seed): 'member', 'photo' or 'place'."""
    r = (((seed + 1) * 2654435761) & M) ^ ((serial * 40503) & M) ^ 0x9e3779b9

    def draw():
        nonlocal r
        r = rng(r)
        return r

    kinds = []
    for _ in range(draw() % 6):
        kind = draw() % 8
        draw(); draw(); draw(); draw()          # day, hour, id, the date's form
        if kind < 4:
            draw()                              # following
            kinds.append('member')
        else:
            kinds.append('photo' if kind < 7 else 'place')
    return kinds


def song_count(serial, seed):
    r = (((seed + 1) * 2654435761) & M) ^ ((serial * 40503) & M) ^ 0x7f4a7c15
    return rng(r) % 6


def seed_where(serial, test):
    return next(s for s in range(128) if test(s, serial))


def op(code, model=FEED, sub=0, *extra):
    return bytes([code, sub * 3 + model, *extra])


def settle(model=FEED):
    return op(SLEEP, model, 8)


def load_feed(model, serial, seed):
    """Reload, complete fetch `serial` with a document, let it arrive."""
    return op(RELOAD, model) + op(FETCH_NOW, model, 0, 0, seed) + settle(model)


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus", "screens")
    os.makedirs(out, exist_ok=True)
    members = seed_where(1, lambda s, n: len(feed_kinds(n, s)) >= 3 and set(feed_kinds(n, s)) == {'member'})
    members2 = seed_where(2, lambda s, n: len(feed_kinds(n, s)) >= 2 and 'member' in feed_kinds(n, s))
    mixed = seed_where(1, lambda s, n: {'member', 'photo'} <= set(feed_kinds(n, s)) and len(feed_kinds(n, s)) >= 4)
    tagged = seed_where(2, lambda s, n: s >= 0 and len(feed_kinds(n, s | 0x80)) >= 3) | 0x80
    songs = seed_where(1, lambda s, n: song_count(n, s) >= 4)
    songs2 = seed_where(2, lambda s, n: song_count(n, s) >= 3)

    seeds = {
        # Press a member twice while loading (one request), succeed; another fails.
        "follow": load_feed(FEED, 1, members) + op(PRESS, FEED, 0, 1) + op(PRESS_AGAIN, FEED, 0, 1)
        + op(ITERATE) + op(FOLLOW_NOW, FEED, 0) + settle() + op(PRESS, FEED, 0, 1)
        + op(PRESS, FEED, 0, 2) + op(ITERATE) + op(FOLLOW_NOW, FEED, 1) + settle() + op(PRESS, FEED, 0, 2)
        + op(ITERATE) + op(FOLLOW_LATER, FEED, 0) + settle(),
        # A follow still loading across a reload that shows the member again.
        "follow-reload": load_feed(FEED, 1, members) + op(PRESS, FEED, 0, 1) + op(ITERATE)
        + load_feed(FEED, 2, members2) + op(PRESS, FEED, 0, 1) + op(FOLLOW_LATER, FEED, 0) + settle()
        + op(PRESS, FEED, 0, 1) + op(ITERATE) + op(FOLLOW_NOW, FEED, 1) + settle(),
        # Pick three songs, start, next / previous, play one, finish songs, next at the last
        # (finished, dismiss), back, start again, finish at the last (finished, dismiss),
        # back twice (the second dismisses).
        "songs": load_feed(PICKER, 1, songs) + op(SELECT, PICKER, 0, 0) + op(SELECT, PICKER, 0, 2)
        + op(SELECT, PICKER, 0, 3) + settle(PICKER) + op(START, PICKER) + settle(PICKER) + op(NEXT, PICKER)
        + op(PREVIOUS, PICKER) + settle(PICKER) + op(SELECT, PICKER, 0, 2) + settle(PICKER) + op(PREVIOUS, PICKER)
        + op(FINISH_SONG, PICKER) + settle(PICKER) + op(NEXT, PICKER) + settle(PICKER) + op(FINISH_SONG, PICKER)
        + op(NEXT, PICKER) + settle(PICKER) + op(BACK, PICKER) + settle(PICKER) + op(START, PICKER) + settle(PICKER)
        + op(NEXT, PICKER) + op(NEXT, PICKER) + settle(PICKER) + op(FINISH_SONG, PICKER) + settle(PICKER)
        + op(BACK, PICKER) + settle(PICKER) + op(BACK, PICKER) + settle(PICKER),
        # Songs: a reload while listening returns to picking with the selection kept.
        "songs-reload": load_feed(PICKER, 1, songs) + op(SELECT, PICKER, 0, 0) + op(SELECT, PICKER, 0, 1)
        + settle(PICKER) + op(START, PICKER) + settle(PICKER) + load_feed(PICKER, 2, songs2) + op(START, PICKER)
        + op(FINISH_SONG, PICKER) + settle(PICKER) + op(RELOAD, PICKER) + op(FETCH_NOW, PICKER, 0, 1, 3) + settle(PICKER),
        # Rows watched (held with a notify handler), rewatched, unwatched, out of range; a
        # row kept across reloads, watched, read, selected and pressed (stale).
        "watch": load_feed(FEED, 1, mixed) + op(WATCH, FEED, 0, 1) + op(WATCH, FEED, 1, 2) + op(WATCH, FEED, 2, 0xFF)
        + op(WATCH, FEED, 3, 0) + op(ROW_REF, FEED, 0, 1) + op(ROW_REF, FEED, 1, 2) + op(PRESS, FEED, 0, 1)
        + op(ITERATE) + op(FOLLOW_NOW, FEED, 0) + settle() + op(WATCH, FEED, 0, 2) + op(UNWATCH, FEED, 1)
        + op(UNWATCH, FEED, 3) + op(WATCH_KEPT, FEED, 1) + load_feed(FEED, 2, members2) + op(ROW_USE, FEED, 0)
        + op(ROW_USE, FEED, 2) + op(ROW_USE, FEED, 4) + op(UNWATCH_AGAIN, FEED, 0) + op(ROW_USE, FEED, 0),
        # The last unref with a fetch and a follow in flight; the list kept by a ref of its own.
        "unref-in-flight": load_feed(FEED, 1, members) + op(PRESS, FEED, 0, 1) + op(ITERATE) + op(RELOAD, FEED)
        + op(ITERATE) + op(WATCH, FEED, 0, 1) + op(LIST_REF, FEED) + op(LAST_UNREF, FEED, 0) + op(PRESS, FEED, 0, 2)
        + op(FOLLOW_LATER, FEED, 0) + op(FETCH_NOW, FEED, 0, 0, members) + settle() + op(ITERATE)
        + op(FOLLOW_NOW, FEED, 0) + settle() + op(LIST_REF, FEED),
        # The picker's last unref with its fetch pending; the service dropped first.
        "picker-unref": op(SERVICE, PICKER, 1) + op(RELOAD, PICKER) + op(ITERATE) + op(LAST_UNREF, PICKER, 0)
        + op(FETCH_LATER, PICKER, 0, 0, songs) + settle(PICKER),
        # Two feeds; the first torn down and made again.
        "two-feeds": op(NEW, FEED2) + load_feed(FEED, 1, mixed) + load_feed(FEED2, 1, members) + op(PRESS, FEED2, 0, 0)
        + op(ITERATE) + op(SERVICE, FEED, 0) + op(NEW, FEED) + load_feed(FEED, 1, members2) + op(FOLLOW_NOW, FEED2, 0) + settle(),
        # Model handlers replaced and disconnected between deliveries;
        # list handlers disconnected and connected again (the mirror resynchronised).
        "callbacks": op(SET_CALLBACK, FEED, 0) + op(CLEAR_CALLBACK, FEED, 3) + op(CLEAR_CALLBACK, FEED, 6)
        + op(CLEAR_LIST_CALLBACK, FEED, 1) + load_feed(FEED, 1, mixed) + op(SET_LIST_CALLBACK, FEED, 1)
        + op(SET_LIST_CALLBACK, FEED, 3) + load_feed(FEED, 2, members2) + op(SET_CALLBACK, PICKER, 4)
        + op(CLEAR_LIST_CALLBACK, PICKER, 0) + op(SET_CALLBACK, PICKER, 5) + load_feed(PICKER, 1, songs)
        + op(SET_LIST_CALLBACK, PICKER, 0) + op(SET_CALLBACK, PICKER, 11) + load_feed(PICKER, 2, songs2) + op(REF_UNREF, PICKER),
        # Handlers ending themselves from inside: a row's notify handler unwatches (dropping
        # the row's last reference), a list handler disconnects itself, model handlers replace
        # themselves and reload.
        "reenter": load_feed(FEED, 1, members) + op(WATCH, FEED, 4, 1) + op(WATCH, FEED, 13, 2)
        + op(SET_LIST_CALLBACK, FEED, 6) + op(SET_CALLBACK, FEED, 8) + op(PRESS, FEED, 0, 1) + op(ITERATE)
        + op(FOLLOW_NOW, FEED, 1) + settle() + op(SET_LIST_CALLBACK, FEED, 7) + op(SET_LIST_CALLBACK, FEED, 5)
        + load_feed(FEED, 2, members2) + load_feed(PICKER, 1, songs) + op(SET_CALLBACK, PICKER, 6)
        + op(WATCH, PICKER, 4, 0) + op(SELECT, PICKER, 0, 0) + settle(PICKER) + op(START, PICKER) + settle(PICKER),
        # A row's notify handler drops the model from inside (the follow's notify).
        "drop-model-inside": load_feed(FEED, 1, members) + op(WATCH, FEED, 20, 1) + op(PRESS, FEED, 0, 1)
        + op(ITERATE) + op(FOLLOW_NOW, FEED, 0) + settle() + load_feed(PICKER, 1, songs) + op(WATCH, PICKER, 21, 0)
        + op(SELECT, PICKER, 0, 0) + settle(PICKER),
        # A reload from inside the notify::loading handler (armed: it replaces itself and reloads)
        # while the failed fetch's error report is still queued: the error is reported after
        # the reload call, right (that reload found nothing in flight); then a reload from
        # inside the notify::loading handler while one is in flight supersedes it.
        "reload-inside-callback": op(RELOAD, FEED) + op(ITERATE) + op(SET_CALLBACK, FEED, 7)
        + op(FETCH_NOW, FEED, 0, 1, 4) + settle() + op(FETCH_NOW, FEED, 0, 0, members) + settle()
        + op(SET_CALLBACK, FEED, 7) + op(RELOAD, FEED) + op(ITERATE) + op(FETCH_NOW, FEED, 0, 1, 5)
        + op(FETCH_NOW, FEED, 0, 0, mixed) + settle(),
        # Latest wins: a superseded fetch completed late; errors, garbage, a broken document.
        "errors": op(RELOAD, FEED) + op(ITERATE) + op(RELOAD, FEED) + op(ITERATE) + op(FETCH_NOW, FEED, 0, 1, 2)
        + op(FETCH_LATER, FEED, 0, 0, tagged) + settle() + op(RELOAD, FEED) + op(FETCH_NOW, FEED, 0, 3, 1) + settle()
        + op(RELOAD, FEED) + op(FETCH_NOW, FEED, 0, 2, 0) + b'[{"x":1}]' + settle()
        + op(RELOAD, PICKER) + op(FETCH_NOW, PICKER, 0, 5, 13) + settle(PICKER),
    }
    for name, program in seeds.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(program)
        print(f"{name}: {len(program)} bytes")


if __name__ == "__main__":
    main()
