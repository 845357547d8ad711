"""Shared helpers of VCTable's Python tests (PyGObject over the installed Vct-1.0 typelib).

Run with Debian's Python and the typelib of an installed prefix:

    GI_TYPELIB_PATH=PREFIX/lib/girepository-1.0 /usr/bin/python3 -m pytest -q Tests/Python

(Tests/Python/run.sh PREFIX does that and prints one summary line.)

The loop is always driven to a condition (run_until), with a timeout that fails the test;
nothing sleeps to synchronise. settle() is only for negative checks ("nothing more
arrives"): it iterates the loop for a short, bounded window.
"""

import gc
import json
import os
import tempfile
import threading
import time
from pathlib import Path

import pytest

# The image loader's disk cache (XDG_CACHE_HOME/vctable/images) is the run's own.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="vct-py-cache-")

# The factories read these: the tests want the fixtures installed with the library.
for _variable in ("VCTABLE_PHOTOS_URL", "VCTABLE_FEEDS_URL", "VCTABLE_SONGS_URL"):
    os.environ.pop(_variable, None)

import gi  # noqa: E402

gi.require_version("Vct", "1.0")
from gi.repository import Gio, GLib, Vct  # noqa: E402,F401

DEFAULT_TITLE = "MVVM Table View Example"
ERROR_PREFIX = "An Error Occurred\n\n"


# ------------------------------------------------------------------------ the prefix


def typelib_dir():
    """The directory of Vct-1.0.typelib: the first GI_TYPELIB_PATH entry that holds it."""
    for entry in os.environ.get("GI_TYPELIB_PATH", "").split(os.pathsep):
        if entry and (Path(entry) / "Vct-1.0.typelib").is_file():
            return Path(entry)
    return None


@pytest.fixture(scope="session")
def prefix():
    """The installation prefix the typelib comes from (PREFIX/lib/girepository-1.0)."""
    directory = typelib_dir()
    if directory is None:
        pytest.fail("Vct-1.0.typelib is not in GI_TYPELIB_PATH; run Tests/Python/run.sh PREFIX")
    return directory.parent.parent


@pytest.fixture(scope="session")
def photos_fixture(prefix):
    """The photos fixture installed with the library, as a list of dicts."""
    with open(prefix / "share" / "vctable" / "photos.json", encoding="utf-8") as handle:
        return json.load(handle)


# ------------------------------------------------------------------------ the loop


def run_until(predicate, timeout=15, what=None):
    """Iterates the default main context until predicate() is true; fails after timeout s.

    A 10 ms timer wakes the blocking iteration, so that a condition another thread makes
    true (no event on the loop) is seen too."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    wakeup = GLib.timeout_add(10, lambda: GLib.SOURCE_CONTINUE)
    try:
        while not predicate():
            if time.monotonic() > deadline:
                pytest.fail(f"timed out after {timeout} s waiting for {what or predicate}")
            context.iteration(True)
    finally:
        GLib.source_remove(wakeup)


def settle(milliseconds=150):
    """Runs the loop for a short window (and what is pending after it): for checking that
    nothing more arrives, never for waiting on something."""
    done = []
    GLib.timeout_add(milliseconds, lambda: done.append(True) or GLib.SOURCE_REMOVE)
    run_until(lambda: done, timeout=milliseconds / 1000 + 15, what="the settle window")
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def collect():
    """Drops Python's unreachable wrappers now (PyGObject wrappers in cycles)."""
    for _ in range(3):
        gc.collect()


# ------------------------------------------------------------------------ recording


