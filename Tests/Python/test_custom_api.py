"""A custom API written in Python: Vct.Api.new_custom(func), whose func completes each
request with bytes (request.return_json) or a GLib.Error (request.return_error), inside
the function, later from the loop (GLib.idle_add), or from a Python thread."""

import threading

import pytest

from conftest import (
    DEFAULT_TITLE,
    ERROR_PREFIX,
    FakeApi,
    Gio,
    GLib,
    Vct,
    ids_and_titles,
    photos_json,
    record_table_model,
    rows_of,
    run_until,
    settle,
    vct_error,
)

FIRST = [(1, "one"), (2, "two"), (3, "three")]


def error_tuple(error):
    return None if error is None else (error.domain, error.code, error.message)


def plain(events):
    """The events with each GLib.Error as (domain, code, message), for comparison."""
    return [tuple(error_tuple(value) if isinstance(value, GLib.Error) else value for value in event)
            for event in events]


class Completer:
    """Completes a request now ("inline"), from an idle on the loop ("idle"), or from a
    Python thread ("thread")."""

    def __init__(self, how):
        self.how = how
        self.threads = []
        self.completed_on = []

    def __call__(self, request, complete):
        def run():
            self.completed_on.append(threading.current_thread())
            complete(request)

        if self.how == "inline":
            run()
        elif self.how == "idle":
            GLib.idle_add(lambda: run() or GLib.SOURCE_REMOVE)
        else:
            thread = threading.Thread(target=run, name="completer")
            self.threads.append(thread)
            thread.start()

    def join(self):
        for thread in self.threads:
            thread.join(15)
            assert not thread.is_alive()


def json_completion(records):
    body = photos_json(records)
    return lambda request: request.return_json(body)


def error_completion(error):
    return lambda request: request.return_error(error)


@pytest.fixture
def switchable():
    """A model over a FakeApi whose completion the test sets per reload."""
    fake = FakeApi()
    model = Vct.TableModel.new_with_manager(fake.new_api())
    return fake, model, record_table_model(model)


def reload_with(fake, model, recorder, completer, completion):
    fake.respond = lambda request: completer(request, completion)
    outcomes = recorder.count("did-reload-data") + recorder.count("did-error")
    model.reload_data()
    run_until(lambda: recorder.count("did-reload-data") + recorder.count("did-error") > outcomes,
              what="the reload's outcome")
    completer.join()
    settle()


@pytest.mark.parametrize("how", ["inline", "idle", "thread"])
def test_return_json(switchable, how):
    fake, model, recorder = switchable
    completer = Completer(how)
    reload_with(fake, model, recorder, completer, json_completion(FIRST))

    assert recorder.take() == [
        ("notify::loading", True),
        ("did-update-navigation-title", DEFAULT_TITLE),
        ("items-changed", 0, 0, 3),
        ("notify::loading", False),
        ("did-reload-data",),
    ]
    assert ids_and_titles(model.get_list()) == FIRST
    assert all(isinstance(row, Vct.PhotoRow) for row in rows_of(model.get_list()))
    assert model.props.last_error is None
    assert model.props.loading is False
    # The function runs on the loop's thread (the context of the thread that made the API).
    assert fake.calls == 1
    assert fake.threads == [threading.main_thread()]
    expected = threading.main_thread() if how != "thread" else completer.threads[0]
    assert completer.completed_on == [expected]


@pytest.mark.parametrize("how", ["inline", "idle", "thread"])
def test_return_error_keeps_the_rows(switchable, how):
    fake, model, recorder = switchable
    reload_with(fake, model, recorder, Completer("inline"), json_completion(FIRST))
    held = rows_of(model.get_list())
    recorder.take()

    completer = Completer(how)
    reload_with(fake, model, recorder, completer,
                error_completion(vct_error(Vct.Error.TIMED_OUT, "the server took too long")))
    message = ERROR_PREFIX + "the server took too long"
    error = ("vct-error-quark", int(Vct.Error.TIMED_OUT), "the server took too long")
    assert plain(recorder.take()) == [
        ("notify::loading", True),
        ("did-update-navigation-title", DEFAULT_TITLE),
        ("notify::loading", False),
        ("notify::last-error", error),
        ("did-error", message),
    ]
    # The rows from before are kept, objects and all.
    assert ids_and_titles(model.get_list()) == FIRST
    assert all(mine is theirs for mine, theirs in zip(held, rows_of(model.get_list())))
    assert model.get_n_items() == 3
    assert error_tuple(model.props.last_error) == error
    assert model.props.last_error.matches(Vct.error_quark(), Vct.Error.TIMED_OUT)
    assert error_tuple(model.get_last_error()) == error
    assert model.props.loading is False

    # The same error again: did-error, and no notify::last-error (it did not change).
    reload_with(fake, model, recorder, Completer(how),
                error_completion(vct_error(Vct.Error.TIMED_OUT, "the server took too long")))
    assert [event[0] for event in recorder.take()] == [
        "notify::loading", "did-update-navigation-title", "notify::loading", "did-error"]

    # A success clears the error, notified before did-reload-data.
    reload_with(fake, model, recorder, Completer(how), json_completion(FIRST + [(4, "four")]))
    assert plain(recorder.take()) == [
        ("notify::loading", True),
        ("did-update-navigation-title", DEFAULT_TITLE),
        ("items-changed", 3, 0, 1),
        ("notify::loading", False),
        ("notify::last-error", None),
        ("did-reload-data",),
    ]
    assert model.props.last_error is None
    assert model.get_last_error() is None


