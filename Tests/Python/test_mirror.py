"""A Python mirror of the photo list, kept by items-changed alone.

500 random reloads through a custom API (reorders, inserts, deletes, title edits,
duplicate ids, emptied and replaced lists, and some errors), completed inline, from an idle
or from a thread. Every items-changed (position, removed, added) is applied to a Python
list, reading the added rows with get_item inside the handler, where the list already
reads as the run has left it (GTK's rule: get_n_items() agrees). At rest after each
reload the mirror holds the very objects the list hands out, showing the expected ids and
titles; an error changes nothing.

Duplicate ids come in two kinds, one test each: identical records (the same id with the
same title), and records with the same id and titles of their own, as real documents have
them (overlapping pages, a re-posted entry). Every position has its own object either way,
and inside every items-changed the list hands out, at every position, the object the
mirror holds there (Sources/VCTableGObject/vct-list-model.c, vct-list-delivery.c).

test_duplicate_ids_minimal is the case of issue 21: [{1, a}, {1, b}, {2, c}].

VCT_TEST_SEED=<n> replays another sequence; the seed is printed (pytest shows it when the
test fails) and named in every assertion message.
"""

import os
import random
import threading

import pytest

from conftest import (
    ERROR_PREFIX,
    FakeApi,
    GLib,
    Vct,
    photo,
    photos_json,
    run_until,
    vct_error,
)

SEED = int(os.environ.get("VCT_TEST_SEED", "20261124"))
ROUNDS = 500
ID_POOL = 80
WORDS = ["light", "harbour", "stone", "quiet", "lantern", "été", "fjörd", "日本", "rain", "☂"]


class Photos:
    """The records the next document holds: a list of [id, title]; equal ids, equal titles."""

    def __init__(self, rand, distinct=False):
        self.rand = rand
        self.records = []
        self.edits = 0
        self.distinct = distinct  # a repeated id has a title of its own

    def title(self, id_):
        self.edits += 1
        words = " ".join(self.rand.choice(WORDS) for _ in range(self.rand.randint(1, 3)))
        return f"{words} {id_}.{self.edits}"

    def unused_id(self):
        used = {id_ for id_, _ in self.records}
        free = [id_ for id_ in range(1, ID_POOL + 1) if id_ not in used]
        return self.rand.choice(free) if free else None

    def mutate(self):
        """Changes the records at random; returns what was done, for messages."""
        rand = self.rand
        records = self.records
        kind = rand.choices(
            ["edit", "replace", "empty", "same"], weights=[90, 4, 2, 4])[0]
        if kind == "replace":
            ids = rand.sample(range(1, ID_POOL + 1), rand.randint(0, 40))
            self.records = [[id_, self.title(id_)] for id_ in ids]
            return "replace"
        if kind == "empty":
            self.records = []
            return "empty"
        if kind == "same":
            return "same"
        done = []
        for _ in range(rand.randint(1, 4)):
            operation = rand.choice(["insert", "delete", "move", "shuffle", "title", "duplicate"])
            if operation == "insert":
                for _ in range(rand.randint(1, 5)):
                    id_ = self.unused_id()
                    if id_ is not None:
                        records.insert(rand.randint(0, len(records)), [id_, self.title(id_)])
            elif operation == "delete" and records:
                for _ in range(rand.randint(1, min(5, len(records)))):
                    del records[rand.randrange(len(records))]
            elif operation == "move" and records:
                record = records.pop(rand.randrange(len(records)))
                records.insert(rand.randint(0, len(records)), record)
            elif operation == "shuffle" and len(records) > 1:
                start = rand.randrange(len(records))
                end = rand.randint(start + 1, len(records))
                part = records[start:end]
                rand.shuffle(part)
                records[start:end] = part
            elif operation == "title" and records:
                chosen = rand.choice(records)
                title = self.title(chosen[0])
                for record in records:
                    if record is chosen or (not self.distinct and record[0] == chosen[0]):
                        record[1] = title
            elif operation == "duplicate" and records:
                record = list(rand.choice(records))
                if self.distinct:
                    record[1] = self.title(record[0])
                records.insert(rand.randint(0, len(records)), record)
            done.append(operation)
        return "+".join(done) or "nothing"

    def document(self):
        return photos_json([photo(id_, title) for id_, title in self.records])

    def expected(self):
        return [tuple(record) for record in self.records]