class Recorder:
    """Records signals and notifies of GObjects, in order, as tuples in .events.

    Handlers read the emitting instance from their first argument and hold no reference to
    it, so recording keeps nothing alive."""

    def __init__(self):
        self.events = []

    def signal(self, obj, name, keep_args=True):
        events = self.events

        def handler(_instance, *args):
            events.append((name,) + (tuple(args) if keep_args else ()))

        obj.connect(name, handler)
        return self

    def notify(self, obj, *properties):
        events = self.events
        for prop in properties:
            def handler(instance, _pspec, prop=prop):
                # Read while the notify is emitted: the value as of that change.
                events.append(("notify::" + prop, instance.get_property(prop)))

            obj.connect("notify::" + prop, handler)
        return self

    def items_changed(self, list_model):
        events = self.events
        list_model.connect(
            "items-changed",
            lambda _list, position, removed, added: events.append(("items-changed", position, removed, added)))
        return self

    def names(self):
        return [event[0] for event in self.events]

    def count(self, name):
        return sum(1 for event in self.events if event[0] == name)

    def wait_for(self, name, count=1, timeout=15):
        run_until(lambda: self.count(name) >= count, timeout, what=f"{count} x {name}")

    def take(self):
        """The events so far, and forget them."""
        events = list(self.events)
        del self.events[:]
        return events


def record_table_model(model):
    """A Recorder of a table model's signals, property notifies and list changes."""
    recorder = Recorder()
    recorder.notify(model, "title", "loading", "last-error")
    recorder.signal(model, "did-update-navigation-title")
    recorder.signal(model, "did-error")
    recorder.signal(model, "did-reload-data")
    recorder.items_changed(model.get_list())
    return recorder


# ------------------------------------------------------------------------ documents


def photo(id_, title=None, album_id=1):
    return {
        "albumId": album_id,
        "id": id_,
        "title": title if title is not None else f"photo {id_}",
        "url": f"https://example.com/600/{id_}",
        "thumbnailUrl": f"https://example.com/150/{id_}",
    }


def photos_json(records):
    """A photos document: records are dicts, ids, or (id, title) pairs."""
    items = []
    for record in records:
        if isinstance(record, dict):
            items.append(record)
        elif isinstance(record, tuple):
            items.append(photo(*record))
        else:
            items.append(photo(record))
    return json.dumps(items).encode("utf-8")


def rows_of(list_model):
    return [list_model.get_item(i) for i in range(list_model.get_n_items())]


def ids_and_titles(list_model):
    return [(row.props.id, row.props.title) for row in rows_of(list_model)]


def vct_error(code, message):
    return GLib.Error.new_literal(Vct.error_quark(), message, int(code))


# ------------------------------------------------------------------------ a custom API


class FakeApi:
    """The function of a custom Vct.Api that keeps each request for the test to complete.

    The Vct.Api is not stored here (new_api() returns it), so that the API's reference to
    this object's method makes no cycle through Python."""

    def __init__(self, respond=None):
        self.respond = respond  # called with each request; None keeps it in .requests
        self.requests = []
        self.calls = 0
        self.threads = []
        self.lock = threading.Lock()

    def new_api(self):
        return Vct.Api.new_custom(self.get_photos)

    def get_photos(self, request, *_user_data):
        with self.lock:
            self.calls += 1
            self.threads.append(threading.current_thread())
        if self.respond is not None:
            self.respond(request)
        else:
            with self.lock:
                self.requests.append(request)

    def wait_request(self, timeout=15):
        run_until(lambda: self.requests, timeout, what="a get_photos call")
        with self.lock:
            return self.requests.pop(0)


@pytest.fixture
def fake_api():
    return FakeApi()


def pytest_runtest_logreport(report):
    """With VCT_PY_RESULTS set (run.sh), appends each test's outcome to that file as it is
    known, so that a crash that kills pytest before its summary still leaves the count."""
    path = os.environ.get("VCT_PY_RESULTS")
    if not path:
        return
    if report.when == "call" or report.outcome != "passed":
        if hasattr(report, "wasxfail"):
            outcome = "xfailed" if report.outcome == "skipped" else "xpassed"
        else:
            outcome = report.outcome
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"{outcome} {report.nodeid}\n")


@pytest.fixture(autouse=True)
def _clean_loop():
    """Each test starts and ends with nothing pending on the default context."""
    yield
    collect()
    context = GLib.MainContext.default()
    for _ in range(1000):
        if not context.pending():
            break
        context.iteration(False)
