"""Row images (Vct.Image, the Swift AsyncImage) through the typelib: a GdkPixbuf that
Python holds across reloads, loaded on bind, following its row's URL."""

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, Vct  # noqa: E402

from conftest import FakeApi, photo, photos_json, run_until, settle  # noqa: E402


def write_png(path, width, height, rgba):
    pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, True, 8, width, height)
    pixbuf.fill(rgba)
    pixbuf.savev(str(path), "png", [], [])
    return path.as_uri()


def loaded_model(documents):
    """A table model over a custom API answering each reload with the next document."""
    answers = iter(documents)
    fake = FakeApi(respond=lambda request: request.return_json(next(answers)))
    model = Vct.TableModel.new_with_manager(fake.new_api())
    return model


def reload(model):
    done = []
    handler = model.connect("did-reload-data", lambda *_: done.append(True))
    model.reload_data()
    run_until(lambda: done, what="did-reload-data")
    model.disconnect(handler)


def with_thumbnail(id_, uri):
    record = photo(id_)
    record["thumbnailUrl"] = uri
    return record


def test_a_row_thumbnail_loads_on_bind_as_a_pixbuf(tmp_path):
    red = write_png(tmp_path / "red.png", 300, 200, 0xFF0000FF)
    model = loaded_model([photos_json([with_thumbnail(1, red)])])
    reload(model)
    row = model.get_list().get_item(0)
    image = row.props.thumbnail
    assert isinstance(image, Vct.Image)
    assert image.props.uri == red
    assert image.props.state == Vct.ImageState.NONE
    settle()
    assert image.props.state == Vct.ImageState.NONE  # nothing before a bind

    image.bind(60, 60)
    run_until(lambda: image.props.state == Vct.ImageState.LOADED, what="the thumbnail")
    pixbuf = image.props.pixbuf
    assert isinstance(pixbuf, GdkPixbuf.Pixbuf)
    assert (pixbuf.get_width(), pixbuf.get_height()) == (60, 40)
    assert pixbuf.get_pixels()[:4] == b"\xff\x00\x00\xff"
    # The row keeps one image object.
    assert row.props.thumbnail is image
    image.unbind()
    assert image.props.state == Vct.ImageState.NONE
    assert image.props.pixbuf is None


def test_a_held_row_image_follows_the_row_across_reloads(tmp_path):
    red = write_png(tmp_path / "red.png", 20, 20, 0xFF0000FF)
    blue = write_png(tmp_path / "blue.png", 20, 20, 0x0000FFFF)
    model = loaded_model([photos_json([with_thumbnail(1, red)]), photos_json([with_thumbnail(1, blue)])])
    reload(model)
    row = model.get_list().get_item(0)
    image = row.props.thumbnail
    image.bind(20, 20)
    run_until(lambda: image.props.state == Vct.ImageState.LOADED, what="red")
    assert image.props.pixbuf.get_pixels()[:4] == b"\xff\x00\x00\xff"

    reload(model)  # same id, new thumbnail: the row is the same object, re-pointed
    assert model.get_list().get_item(0) is row
    assert row.props.thumbnail_url == blue
    run_until(lambda: image.props.uri == blue and image.props.state == Vct.ImageState.LOADED, what="blue")
    assert image.props.pixbuf.get_pixels()[:4] == b"\x00\x00\xff\xff"
    image.unbind()


def test_a_broken_image_fails_with_a_vct_error(tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"<html>not an image</html>")
    image = Vct.Image.new(Vct.ImageLoader.new(), bad.as_uri())
    image.bind(10, 10)
    run_until(lambda: image.props.state == Vct.ImageState.FAILED, what="the failure")
    assert image.props.error.matches(Vct.error_quark(), Vct.Error.INVALID_IMAGE)
    assert image.props.pixbuf is None
    image.unbind()


def test_the_default_loader_has_a_documented_memory_bound():
    loader = Vct.ImageLoader.get_default()
    assert loader.props.memory_limit == 64 << 20
    assert loader.props.max_transfers == 6
    assert loader.props.cancel_delay == 250
    fresh = Vct.ImageLoader.new()
    fresh.props.cancel_delay = 0
    assert fresh.get_cancel_delay() == 0


def test_recycled_views_never_show_another_images_pixels(tmp_path):
    """Views recycled at random over images whose URLs change while shown: every pixbuf a
    view is shown is its image's URL's (each file's width is its index + 1)."""
    import random

    uris = []
    for index in range(40):
        uris.append(write_png(tmp_path / f"{index}.png", index + 1, 1, 0x204060FF))
    loader = Vct.ImageLoader.new()
    loader.props.memory_limit = 10 * 40 * 4  # small: rebinds go back to the files
    images = [Vct.Image.new(loader, uri) for uri in uris]
    wrong = []

    class View:
        def __init__(self):
            self.image = None
            self.handler = None

        def paint(self, image, *_):
            assert image is self.image  # a handler of an image the view left never runs
            pixbuf = image.props.pixbuf
            if pixbuf is not None and pixbuf.get_width() != uris.index(image.props.uri) + 1:
                wrong.append(image.props.uri)

        def show(self, image):
            if self.image is not None:
                self.image.disconnect(self.handler)
                self.image.unbind()
            self.image = image
            self.handler = image.connect("notify::pixbuf", self.paint)
            image.bind(0, 0)
            self.paint(image)

    views = [View() for _ in range(8)]
    rand = random.Random(23)
    for step in range(3000):
        view = rand.choice(views)
        if view.image is not None and rand.random() < 0.25:
            # Re-point the shown image at another URL, swapping with the image that had it.
            target = rand.randrange(len(uris))
            other = next(image for image in images if image.props.uri == uris[target])
            if other is not view.image and all(v.image is not other for v in views) \
                    and sum(v.image is view.image for v in views) == 1:
                old = view.image.props.uri
                other.set_uri(old)
                view.image.set_uri(uris[target])
                view.paint(view.image)
                continue
        view.show(rand.choice(images))
        if step % 16 == 0:
            settle(1)
    run_until(lambda: all(v.image is None or v.image.props.state == Vct.ImageState.LOADED for v in views),
              what="every shown image")
    assert wrong == []
    for view in views:
        if view.image is not None:
            view.image.disconnect(view.handler)
            view.image.unbind()
