"""The meditation song picker: Vct.SongPickerModel from its factory (the installed songs
fixture) and over a custom Vct.SongService; its states through notify::state (picking ->
listening -> finished -> picking, the selection kept), the rows' modes, and dismiss: the
screen asks to be closed when the session finishes (next or finish_song at the last song,
after the state became FINISHED) and on back while picking."""

import json

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

PICKING = Vct.SongPickerState.PICKING
LISTENING = Vct.SongPickerState.LISTENING
FINISHED = Vct.SongPickerState.FINISHED


@pytest.fixture(scope="module")
def songs(prefix):
    with open(prefix / "share" / "vctable" / "songs.json", encoding="utf-8") as handle:
        return json.load(handle)


def duration_text(seconds):
    return f"{seconds // 60}:{seconds % 60:02d}"


def record_picker(picker):
    recorder = Recorder()
    recorder.notify(picker, "state", "title", "button-enabled", "loading")
    recorder.signal(picker, "dismiss")
    recorder.signal(picker, "did-error")
    recorder.items_changed(picker.props.list)
    return recorder


def load(picker, recorder):
    picker.reload()
    run_until(lambda: ("notify::loading", False) in recorder.events, what="the songs' reload")
    settle()


def modes(list_model):
    return [row.props.mode for row in rows_of(list_model)]


def titles(list_model):
    return [row.props.title for row in rows_of(list_model)]


def test_factory_picker_loads_the_fixture(songs):
    picker = Vct.SongPickerModel.factory_instance()
    assert picker.props.state == PICKING
    assert picker.get_state() == PICKING
    assert picker.props.title == "Pick meditation song"
    assert picker.props.button_title == "START MEDITATION SESSION"
    assert picker.props.button_enabled is False
    list_model = picker.props.list
    assert isinstance(list_model, Gio.ListModel)
    assert list_model is picker.get_list()

    recorder = record_picker(picker)
    load(picker, recorder)
    assert recorder.take() == [
        ("notify::loading", True),
        ("items-changed", 0, 0, len(songs)),
        ("notify::loading", False),
    ]
    rows = rows_of(list_model)
    assert all(isinstance(row, Vct.SongRow) for row in rows)
    assert [(row.props.title, row.props.subtitle, row.props.duration) for row in rows] == \
        [(song["title"], song["subtitle"], duration_text(song["duration"])) for song in songs]
    assert set(modes(list_model)) == {"unselected"}
    # Nothing selected: start refuses.
    assert picker.start() is False
    settle()
    assert recorder.events == []


def test_a_session_from_picking_to_dismiss(songs):
    picker = Vct.SongPickerModel.factory_instance()
    recorder = record_picker(picker)
    load(picker, recorder)
    recorder.take()
    list_model = picker.props.list
    rows = rows_of(list_model)
    assert all(row.get_kind() == "SongRowView" for row in rows)
    mode_changes = []
    for position, row in enumerate(rows):
        row.connect("notify::mode", lambda instance, _pspec, position=position: mode_changes.append(
            (position, instance.props.mode)))

    # Picking: selecting toggles (the fourth song picked first).
    rows[3].select()
    rows[1].select()
    rows[5].select()
    rows[5].select()
    run_until(lambda: len(mode_changes) == 4, what="four mode changes")
    settle()
    assert mode_changes == [(3, "selected"), (1, "selected"), (5, "selected"), (5, "unselected")]
    assert recorder.take() == [("notify::button-enabled", True)]
    assert picker.props.button_enabled is True
    mode_changes.clear()

    # Listening: the first selected song in list order plays, the unselected ones leave.
    assert picker.start() is True
    recorder.wait_for("notify::state")
    settle()
    events = recorder.take()
    assert [event for event in events if event[0].startswith("notify::")] == [
        ("notify::state", LISTENING), ("notify::title", "Player")]
    assert sum(event[2] for event in events if event[0] == "items-changed") == len(songs) - 2
    assert all(event[3] == 0 for event in events if event[0] == "items-changed")
    assert picker.props.state == LISTENING
    assert titles(list_model) == [songs[1]["title"], songs[3]["title"]]
    assert modes(list_model) == ["playing", "playable"]
    assert list_model.get_item(0) is rows[1] and list_model.get_item(1) is rows[3]
    assert picker.start() is False  # not picking

    # Next and previous.
    assert picker.previous() is False  # at the first song
    assert picker.next() is True
    run_until(lambda: modes(list_model) == ["playable", "playing"], what="the second song playing")
    assert picker.previous() is True
    run_until(lambda: modes(list_model) == ["playing", "playable"], what="the first song again")
    assert picker.finish_song() is True  # the first song ended: the second plays
    run_until(lambda: modes(list_model) == ["playable", "playing"], what="the second song playing")
    settle()
    assert [event for event in recorder.take() if event[0] in ("notify::state", "dismiss")] == []

    # The last song ends: the session finishes, then the screen asks to be closed.
    assert picker.next() is True
    recorder.wait_for("dismiss")
    settle()
    assert [event for event in recorder.take() if event[0] in ("notify::state", "dismiss")] == [
        ("notify::state", FINISHED), ("dismiss",)]
    assert picker.props.state == FINISHED
    assert picker.props.title == "Player"
    assert "playing" not in modes(list_model)
    assert picker.next() is False and picker.finish_song() is False  # not listening

    # Back: picking again, every song back, the selection kept.
    picker.back()
    recorder.wait_for("notify::state")
    settle()
    events = recorder.take()
    assert [event for event in events if event[0].startswith("notify::")] == [
        ("notify::state", PICKING), ("notify::title", "Pick meditation song")]
    assert sum(event[3] for event in events if event[0] == "items-changed") == len(songs) - 2
    assert titles(list_model) == [song["title"] for song in songs]
    assert [position for position, mode in enumerate(modes(list_model)) if mode == "selected"] == [1, 3]
    assert picker.props.button_enabled is True

    # Back while picking: dismiss, and the state stays.
    picker.back()
    recorder.wait_for("dismiss")
    settle()
    assert recorder.take() == [("dismiss",)]
    assert picker.props.state == PICKING