class Mirror:
    """A consumer's copy of the list, from items-changed alone."""

    def __init__(self, list_model):
        self.list = list_model
        self.rows = []
        self.runs = 0
        self.problems = []
        list_model.connect("items-changed", self.on_items_changed)

    def on_items_changed(self, list_model, position, removed, added):
        # An exception in a signal handler does not reach the test: problems are recorded.
        try:
            if threading.current_thread() is not threading.main_thread():
                self.problems.append("items-changed off the loop's thread")
            if list_model is not self.list:
                self.problems.append("items-changed from another list")
            if removed == 0 and added == 0:
                self.problems.append(f"an empty run at {position}")
            if position + removed > len(self.rows):
                self.problems.append(f"run ({position},{removed},{added}) past the copy of {len(self.rows)}")
            count = list_model.get_n_items()
            if count != len(self.rows) - removed + added:
                self.problems.append(
                    f"run ({position},{removed},{added}): get_n_items() {count}, "
                    f"the copy after it {len(self.rows) - removed + added}")
            added_rows = [list_model.get_item(position + i) for i in range(added)]
            if not all(isinstance(row, Vct.PhotoRow) for row in added_rows):
                self.problems.append(f"run ({position},{removed},{added}): not PhotoRow items: {added_rows}")
            self.rows[position:position + removed] = added_rows
            self.runs += 1
            # Inside the signal, every position hands out the object the copy holds there.
            for index, row in enumerate(self.rows):
                if list_model.get_item(index) is not row:
                    self.problems.append(
                        f"inside run ({position},{removed},{added}): another object at {index}")
                    break
        except Exception as error:  # noqa: BLE001 - reported by the test
            self.problems.append(f"handler raised {error!r}")


@pytest.mark.parametrize("duplicates", ["same", "distinct"])
def test_random_reloads_keep_a_mirror_equal_to_the_list(duplicates):
    print(f"test_mirror seed: {SEED} (VCT_TEST_SEED={SEED} replays it), {duplicates} duplicates")
    rand = random.Random(SEED)
    photos = Photos(rand, distinct=duplicates == "distinct")
    fake = FakeApi()
    model = Vct.TableModel.new_with_manager(fake.new_api())
    mirror = Mirror(model.get_list())
    outcomes = {"did-reload-data": 0, "did-error": 0}
    messages = []
    model.connect("did-reload-data", lambda _model: outcomes.__setitem__(
        "did-reload-data", outcomes["did-reload-data"] + 1))

    def on_error(_model, message):
        outcomes["did-error"] += 1
        messages.append(message)

    model.connect("did-error", on_error)
    threads = []
    shown = []  # what the list should show: the last delivered records
    stats = {"errors": 0, "duplicates": 0, "inline": 0, "idle": 0, "thread": 0}

    for round_ in range(ROUNDS):
        fails = rand.random() < 0.08
        if fails:
            what = "error"
            if rand.random() < 0.5:
                payload = ("error", vct_error(Vct.Error.HTTP_STATUS, f"status 503 in round {round_}"))
            else:
                payload = ("json", b'{"not": "an array"}')
        else:
            what = photos.mutate()
            payload = ("json", photos.document())
        how = rand.choice(["inline", "idle", "thread"])
        stats[how] += 1

        def complete(request, payload=payload):
            if payload[0] == "error":
                request.return_error(payload[1])
            else:
                request.return_json(payload[1])

        def respond(request, how=how, complete=complete):
            if how == "inline":
                complete(request)
            elif how == "idle":
                GLib.idle_add(lambda: complete(request) or GLib.SOURCE_REMOVE)
            else:
                thread = threading.Thread(target=complete, args=(request,))
                threads.append(thread)
                thread.start()

        fake.respond = respond
        before = dict(outcomes)
        runs_before = mirror.runs
        model.reload_data()
        run_until(lambda: outcomes != before, what=f"round {round_}'s outcome (seed {SEED})")
        context = f"seed {SEED}, round {round_} ({what}, completed {how})"

        if fails:
            stats["errors"] += 1
            assert outcomes == {**before, "did-error": before["did-error"] + 1}, context
            assert messages[-1].startswith(ERROR_PREFIX), context
            assert mirror.runs == runs_before, f"{context}: an error changed the list"
            assert model.props.last_error is not None, context
        else:
            assert outcomes == {**before, "did-reload-data": before["did-reload-data"] + 1}, context
            shown = photos.expected()
            assert model.props.last_error is None, context
        if len({id_ for id_, _ in shown}) < len(shown):
            stats["duplicates"] += 1

        assert mirror.problems == [], context
        list_model = model.get_list()
        assert list_model.get_n_items() == len(mirror.rows) == len(shown) == model.get_n_items(), context
        for position, (row, (id_, title)) in enumerate(zip(mirror.rows, shown)):
            assert list_model.get_item(position) is row, f"{context}: another object at {position}"
            assert (row.props.id, row.props.title) == (id_, title), f"{context}: position {position}"
        if shown:
            assert tuple(list_model.get_section(0)) == (0, 0, len(shown)), context

        for thread in threads:
            thread.join(15)
        threads.clear()

    print(f"test_mirror: {ROUNDS} reloads, {stats}, {mirror.runs} items-changed runs")
    assert fake.calls == ROUNDS
    assert stats["errors"] > 10 and stats["duplicates"] > 10
    assert outcomes["did-reload-data"] + outcomes["did-error"] == ROUNDS