def test_an_error_of_another_domain_becomes_failed(switchable):
    fake, model, recorder = switchable
    error = GLib.Error.new_literal(Gio.io_error_quark(), "permission denied by the proxy",
                                   int(Gio.IOErrorEnum.PERMISSION_DENIED))
    reload_with(fake, model, recorder, Completer("inline"), error_completion(error))
    assert recorder.events[-1] == ("did-error", ERROR_PREFIX + "permission denied by the proxy")
    assert error_tuple(model.props.last_error) == \
        ("vct-error-quark", int(Vct.Error.FAILED), "permission denied by the proxy")


@pytest.mark.parametrize("body, code", [
    (b"", Vct.Error.EMPTY_RESPONSE),
    (b"not json", Vct.Error.INVALID_JSON),
    (b'{"photos": []}', Vct.Error.NOT_AN_ARRAY),
    (b'[{"id": 1}]', Vct.Error.MISSING_FIELD),
    (b'[{"albumId": 1, "id": "1", "title": "t", "url": "u", "thumbnailUrl": "t"}]',
     Vct.Error.WRONG_FIELD_TYPE),
], ids=["empty", "not-json", "object", "missing-field", "string-id"])
def test_returned_json_is_decoded_as_http_is(switchable, body, code):
    fake, model, recorder = switchable
    reload_with(fake, model, recorder, Completer("inline"), json_completion(FIRST))
    recorder.take()
    reload_with(fake, model, recorder, Completer("inline"), lambda request: request.return_json(body))
    name, message = recorder.events[-1]
    assert name == "did-error"
    assert message.startswith(ERROR_PREFIX) and len(message) > len(ERROR_PREFIX)
    assert model.props.last_error.matches(Vct.error_quark(), code)
    assert message == ERROR_PREFIX + model.props.last_error.message
    assert ids_and_titles(model.get_list()) == FIRST


def test_an_empty_array_empties_the_list(switchable):
    fake, model, recorder = switchable
    reload_with(fake, model, recorder, Completer("inline"), json_completion(FIRST))
    recorder.take()
    reload_with(fake, model, recorder, Completer("inline"), json_completion([]))
    assert recorder.take()[-3:] == [("items-changed", 0, 3, 0), ("notify::loading", False), ("did-reload-data",)]
    assert model.get_list().get_n_items() == 0


def test_loading_while_the_request_is_held(fake_api):
    model = Vct.TableModel.new_with_manager(fake_api.new_api())
    recorder = record_table_model(model)
    model.reload_data()
    request = fake_api.wait_request()
    assert isinstance(request, Vct.ApiRequest)
    recorder.wait_for("notify::loading")
    assert recorder.take() == [("notify::loading", True), ("did-update-navigation-title", DEFAULT_TITLE)]
    assert model.props.loading is True
    assert model.is_loading() is True
    cancellable = request.get_cancellable()
    assert isinstance(cancellable, Gio.Cancellable)
    assert not cancellable.is_cancelled()

    settle()
    assert recorder.events == []  # nothing until the request completes

    request.return_json(photos_json(FIRST))
    recorder.wait_for("did-reload-data")
    assert recorder.take() == [
        ("items-changed", 0, 0, 3), ("notify::loading", False), ("did-reload-data",)]
    assert model.props.loading is False


def test_reload_from_a_thread_calls_the_function_on_the_loop(fake_api):
    fake_api.respond = lambda request: request.return_json(photos_json(FIRST))
    model = Vct.TableModel.new_with_manager(fake_api.new_api())
    recorder = record_table_model(model)
    thread = threading.Thread(target=model.reload_data, name="reloader")
    thread.start()
    thread.join(15)
    recorder.wait_for("did-reload-data")
    assert fake_api.threads == [threading.main_thread()]
    assert ids_and_titles(model.get_list()) == FIRST


def test_a_superseded_request_is_cancelled_and_its_result_dropped(fake_api):
    model = Vct.TableModel.new_with_manager(fake_api.new_api())
    recorder = record_table_model(model)
    model.reload_data()
    first = fake_api.wait_request()
    model.reload_data()
    second = fake_api.wait_request()
    run_until(lambda: first.get_cancellable().is_cancelled(), what="the first request's cancellation")
    assert not second.get_cancellable().is_cancelled()

    # The superseded request can still be completed (from a thread, too): it is dropped.
    thread = threading.Thread(target=first.return_json, args=(photos_json([(9, "stale")]),))
    thread.start()
    thread.join(15)
    settle()
    assert recorder.count("did-reload-data") == 0
    assert model.props.loading is True

    second.return_json(photos_json(FIRST))
    recorder.wait_for("did-reload-data")
    settle()
    assert recorder.count("did-reload-data") == 1
    assert recorder.count("did-error") == 0
    assert ids_and_titles(model.get_list()) == FIRST
    assert [event for event in recorder.events if event[0] == "items-changed"] == [("items-changed", 0, 0, 3)]


def test_one_api_serves_several_models(fake_api):
    fake_api.respond = lambda request: request.return_json(photos_json(FIRST))
    api = fake_api.new_api()
    models = [Vct.TableModel.new_with_manager(api) for _ in range(3)]
    recorders = [record_table_model(model) for model in models]
    for model in models:
        model.reload_data()
    for recorder in recorders:
        recorder.wait_for("did-reload-data")
    assert fake_api.calls == 3
    assert [ids_and_titles(model.get_list()) for model in models] == [FIRST] * 3
