"""Lifetimes: dropping the last Python reference to a model finalizes it at once, even
with a reload in flight (a custom API holding the request): nothing is delivered
afterwards, the request is cancelled, and completing it later is harmless.

What the documentation promises about a list that outlives its model:
vct_table_model_get_list() is "(transfer none): the list, valid while @model lives" and
the `list` property is "the same object for the model's whole life": the model owns the
list; nothing says the list keeps the model alive (ARCHITECTURE.md: "a core refers back to
its object only through a GWeakRef"). A Python variable holding the list holds a reference
of its own, so the list object stays (a GObject, safe to call) while the model goes; the
model's release "delivers nothing", so the list never changes again and reads as it was
(Tests/C/test-reentrancy.c checks the same in C). A row held past its model acts "while
its model lives"; "once the model is finalized, it does nothing" (vct_row_select)."""

import os
import subprocess
import sys
import threading
import weakref

import pytest

from conftest import (
    DEFAULT_TITLE,
    FakeApi,
    Recorder,
    Vct,
    collect,
    ids_and_titles,
    photos_json,
    record_table_model,
    rows_of,
    run_until,
    settle,
    typelib_dir,
    vct_error,
)

FIRST = [(1, "one"), (2, "two"), (3, "three")]


class Gone:
    """Whether a GObject was finalized, through PyGObject's weak_ref."""

    def __init__(self, obj):
        self.finalized = False
        self.ref = obj.weak_ref(self.on_finalized)

    def on_finalized(self):
        self.finalized = True


def model_with_reload_in_flight(fake):
    """A model over fake's API that delivered FIRST, then started a reload whose request
    fake holds; its recorder (emptied) and the held request."""
    model = Vct.TableModel.new_with_manager(fake.new_api())
    recorder = record_table_model(model)
    model.reload_data()
    fake.wait_request().return_json(photos_json(FIRST))
    recorder.wait_for("did-reload-data")
    model.reload_data()
    request = fake.wait_request()
    recorder.wait_for("did-update-navigation-title", count=2)
    assert model.props.loading is True
    recorder.take()
    return model, recorder, request


def test_dropping_a_model_with_a_reload_in_flight():
    fake = FakeApi()
    model, recorder, request = model_with_reload_in_flight(fake)
    gone = Gone(model)
    cancellable = request.get_cancellable()
    assert not cancellable.is_cancelled()

    del model
    collect()
    # Finalized at once, on the last unref: the Python wrapper was the last owner.
    assert gone.finalized
    run_until(cancellable.is_cancelled, what="the held request's cancellation")

    # Completing the held request now is harmless and delivers nothing.
    request.return_json(photos_json(FIRST + [(4, "four")]))
    settle()
    assert recorder.events == []


def test_dropping_a_model_whose_request_fails_later_from_a_thread():
    fake = FakeApi()
    model, recorder, request = model_with_reload_in_flight(fake)
    gone = Gone(model)
    del model
    collect()
    assert gone.finalized
    thread = threading.Thread(target=request.return_error, args=(vct_error(Vct.Error.FAILED, "late"),))
    thread.start()
    thread.join(15)
    settle()
    assert recorder.events == []


def test_the_api_function_is_released_once_nothing_uses_it():
    fake = FakeApi()
    released = weakref.ref(fake)
    model, recorder, request = model_with_reload_in_flight(fake)
    del fake
    collect()
    assert released() is not None  # the API (owned by the model) holds its function

    del model
    collect()
    # The request still pending: the API's notify waits for it ("once every request is
    # completed or abandoned").
    request.return_json(b"[]")
    del request
    collect()
    run_until(lambda: released() is None, what="the custom API's notify releasing the function")
    settle()
    assert recorder.events == []


def test_dropping_a_model_whose_list_python_still_holds():
    fake = FakeApi()
    model, recorder, request = model_with_reload_in_flight(fake)
    list_model = model.get_list()
    held_rows = rows_of(list_model)
    model_gone = Gone(model)
    list_gone = Gone(list_model)
    changes = Recorder().items_changed(list_model)

    del model
    collect()
    # The list does not keep its model alive.
    assert model_gone.finalized
    assert not list_gone.finalized

    request.return_json(photos_json([(9, "nine")]))
    settle()
    assert recorder.events == []
    assert changes.events == []
    # The list is still a safe GObject, and reads as the model left it.
    assert list_model.get_n_items() == 3
    assert ids_and_titles(list_model) == FIRST
    assert all(mine is theirs for mine, theirs in zip(held_rows, rows_of(list_model)))

    # A held row of a finalized model does nothing when selected.
    held_rows[0].select()
    settle()
    assert recorder.events == []
    assert held_rows[0].props.title == "one"

    del held_rows
    del list_model
    collect()
    assert list_gone.finalized


