"""Vct.Screen, the interface the three screens implement (Vct.TableModel, Vct.FeedModel,
Vct.SongPickerModel), driven through it alone: the same test for each screen, over a
source written in Python whose requests the test completes.

Each screen is made by its class's constructor, then only Vct.Screen is used:
Vct.Screen.reload (called as the interface's method, so a class's own method of the same
name is not what runs), the properties and getters it declares (title, loading,
last-error, list) and its signal did-error. A failed reload gives did-error after
notify::last-error (a GLib.Error in the Vct.Error domain), the rows stay; a good reload
clears last-error with one notify."""

import json

import pytest

from conftest import (
    ERROR_PREFIX,
    GLib,
    Gio,
    Vct,
    feed_document,
    photos_json,
    run_until,
    settle,
    vct_error,
)


class HeldRequests:
    """A source's fetch function that keeps each request for the test to complete."""

    def __init__(self):
        self.requests = []

    def __call__(self, request, *_user_data):
        self.requests.append(request)

    def follow(self, request, _member_id, *_user_data):  # the feed's; no test follows
        request.return_error(vct_error(Vct.Error.FAILED, "no follows here"))

    def wait(self):
        run_until(lambda: self.requests, what="a fetch")
        return self.requests.pop(0)


def songs_document():
    return json.dumps([{"id": i, "title": f"song {i}", "subtitle": f"sub {i}", "duration": 60 * i}
                       for i in (1, 2, 3)]).encode("utf-8")


# name: (make the model over the held requests, the good document, rows it shows,
#        title once loaded)
SCREENS = {
    "table": (lambda held: Vct.TableModel.new_with_manager(Vct.Api.new_custom(held)),
              photos_json([1, 2, 3, 4]), 4, "MVVM Table View Example"),
    "feed": (lambda held: Vct.FeedModel.new(Vct.FeedService.new_custom(held, held.follow)),
             feed_document(), 6, "Your Feeds"),
    "picker": (lambda held: Vct.SongPickerModel.new(Vct.SongService.new_custom(held)),
               songs_document(), 3, "Pick meditation song"),
}


def record(screen):
    """The interface's reports, in order: each notify with the getter's value read inside
    it (and the property compared with it), did-error with the last error read inside it,
    the list's items-changed."""
    events = []

    def on_notify(instance, pspec):
        assert pspec.owner_type == Vct.Screen.__gtype__
        if pspec.name == "title":
            value = Vct.Screen.dup_title(instance)
        elif pspec.name == "loading":
            value = Vct.Screen.is_loading(instance)
        else:
            error = Vct.Screen.dup_last_error(instance)
            value = None if error is None else (error.domain, error.code, error.message)
        read = instance.get_property(pspec.name)
        if pspec.name == "last-error":
            read = None if read is None else (read.domain, read.code, read.message)
        assert read == value
        events.append((pspec.name, value))

    def on_did_error(instance, message):
        error = Vct.Screen.dup_last_error(instance)
        assert message.startswith(ERROR_PREFIX)
        events.append(("did-error", message[len(ERROR_PREFIX):], error.code if error else None))

    for name in ("title", "loading", "last-error"):
        screen.connect("notify::" + name, on_notify)
    screen.connect("did-error", on_did_error)
    Vct.Screen.get_list(screen).connect(
        "items-changed", lambda _list, position, removed, added: events.append(("items-changed", position, removed, added)))
    return events


@pytest.fixture(params=sorted(SCREENS))
def screen(request):
    make, document, n_rows, loaded_title = SCREENS[request.param]
    held = HeldRequests()
    model = make(held)
    return request.param, model, held, document, n_rows, loaded_title


def reload(screen, held, complete, until):
    Vct.Screen.reload(screen)
    assert Vct.Screen.is_loading(screen) is True
    complete(held.wait())
    run_until(until, what="the reload's outcome")
    settle()


def test_screen_through_the_interface(screen):
    kind, model, held, document, n_rows, loaded_title = screen
    assert isinstance(model, Vct.Screen)
    assert Vct.Screen.__gtype__ in type(model).__gtype__.interfaces
    events = record(model)
    list_model = Vct.Screen.get_list(model)
    assert isinstance(list_model, Vct.ListModel)
    assert isinstance(list_model, Gio.ListModel)
    assert model.props.list is list_model
    assert list_model.get_n_items() == 0
    assert Vct.Screen.is_loading(model) is False and model.props.loading is False
    assert Vct.Screen.dup_last_error(model) is None and model.props.last_error is None
    assert Vct.Screen.dup_title(model) == model.props.title

    feed = kind == "feed"
    start = [("loading", True)]
    end = ([("title", "Your Feeds")] if feed else []) + [("loading", False)]

    # The first reload fills the list, then loading turns off; no error.
    reload(model, held, lambda request: request.return_json(document), lambda: ("loading", False) in events)
    assert events == start + [("items-changed", 0, 0, n_rows)] + end
    del events[:]
    assert list_model.get_n_items() == n_rows
    assert Vct.Screen.dup_title(model) == loaded_title
    assert Vct.Screen.dup_last_error(model) is None

    # A failed reload: last-error, then did-error through the interface; the rows stay.
    if feed:
        start = [("loading", True), ("title", "Loading...")]
    failure = vct_error(Vct.Error.HTTP_STATUS, "refused")
    reload(model, held, lambda request: request.return_error(failure), lambda: any(e[0] == "did-error" for e in events))
    domain = GLib.quark_to_string(Vct.error_quark())  # PyGObject gives an error's domain by name
    assert events == start + end + [
        ("last-error", (domain, int(Vct.Error.HTTP_STATUS), "refused")),
        ("did-error", "refused", int(Vct.Error.HTTP_STATUS)),
    ]
    del events[:]
    assert list_model.get_n_items() == n_rows
    error = model.props.last_error
    assert isinstance(error, GLib.Error)
    assert error.matches(Vct.error_quark(), Vct.Error.HTTP_STATUS)
    assert Vct.Screen.dup_last_error(model).matches(Vct.error_quark(), Vct.Error.HTTP_STATUS)

    # The same failure again: did-error only, last-error did not change.
    reload(model, held, lambda request: request.return_error(failure), lambda: any(e[0] == "did-error" for e in events))
    assert events == start + end + [("did-error", "refused", int(Vct.Error.HTTP_STATUS))]
    del events[:]

    # A good reload clears it, with one notify and no did-error.
    reload(model, held, lambda request: request.return_json(document), lambda: ("loading", False) in events)
    assert events == start + end + [("last-error", None)]
    assert Vct.Screen.dup_last_error(model) is None and model.props.last_error is None
    assert list_model.get_n_items() == n_rows
