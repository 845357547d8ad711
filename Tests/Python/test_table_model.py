"""The factory model: Vct.TableModel.factory_instance() over the installed photos fixture,
its signals and notifies in the documented order, its list as a Gio.ListModel of
Vct.PhotoRow, and a row's selection."""

import pytest

from conftest import (
    DEFAULT_TITLE,
    ERROR_PREFIX,
    Gio,
    GLib,
    Vct,
    record_table_model,
    rows_of,
    run_until,
    settle,
)


def reload_and_wait(model, recorder):
    before = recorder.count("did-reload-data") + recorder.count("did-error")
    model.reload_data()
    run_until(lambda: recorder.count("did-reload-data") + recorder.count("did-error") > before,
              what="the reload's outcome")


@pytest.fixture
def model():
    return Vct.TableModel.factory_instance()


@pytest.fixture
def loaded(model):
    """The factory model after its first reload, and its recorder (emptied)."""
    recorder = record_table_model(model)
    reload_and_wait(model, recorder)
    assert recorder.names()[-1] == "did-reload-data", recorder.events
    recorder.take()
    return model, recorder


def test_a_new_model_has_the_default_state(model):
    assert isinstance(model, Vct.TableModel)
    assert model.props.title == DEFAULT_TITLE
    assert model.get_title() == DEFAULT_TITLE
    assert model.props.loading is False
    assert model.props.last_error is None
    assert model.get_n_items() == 0
    assert model.get_list().get_n_items() == 0
    assert model.props.list is model.get_list()


def test_factory_reload_reads_the_installed_fixture(loaded, photos_fixture):
    model, _ = loaded
    assert len(photos_fixture) == 5000
    rows = model.get_list()
    assert isinstance(rows, Gio.ListModel)
    assert isinstance(rows, Vct.ListModel)
    assert rows.get_item_type() == Vct.Row.__gtype__
    assert rows.get_n_items() == 5000
    assert model.get_n_items() == 5000
    assert rows.get_item(5000) is None

    for position, (row, record) in enumerate(zip(rows_of(rows), photos_fixture)):
        assert isinstance(row, Vct.PhotoRow), position
        assert row.props.id == record["id"], position
        assert row.props.title == record["title"], position
        assert row.props.album_id == record["albumId"], position
        assert row.props.url == record["url"], position
        assert row.props.thumbnail_url == record["thumbnailUrl"], position
        assert row.props.entry == f"Entry ID: {record['id']}", position

    first = rows.get_item(0)
    assert first.get_kind() == "PhotoCellView"  # MVVMKit's naming: the view model type minus "Model"
    assert first.get_role() == Vct.RowRole.ITEM
    # Cached while held: the same object for the same photo.
    assert rows.get_item(0) is first
    # One section, no header or footer.
    assert rows.get_n_sections() == 1
    assert tuple(rows.get_section(4999)) == (0, 0, 5000)
    assert tuple(rows.get_section(5000)) == (1, 5000, 5000)
    # The legacy item API reads the same photos.
    cell = model.get_item(4)
    assert isinstance(cell, Vct.CellData)
    assert (cell.get_id(), cell.get_title()) == (photos_fixture[4]["id"], photos_fixture[4]["title"])
    assert model.get_item(5000) is None


def test_first_reload_reports_in_the_documented_order(model):
    recorder = record_table_model(model)
    model.reload_data()
    # Never inline: everything is delivered later, on the loop.
    assert recorder.events == []
    assert model.props.title == DEFAULT_TITLE

    recorder.wait_for("did-reload-data")
    settle()
    # The title reset is reported (the title is already the default: no notify::title),
    # loading goes up with it; the rows reach the list (one insert of everything) just
    # before did-reload-data, loading going down with the outcome.
    assert recorder.events == [
        ("notify::loading", True),
        ("did-update-navigation-title", DEFAULT_TITLE),
        ("items-changed", 0, 0, 5000),
        ("notify::loading", False),
        ("did-reload-data",),
    ]
    assert model.props.loading is False
    assert model.props.last_error is None


def test_select_changes_the_title_with_notify(loaded):
    model, recorder = loaded
    row = model.get_list().get_item(2)
    title = row.props.title
    assert title != DEFAULT_TITLE

    row.select()
    assert recorder.events == []  # reported later
    recorder.wait_for("did-update-navigation-title")
    assert recorder.take() == [
        ("notify::title", title),
        ("did-update-navigation-title", title),
    ]
    assert model.props.title == title
    assert model.get_title() == title

    # Reported again, unchanged: the signal, and no notify::title.
    row.select()
    recorder.wait_for("did-update-navigation-title")
    settle()
    assert recorder.take() == [("did-update-navigation-title", title)]

    # Another row: its title.
    other = model.get_list().get_item(4)
    other.select()
    recorder.wait_for("did-update-navigation-title")
    assert recorder.take() == [
        ("notify::title", other.props.title),
        ("did-update-navigation-title", other.props.title),
    ]


