"""The feed ("the wall"): Vct.FeedModel from its factory (the installed feeds fixture) and
over a custom Vct.FeedService written in Python; its day sections; a member row's follow
button through notify::follow-state (normal -> loading -> checked, or back to normal and
an error); a photo row's open-detail."""

import json
import threading
from datetime import datetime, timezone

import pytest

from conftest import (
    ERROR_PREFIX,
    Gio,
    GLib,
    Recorder,
    Vct,
    rows_of,
    run_until,
    settle,
)

NORMAL, LOADING, CHECKED = Vct.FollowState.NORMAL, Vct.FollowState.LOADING, Vct.FollowState.CHECKED


@pytest.fixture(scope="module")
def feeds_document(prefix):
    return (prefix / "share" / "vctable" / "feeds.json").read_bytes()


@pytest.fixture(scope="module")
def feeds(feeds_document):
    return json.loads(feeds_document)


def parse_date(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def expected_sections(feeds):
    """The fixture as the feed shows it: one section per day, newest day first; within a
    day the entries keep the document's order. Each entry as (kind, name or title)."""
    days = {}
    for entry in feeds:
        day = parse_date(entry["date"]).strftime("%Y-%m-%d")
        label = ("member", entry["name"]) if entry["type"] == "member" else ("photo", entry["title"])
        days.setdefault(day, []).append(label)
    return [(day, days[day]) for day in sorted(days, reverse=True)]


def shown_sections(list_model):
    sections = []
    for row in rows_of(list_model):
        if isinstance(row, Vct.DayHeaderRow):
            assert (row.get_role(), row.get_kind()) == (Vct.RowRole.HEADER, "DayHeaderView")
            sections.append((row.props.title, []))
        elif isinstance(row, Vct.MemberRow):
            assert (row.get_role(), row.get_kind()) == (Vct.RowRole.ITEM, "MemberRowView")
            sections[-1][1].append(("member", row.props.name))
        else:
            assert isinstance(row, Vct.FeedPhotoRow), row
            assert (row.get_role(), row.get_kind()) == (Vct.RowRole.ITEM, "PhotoRowView")
            sections[-1][1].append(("photo", row.props.title))
    return sections


class FakeFeedService:
    """A custom feed service: feeds are returned at once, follows kept for the test."""

    def __init__(self, document, hold_fetches=False):
        self.document = document
        self.hold_fetches = hold_fetches
        self.held_fetches = []
        self.fetches = 0
        self.follows = []  # (request, member_id), pending
        self.followed = []  # every member id asked, in order
        self.threads = []

    def new_service(self):
        return Vct.FeedService.new_custom(self.get_feeds, self.follow)

    def get_feeds(self, request, *_user_data):
        self.fetches += 1
        if self.hold_fetches:
            self.held_fetches.append(request)
        elif isinstance(self.document, GLib.Error):
            request.return_error(self.document)
        else:
            request.return_json(self.document)

    def follow(self, request, member_id, *_user_data):
        self.threads.append(threading.current_thread())
        self.followed.append(member_id)
        self.follows.append((request, member_id))

    def wait_follow(self):
        run_until(lambda: self.follows, what="a follow request")
        return self.follows.pop(0)


def load(feed):
    recorder = Recorder()
    recorder.notify(feed, "title", "loading", "list-hidden")
    recorder.signal(feed, "did-error")
    recorder.signal(feed, "open-detail")
    recorder.items_changed(feed.props.list)
    feed.reload()
    run_until(lambda: ("notify::loading", False) in recorder.events, what="the feed's reload")
    return recorder


def member_rows(list_model, state=None):
    return [row for row in rows_of(list_model)
            if isinstance(row, Vct.MemberRow) and (state is None or row.props.follow_state == state)]


def record_rows(list_model):
    """Records every property notify of every row, as (row position, property, value)."""
    events = []
    rows = rows_of(list_model)
    for position, row in enumerate(rows):
        row.connect("notify", lambda instance, pspec, position=position: events.append(
            (position, pspec.name, instance.get_property(pspec.name))))
    return rows, events


def test_factory_feed_shows_the_fixture_in_day_sections(feeds):
    feed = Vct.FeedModel.factory_instance()
    assert feed.props.title == "Loading..."
    assert feed.dup_title() == "Loading..."
    assert feed.props.list_hidden is True
    assert feed.props.loading is False
    list_model = feed.props.list
    assert isinstance(list_model, Gio.ListModel)
    assert list_model is feed.get_list()
    assert list_model.get_n_items() == 0

    recorder = load(feed)
    settle()
    events = recorder.take()
    count = list_model.get_n_items()
    # Loading goes up first and down last; between them the rows arrive (one insert), the
    # list shows and the title becomes "Your Feeds".
    assert events[0] == ("notify::loading", True)
    assert events[-1] == ("notify::loading", False)
    assert sorted(events[1:-1], key=repr) == sorted([
        ("items-changed", 0, 0, count),
        ("notify::list-hidden", False),
        ("notify::title", "Your Feeds"),
    ], key=repr)
    assert feed.props.title == "Your Feeds"
    assert feed.props.list_hidden is False
    assert feed.is_list_hidden() is False

    expected = expected_sections(feeds)
    assert count == len(feeds) + len(expected)
    assert shown_sections(list_model) == expected
    assert list_model.get_n_sections() == len(expected)
    start = 0
    for index, (_, entries) in enumerate(expected):
        end = start + 1 + len(entries)
        assert tuple(list_model.get_section(start)) == (index, start, end)
        assert tuple(list_model.get_section(end - 1)) == (index, start, end)
        start = end

    following = {entry["name"]: entry["following"] for entry in feeds if entry["type"] == "member"}
    for row in member_rows(list_model):
        assert row.props.follow_state == (CHECKED if following[row.props.name] else NORMAL)
        assert row.props.button_enabled is (not following[row.props.name])
        assert row.props.spinning is False


def test_rows_are_numbered_across_sections_and_found(feeds):
    """Vct.ListModel numbers rows across sections, headers not counted, and finds a row
    object where it is."""
    feed = Vct.FeedModel.factory_instance()
    list_model = feed.props.list
    load(feed)
    settle()
    assert list_model.get_n_rows() == len(feeds)
    number = position = 0
    for section, (_, entries) in enumerate(expected_sections(feeds)):
        # The header: not a row; its number is the next row's.
        assert tuple(list_model.get_row_index(position)) == (number, False)
        position += 1
        for _ in entries:
            assert tuple(list_model.get_row_position(number)) == (position, section)
            assert tuple(list_model.get_row_index(position)) == (number, True)
            assert tuple(list_model.find(list_model.get_item(position))) == (True, position)
            number += 1
            position += 1
    assert list_model.get_row_position(number)[0] == GLib.MAXUINT32
    assert tuple(list_model.get_row_index(position)) == (number, False)


def test_factory_follow_goes_normal_loading_checked():
    feed = Vct.FeedModel.factory_instance()
    recorder = load(feed)
    recorder.take()
    list_model = feed.props.list
    rows, row_events = record_rows(list_model)
    member = member_rows(list_model, NORMAL)[0]
    position = rows.index(member)
    states = []
    member.connect("notify::follow-state", lambda row, _pspec: states.append(row.props.follow_state))

    member.press()
    assert states == []  # reported later, on the loop
    run_until(lambda: CHECKED in states, what="the follow to complete")
    settle()
    assert states == [LOADING, CHECKED]
    assert member.props.follow_state == CHECKED
    assert member.props.spinning is False
    assert member.props.button_enabled is False
    # Only that row changed, in place: no items-changed, no other row notified.
    assert {event[0] for event in row_events} == {position}
    assert [value for _, name, value in row_events if name == "follow-state"] == [LOADING, CHECKED]
    assert [value for _, name, value in row_events if name == "spinning"] == [True, False]
    assert recorder.events == []
    assert list_model.get_item(position) is member


def test_custom_service_follow_succeeds(feeds_document, feeds):
    fake = FakeFeedService(feeds_document)
    feed = Vct.FeedModel.new(fake.new_service())
    recorder = load(feed)
    assert fake.fetches == 1
    recorder.take()
    member = member_rows(feed.props.list, NORMAL)[0]
    member_id = next(entry["id"] for entry in feeds if entry.get("name") == member.props.name)
    states = []
    member.connect("notify::follow-state", lambda row, _pspec: states.append(
        (row.props.follow_state, row.props.spinning, row.props.button_hidden)))

    member.press()
    request, asked = fake.wait_follow()
    assert asked == member_id
    assert isinstance(request, Vct.ApiRequest)
    assert fake.threads == [threading.main_thread()]
    run_until(lambda: states, what="the loading state")
    settle()
    # Read as of the change, while its notify is emitted.
    assert states == [(LOADING, True, True)]

    # A second press while the request runs sends nothing.
    member.press()
    settle()
    assert fake.followed == [member_id]
    assert states == [(LOADING, True, True)]

    request.return_json(b"{}")
    run_until(lambda: len(states) == 2, what="the checked state")
    assert states == [(LOADING, True, True), (CHECKED, False, False)]
    settle()
    assert recorder.events == []

    # A checked button cannot be pressed.
    member.press()
    settle()
    assert fake.followed == [member_id]
    assert len(states) == 2


def test_custom_service_follow_fails_back_to_normal(feeds_document):
    fake = FakeFeedService(feeds_document)
    feed = Vct.FeedModel.new(fake.new_service())
    recorder = load(feed)
    recorder.take()
    member = member_rows(feed.props.list, NORMAL)[-1]
    states = []
    member.connect("notify::follow-state", lambda row, _pspec: states.append(row.props.follow_state))

    # Pressed from a thread, failed from another one.
    presser = threading.Thread(target=member.press)
    presser.start()
    presser.join(15)
    request, _ = fake.wait_follow()
    failer = threading.Thread(target=request.return_error, args=(
        GLib.Error.new_literal(Vct.error_quark(), "the member blocks followers", int(Vct.Error.HTTP_STATUS)),))
    failer.start()
    failer.join(15)
    recorder.wait_for("did-error")
    settle()
    assert states == [LOADING, NORMAL]
    assert recorder.take() == [("did-error", ERROR_PREFIX + "the member blocks followers")]
    assert member.props.follow_state == NORMAL
    assert member.props.button_enabled is True

    # It can be pressed again, and succeed.
    member.press()
    request, _ = fake.wait_follow()
    request.return_json(b"null")
    run_until(lambda: states[-1:] == [CHECKED], what="the checked state")
    assert states == [LOADING, NORMAL, LOADING, CHECKED]


def test_photo_row_opens_its_detail(feeds):
    feed = Vct.FeedModel.factory_instance()
    recorder = load(feed)
    recorder.take()
    photos = [row for row in rows_of(feed.props.list) if isinstance(row, Vct.FeedPhotoRow)]
    by_title = {entry["title"]: entry for entry in feeds if entry["type"] == "photo"}

    for row, act in ((photos[0], "press"), (photos[3], "select")):
        getattr(row, act)()
        recorder.wait_for("open-detail")
        (name, detail), = recorder.take()
        entry = by_title[row.props.title]
        assert isinstance(detail, Vct.FeedPhoto)
        assert (detail.props.id, detail.props.title, detail.props.description, detail.props.url) == \
            (entry["id"], entry["title"], entry["description"], entry["imageUrl"])
        assert (detail.get_id(), detail.get_title(), detail.get_url()) == \
            (entry["id"], entry["title"], entry["imageUrl"])
        date = detail.get_date()
        assert isinstance(date, GLib.DateTime)
        assert date.format_iso8601() == entry["date"]
        assert date.get_utc_offset() == 0
        assert row.props.image_url == entry["imageUrl"]
        assert row.props.date == parse_date(entry["date"]).strftime("%Y-%m-%d %H:%M")


def test_failed_feed_reload_reports_an_error():
    fake = FakeFeedService(GLib.Error.new_literal(Vct.error_quark(), "no feeds today", int(Vct.Error.FAILED)))
    feed = Vct.FeedModel.new(fake.new_service())
    recorder = load(feed)
    recorder.wait_for("did-error")
    settle()
    assert ("did-error", ERROR_PREFIX + "no feeds today") in recorder.events
    assert feed.props.loading is False
    assert feed.props.list.get_n_items() == 0
    assert feed.props.list_hidden is True


def test_a_later_reload_shows_loading_and_keeps_the_rows(feeds_document):
    fake = FakeFeedService(feeds_document)
    feed = Vct.FeedModel.new(fake.new_service())
    recorder = load(feed)
    list_model = feed.props.list
    rows = rows_of(list_model)
    assert feed.dup_title() == "Your Feeds"
    recorder.take()

    fake.hold_fetches = True
    feed.reload()
    # "Loading..." from the call to reload, every time.
    assert feed.dup_title() == "Loading..."
    run_until(lambda: fake.held_fetches, what="the second fetch")
    assert feed.props.loading is True
    # A later reload leaves the last good rows shown.
    assert feed.props.list_hidden is False
    assert list_model.get_n_items() == len(rows)

    fake.held_fetches.pop().return_json(feeds_document)
    run_until(lambda: recorder.events[-1:] == [("notify::loading", False)], what="the second reload's end")
    settle()
    assert feed.dup_title() == "Your Feeds"
    assert feed.props.list_hidden is False
    # The same feeds: the same row objects, no items-changed.
    assert recorder.count("items-changed") == 0
    assert all(mine is theirs for mine, theirs in zip(rows, rows_of(list_model)))
