"""Vct.ListModel::changes-done through the typelib: emitted once per update of a screen's
list, after all of that update's items-changed runs and after the notify of the rows it
changed in place, whatever the screen: the table's reload (runs and a retitled row), the
feed's follow (its row's notifies alone, no run), the song picker's picks (a song picked;
the session started: the modes notified, then the songs not picked leave the list; a song
picked while listening). A reload that brings the rows already shown emits none, and a
handler may read the list and reload the screen from inside the signal."""

import json

from conftest import (
    Vct,
    photos_json,
    rows_of,
    run_until,
    settle,
)


class HeldRequests:
    """A source's fetch (and the feed's follow) function that keeps each request for the
    test to complete."""

    def __init__(self):
        self.requests = []
        self.follows = []

    def __call__(self, request, *_user_data):
        self.requests.append(request)

    def follow(self, request, member_id, *_user_data):
        self.follows.append((request, member_id))

    def wait(self):
        run_until(lambda: self.requests, what="a fetch")
        return self.requests.pop(0)

    def wait_follow(self):
        run_until(lambda: self.follows, what="a follow")
        return self.follows.pop(0)


class Log:
    """One ordered log of a list's items-changed and changes-done and of its rows'
    notifies: ("items-changed", position, removed, added), ("changes-done",),
    ("notify", tag, property, value read in the handler)."""

    def __init__(self, list_model):
        self.events = []
        self.list_model = list_model
        list_model.connect("items-changed", lambda _list, position, removed, added: self.events.append(
            ("items-changed", position, removed, added)))
        list_model.connect("changes-done", self.on_changes_done)
        self.in_handler = None  # called inside changes-done, if set

    def on_changes_done(self, list_model):
        assert list_model is self.list_model
        # The list at rest: every item readable inside the handler.
        rows = rows_of(list_model)
        assert all(isinstance(row, Vct.Row) for row in rows)
        assert list_model.get_item(len(rows)) is None
        self.events.append(("changes-done",))
        if self.in_handler is not None:
            self.in_handler()

    def watch(self, row, tag):
        row.connect("notify", lambda instance, pspec: self.events.append(
            ("notify", tag, pspec.name, instance.get_property(pspec.name))))
        return row

    def count(self, name):
        return sum(1 for event in self.events if event[0] == name)

    def take_update(self):
        """Runs the loop until a changes-done, then a quiet window: that update's events."""
        run_until(lambda: self.count("changes-done") > 0, what="changes-done")
        settle()
        events = list(self.events)
        del self.events[:]
        return events


def assert_one_update(events, min_runs, min_notifies):
    """Exactly one changes-done, last of the list's and rows' events, after at least
    min_runs runs and min_notifies row notifies."""
    names = [event[0] for event in events]
    assert names.count("changes-done") == 1, events
    assert names[-1] == "changes-done", events
    assert names.count("items-changed") >= min_runs, events
    assert names.count("notify") >= min_notifies, events


def load(model, held, document, log):
    Vct.Screen.reload(model)
    held.wait().return_json(document)
    run_until(lambda: not Vct.Screen.is_loading(model), what="the reload")
    settle()
    events = list(log.events)
    del log.events[:]
    return events


def test_the_table_reload():
    held = HeldRequests()
    model = Vct.TableModel.new_with_manager(Vct.Api.new_custom(held))
    log = Log(model.get_list())
    assert load(model, held, photos_json([1, 2, 3]), log) == [("items-changed", 0, 0, 3), ("changes-done",)]

    rows = rows_of(model.get_list())
    for row in rows:
        log.watch(row, row.props.id)
    document = photos_json([3, (2, "photo 2, again"), 4])
    model.reload_data()
    held.wait().return_json(document)
    events = log.take_update()
    assert_one_update(events, 1, 1)
    assert ("notify", 2, "title", "photo 2, again") in events

    # The same rows again: no change, no changes-done.
    assert load(model, held, document, log) == []