def test_reload_resets_the_title_in_order(loaded):
    model, recorder = loaded
    model.get_list().get_item(1).select()
    recorder.wait_for("did-update-navigation-title")
    recorder.take()
    assert model.props.title != DEFAULT_TITLE

    reload_and_wait(model, recorder)
    settle()
    # The same photos again: no items-changed at all.
    assert recorder.take() == [
        ("notify::title", DEFAULT_TITLE),
        ("notify::loading", True),
        ("did-update-navigation-title", DEFAULT_TITLE),
        ("notify::loading", False),
        ("did-reload-data",),
    ]
    assert model.props.title == DEFAULT_TITLE
    assert model.get_list().get_n_items() == 5000


def test_rows_keep_their_objects_across_a_reload_of_the_same_photos(loaded):
    model, recorder = loaded
    rows = model.get_list()
    held = [rows.get_item(i) for i in (0, 1, 2500, 4999)]
    reload_and_wait(model, recorder)
    assert [rows.get_item(i) for i in (0, 1, 2500, 4999)] == held
    for mine, theirs in zip(held, [rows.get_item(i) for i in (0, 1, 2500, 4999)]):
        assert mine is theirs
    assert model.props.list is rows


def test_user_selected_cell_reports_the_cell_title(loaded):
    model, recorder = loaded
    cell = model.get_item(7)
    model.user_selected_cell(cell)
    assert recorder.events == []
    recorder.wait_for("did-update-navigation-title")
    assert recorder.take() == [
        ("notify::title", cell.props.title),
        ("did-update-navigation-title", cell.props.title),
    ]


def test_legacy_callbacks_run_just_before_the_signals(model):
    # The block-style setters of the original: a delivery runs its callback first, then
    # the property notifies and the matching signal (ARCHITECTURE.md, "Lifetimes across
    # C"). PyGObject hands a callback's C array with its length; only the items are read.
    recorder = record_table_model(model)
    events = recorder.events
    finalized = []

    def on_reload(items, *_):
        events.append(("callback-reload", len(items), items[0].get_id()))
        for cell in items:
            cell.weak_ref(finalized.append, True)

    model.set_did_update_navigation_title(lambda title, *_: events.append(("callback-title", title)))
    model.set_did_reload_data(on_reload)
    model.set_did_error(lambda message, *_: events.append(("callback-error", message)))
    reload_and_wait(model, recorder)
    settle()
    assert recorder.events == [
        ("callback-title", DEFAULT_TITLE),
        ("notify::loading", True),
        ("did-update-navigation-title", DEFAULT_TITLE),
        ("items-changed", 0, 0, 5000),
        ("callback-reload", 5000, 1),
        ("notify::loading", False),
        ("did-reload-data",),
    ]
    assert finalized == []  # the cells stay valid until the next reload is delivered
    # Cleared: never called again.
    model.set_did_reload_data(None)
    model.set_did_update_navigation_title(None)
    model.set_did_error(None)
    recorder.take()
    reload_and_wait(model, recorder)
    assert not any(name.startswith("callback-") for name in recorder.names())
    # The replaced cells are freed (off the loop, on a libdispatch thread). Wait for all
    # of them: a cell Python has wrapped takes the GIL when it is finalized, and one still
    # being freed when the interpreter exits crashes it (test_lifetimes.py,
    # test_cells_freed_off_the_loop_do_not_crash_python_at_exit).
    run_until(lambda: len(finalized) == 5000, what="the replaced cells' finalization")


def test_factory_uses_vctable_photos_url(monkeypatch, tmp_path):
    document = tmp_path / "photos.json"
    document.write_text('[{"albumId": 7, "id": 42, "title": "from the variable", '
                        '"url": "u", "thumbnailUrl": "t"}]', encoding="utf-8")
    monkeypatch.setenv("VCTABLE_PHOTOS_URL", str(document))
    model = Vct.TableModel.factory_instance()
    recorder = record_table_model(model)
    reload_and_wait(model, recorder)
    assert recorder.names()[-1] == "did-reload-data"
    row = model.get_list().get_item(0)
    assert (model.get_list().get_n_items(), row.props.id, row.props.title, row.props.album_id) == \
        (1, 42, "from the variable", 7)


def test_factory_with_a_bad_vctable_photos_url_fails_each_reload(monkeypatch):
    monkeypatch.setenv("VCTABLE_PHOTOS_URL", "gopher://example.com/photos")
    model = Vct.TableModel.factory_instance()
    recorder = record_table_model(model)
    reload_and_wait(model, recorder)
    name, message = recorder.events[-1]
    assert name == "did-error"
    assert message.startswith(ERROR_PREFIX) and len(message) > len(ERROR_PREFIX)
    error = model.props.last_error
    assert isinstance(error, GLib.Error)
    assert error.matches(Vct.error_quark(), Vct.Error.INVALID_URI)
    assert model.get_list().get_n_items() == 0