def ready_picker():
    """A factory picker, loaded, with its first song selected."""
    picker = Vct.SongPickerModel.factory_instance()
    recorder = record_picker(picker)
    load(picker, recorder)
    picker.props.list.get_item(0).select()
    run_until(lambda: ("notify::button-enabled", True) in recorder.events, what="button-enabled")
    return picker, recorder


def test_the_states_seen_through_notify_state():
    picker, recorder = ready_picker()
    states = []
    picker.connect("notify::state", lambda instance, _pspec: states.append(instance.props.state))
    assert picker.start() is True
    run_until(lambda: states == [LISTENING], what="listening")
    assert picker.finish_song() is True  # the only song ended: the session finishes
    run_until(lambda: states == [LISTENING, FINISHED], what="finished")
    recorder.wait_for("dismiss")
    picker.back()
    run_until(lambda: states == [LISTENING, FINISHED, PICKING], what="picking again")
    picker.back()
    recorder.wait_for("dismiss", count=2)
    settle()
    assert states == [LISTENING, FINISHED, PICKING]
    assert recorder.count("dismiss") == 2


def test_back_to_back_states_are_each_seen_through_notify_state():
    """Inside notify::state the property reads as of that change, as a row's do: two changes
    the loop delivers back to back are each seen (once both read FINISHED; PORTING F13)."""
    picker, recorder = ready_picker()
    notified_states, getter_states = [], []

    def on_state(instance, _pspec):
        notified_states.append(instance.props.state)
        getter_states.append(instance.get_state())

    picker.connect("notify::state", on_state)
    # Two changes before the loop runs: each is delivered later, in order.
    assert picker.start() is True
    assert picker.finish_song() is True
    assert notified_states == []  # never inline
    run_until(lambda: len(notified_states) == 2, what="two state notifies")
    settle()
    assert notified_states == [LISTENING, FINISHED]
    assert getter_states == notified_states


def test_custom_song_service_and_its_error(songs):
    answers = [json.dumps([{"id": 7, "title": "Tide", "subtitle": "Sea", "duration": 61}]).encode(),
               GLib.Error.new_literal(Vct.error_quark(), "the songs are resting", int(Vct.Error.FAILED)),
               json.dumps([{"id": 1, "title": "A", "subtitle": "s", "duration": 1},
                           {"id": 1, "title": "B", "subtitle": "s", "duration": 2}]).encode()]

    def get_songs(request, *_user_data):
        answer = answers.pop(0)
        if isinstance(answer, GLib.Error):
            request.return_error(answer)
        else:
            request.return_json(answer)

    picker = Vct.SongPickerModel.new(Vct.SongService.new_custom(get_songs))
    recorder = record_picker(picker)
    load(picker, recorder)
    assert [(row.props.title, row.props.subtitle, row.props.duration) for row in rows_of(picker.props.list)] == \
        [("Tide", "Sea", "1:01")]
    recorder.take()

    load(picker, recorder)
    recorder.wait_for("did-error")
    assert ("did-error", ERROR_PREFIX + "the songs are resting") in recorder.take()
    assert titles(picker.props.list) == ["Tide"]

    # Repeated ids fail the reload (WRONG_FIELD_TYPE, naming both items).
    load(picker, recorder)
    recorder.wait_for("did-error")
    (message,) = [event[1] for event in recorder.take() if event[0] == "did-error"]
    assert message.startswith(ERROR_PREFIX)
    assert titles(picker.props.list) == ["Tide"]