def test_a_row_held_past_a_reload_still_acts_while_its_model_lives():
    fake = FakeApi(respond=None)
    model = Vct.TableModel.new_with_manager(fake.new_api())
    recorder = record_table_model(model)
    model.reload_data()
    fake.wait_request().return_json(photos_json(FIRST))
    recorder.wait_for("did-reload-data")
    dropped = model.get_list().get_item(1)
    model.reload_data()
    fake.wait_request().return_json(photos_json([(1, "one"), (3, "three")]))
    recorder.wait_for("did-reload-data", count=2)
    assert ids_and_titles(model.get_list()) == [(1, "one"), (3, "three")]
    recorder.take()

    # A tap that raced the reload is not lost.
    dropped.select()
    recorder.wait_for("did-update-navigation-title")
    assert recorder.take() == [("notify::title", "two"), ("did-update-navigation-title", "two")]


def test_dropping_a_model_from_its_own_signal_handler():
    fake = FakeApi(respond=lambda request: request.return_json(photos_json(FIRST)))
    holder = {"model": Vct.TableModel.new_with_manager(fake.new_api())}
    gone = Gone(holder["model"])
    recorder = record_table_model(holder["model"])
    holder["model"].connect("did-update-navigation-title", lambda _model, _title: holder.clear())
    holder["model"].reload_data()
    run_until(lambda: gone.finalized, what="the model's finalization inside its handler")
    settle()
    # The reload's outcome is never delivered to a finalized model.
    assert "did-reload-data" not in recorder.names()
    assert recorder.names() == ["notify::loading", "did-update-navigation-title"]
    assert recorder.events[1] == ("did-update-navigation-title", DEFAULT_TITLE)


def test_dropping_a_feed_with_a_follow_in_flight(prefix):
    document = (prefix / "share" / "vctable" / "feeds.json").read_bytes()
    follows = []
    fetch = lambda request, *_: request.return_json(document)  # noqa: E731
    follow = lambda request, member_id, *_: follows.append((request, member_id))  # noqa: E731
    feed = Vct.FeedModel.new(Vct.FeedService.new_custom(fetch, follow))
    feed.reload()
    run_until(lambda: feed.props.list.get_n_items() > 0 and not feed.props.loading, what="the feed")
    list_model = feed.props.list
    members = [row for row in rows_of(list_model)
               if isinstance(row, Vct.MemberRow) and row.props.follow_state == Vct.FollowState.NORMAL]
    states = []
    for position, row in enumerate(members):
        row.connect("notify::follow-state", lambda instance, _pspec, position=position: states.append(
            (position, instance.props.follow_state)))
    members[0].press()
    run_until(lambda: follows, what="the follow request")
    request, _ = follows.pop()
    gone = Gone(feed)
    errors = Recorder().signal(feed, "did-error")

    del feed
    collect()
    assert gone.finalized
    # The follow already running may complete: harmless, and it reports no error to anyone.
    request.return_json(b"{}")
    # "A member's follow is sent by nobody once the feed is finalized."
    members[1].press()
    settle()
    assert follows == []
    assert errors.events == []
    assert [state for position, state in states if position == 1] == []
    assert members[1].props.follow_state == Vct.FollowState.NORMAL
    assert list_model.get_n_items() > 0


EXIT_SCRIPT = """
import sys
import time
import gi
gi.require_version("Vct", "1.0")
from gi.repository import GLib, Vct
loop = GLib.MainLoop()
model = Vct.TableModel.factory_instance()
model.connect("did-reload-data", lambda model: loop.quit())
model.reload_data()
loop.run()
for position in range(model.get_n_items()):
    model.get_item(position).get_id()  # each cell has had a Python wrapper
sys.setswitchinterval(1000)  # from here this thread keeps the GIL while it runs Python
model.reload_data()  # the 5000 replaced cells are freed off the loop, on a libdispatch thread
loop.run()
# Half a second of Python: the thread freeing the cells blocks on the GIL and still
# waits for it when the interpreter starts finalizing, at the end of the script.
end = time.monotonic() + 0.5
while time.monotonic() < end:
    pass
print("done")
"""


def test_cells_freed_off_the_loop_do_not_crash_python_at_exit(tmp_path):
    """A reload's replaced VctCellData objects are finalized on the model's context thread.

    They once went to a libdispatch worker (releaseOffLoop): a cell PyGObject had wrapped
    took the GIL in its finalizer, and when the script ended meanwhile CPython's
    finalization made that thread pthread_exit() and libdispatch aborted (SIGILL)."""
    # The crash is a race with the interpreter's exit; the script makes it likely (always,
    # on an idle machine), and up to five runs make a pass mean it is gone.
    env = {key: value for key, value in os.environ.items() if not key.startswith("VCTABLE_")}
    env["GI_TYPELIB_PATH"] = str(typelib_dir())
    for _ in range(5):
        result = subprocess.run([sys.executable, "-c", EXIT_SCRIPT], cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 0, f"exit status {result.returncode}: {result.stderr[-300:]}"
        assert result.stdout == "done\n"