def feed_document():
    entries = []
    for day, (member, photo) in enumerate([(7, 30), (8, 31)]):
        date = f"2026-11-{20 - day}T12:00:00Z"
        entries.append({"type": "member", "id": member, "name": f"member {member}",
                        "avatarUrl": f"https://example.com/a/{member}.png", "date": date, "following": False})
        entries.append({"type": "photo", "id": photo, "title": f"photo {photo}", "description": f"about {photo}",
                        "imageUrl": f"https://example.com/p/{photo}.png", "date": date})
    return json.dumps(entries).encode("utf-8")


def test_a_feed_follow():
    held = HeldRequests()
    feed = Vct.FeedModel.new(Vct.FeedService.new_custom(held, held.follow))
    log = Log(feed.props.list)
    assert load(feed, held, feed_document(), log) == [("items-changed", 0, 0, 6), ("changes-done",)]

    member = log.watch(feed.props.list.get_item(1), "m7")
    assert member.props.name == "member 7"
    member.press()
    request, member_id = held.wait_follow()
    assert member_id == 7
    events = log.take_update()
    assert_one_update(events, 0, 1)
    assert events[0] == ("notify", "m7", "follow-state", Vct.FollowState.LOADING)

    request.return_json(b"{}")
    events = log.take_update()
    assert_one_update(events, 0, 1)
    assert events[0] == ("notify", "m7", "follow-state", Vct.FollowState.CHECKED)


def songs_document():
    return json.dumps([{"id": i, "title": f"song {i}", "subtitle": f"sub {i}", "duration": 60 * i}
                       for i in (1, 2, 3, 4)]).encode("utf-8")


def test_song_picks():
    held = HeldRequests()
    picker = Vct.SongPickerModel.new(Vct.SongService.new_custom(held))
    log = Log(picker.props.list)
    assert load(picker, held, songs_document(), log) == [("items-changed", 0, 0, 4), ("changes-done",)]
    songs = [log.watch(row, f"s{row.props.title[-1]}") for row in rows_of(picker.props.list)]

    songs[0].select()
    assert log.take_update() == [("notify", "s1", "mode", "selected"), ("changes-done",)]
    songs[2].select()
    assert log.take_update() == [("notify", "s3", "mode", "selected"), ("changes-done",)]

    # Start: the modes, then the songs not picked leave, then changes-done.
    assert picker.start()
    assert log.take_update() == [
        ("notify", "s1", "mode", "playing"),
        ("notify", "s2", "mode", "hidden"),
        ("notify", "s3", "mode", "playable"),
        ("notify", "s4", "mode", "hidden"),
        ("items-changed", 1, 1, 0),
        ("items-changed", 2, 1, 0),
        ("changes-done",),
    ]

    # Song 3, playable, picked while listening: it plays, song 1 waits.
    songs[2].select()
    assert log.take_update() == [
        ("notify", "s1", "mode", "playable"),
        ("notify", "s3", "mode", "playing"),
        ("changes-done",),
    ]


def test_a_handler_reloads_inside_the_signal():
    held = HeldRequests()
    feed = Vct.FeedModel.new(Vct.FeedService.new_custom(held, held.follow))
    log = Log(feed.props.list)
    reloads = []

    def reload_once():
        if not reloads:
            reloads.append(True)
            feed.reload()
            assert feed.props.loading

    log.in_handler = reload_once
    feed.reload()
    held.wait().return_json(feed_document())
    run_until(lambda: reloads, what="the handler's reload")
    # The handler's reload is the one loading now.
    assert feed.props.loading
    assert feed.props.title == "Loading..."
    held.wait().return_json(feed_document())
    run_until(lambda: not feed.props.loading, what="the handler's reload to deliver")
    settle()
    assert feed.props.title == "Your Feeds"
    assert log.count("changes-done") == 1  # the second reload brought the same rows