def test_duplicate_ids_minimal():
    """[{1, a}, {1, b}, {2, c}], reloaded as [{2, c}, {1, b}, {1, a}] and back, three times.

    Inside the first items-changed the three positions are three objects titled a, b, c;
    the mirror holding them shows the model's titles after every reload; and the first 1's
    object stays the first 1's (the k-th occurrence of an id pairs with its k-th
    occurrence), re-titled as its record changes."""
    forward = [photo(1, "a"), photo(1, "b"), photo(2, "c")]
    backward = [photo(2, "c"), photo(1, "b"), photo(1, "a")]
    documents = {"forward": photos_json(forward), "backward": photos_json(backward)}
    fake = FakeApi()
    model = Vct.TableModel.new_with_manager(fake.new_api())
    list_model = model.get_list()
    mirror = Mirror(list_model)
    seen_inside = []

    def first_run(_list, position, removed, added):
        if not seen_inside:
            seen_inside.append([(list_model.get_item(i), list_model.get_item(i).props.title)
                                for i in range(added)])

    handler = list_model.connect("items-changed", first_run)
    delivered = []
    model.connect("did-reload-data", lambda _model: delivered.append(True))

    def load(name):
        count = len(delivered)
        fake.respond = lambda request: request.return_json(documents[name])
        model.reload_data()
        run_until(lambda: len(delivered) > count, what=f"the {name} document")

    load("forward")
    list_model.disconnect(handler)
    inside = seen_inside[0]
    assert [title for _, title in inside] == ["a", "b", "c"]
    assert len({id(row) for row, _ in inside}) == 3
    assert [list_model.get_item(i) for i in range(3)] == [row for row, _ in inside]
    first_one, second_one = mirror.rows[0], mirror.rows[1]

    for round_ in range(6):
        name = "backward" if round_ % 2 == 0 else "forward"
        load(name)
        expected = backward if name == "backward" else forward
        assert mirror.problems == [], name
        assert [(row.props.id, row.props.title) for row in mirror.rows] == \
            [(record["id"], record["title"]) for record in expected], f"round {round_}"
        assert [list_model.get_item(i) for i in range(3)] == mirror.rows
        ones = [row for row in mirror.rows if row.props.id == 1]
        assert ones[0] is first_one and ones[1] is second_one, f"round {round_}"
