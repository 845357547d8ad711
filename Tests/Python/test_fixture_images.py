"""The images the bundled fixtures point at, compiled into libVCTable.so as a GResource
(scripts/make-fixture-images.py), read through GIO and decoded by GdkPixbuf as a view
would: every photo row's url and thumbnail_url, every feed row's avatar_url and image_url,
and every image of the resource."""

import gi
import pytest

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf  # noqa: E402

from conftest import Gio, Vct, rows_of, run_until  # noqa: E402

IMAGES = "/org/vctable/VCTable/images"
IMAGES_URI = "resource://" + IMAGES + "/"


def decode(uri):
    """The image behind a URI, read through GIO and decoded: (width, height)."""
    stream = Gio.File.new_for_uri(uri).read(None)
    try:
        pixbuf = GdkPixbuf.Pixbuf.new_from_stream(stream, None)
    finally:
        stream.close(None)
    return pixbuf.get_width(), pixbuf.get_height()


def check_images(uris, folder, size):
    """Every URI names an image of the resource's folder that decodes to size x size."""
    for uri in sorted(set(uris)):
        assert uri.startswith(IMAGES_URI + folder + "/") and uri.endswith(".png"), uri
        assert decode(uri) == (size, size), uri


def test_photo_rows_show_bundled_images():
    model = Vct.TableModel.factory_instance()
    model.reload_data()
    run_until(lambda: not model.props.loading and model.get_n_items() > 0, what="the fixture's reload")
    rows = rows_of(model.get_list())
    assert len(rows) == 5000
    urls = [row.props.url for row in rows]
    thumbnails = [row.props.thumbnail_url for row in rows]
    # The 5000 rows share 24 pictures, each as a photo and a thumbnail of the same name.
    assert len(set(urls)) == 24
    assert [u.rsplit("/", 1)[1] for u in urls] == [t.rsplit("/", 1)[1] for t in thumbnails]
    check_images(urls, "photos", 600)
    check_images(thumbnails, "thumbnails", 150)


def test_feed_rows_show_bundled_images():
    feed = Vct.FeedModel.factory_instance()
    feed.reload()
    run_until(lambda: not feed.props.loading and feed.props.list.get_n_items() > 0, what="the feed's reload")
    rows = rows_of(feed.props.list)
    members = [row for row in rows if isinstance(row, Vct.MemberRow)]
    photos = [row for row in rows if isinstance(row, Vct.FeedPhotoRow)]
    assert (len(members), len(photos)) == (16, 24)
    # One avatar per member (each member of the fixture has a name of their own).
    assert len({row.props.avatar_url for row in members}) == len({row.props.name for row in members})
    check_images([row.props.avatar_url for row in members], "avatars", 96)
    check_images([row.props.image_url for row in photos], "photos", 600)


@pytest.mark.parametrize("folder, size, count", [("photos", 600, 24), ("thumbnails", 150, 24), ("avatars", 96, 20)])
def test_every_image_of_the_resource_decodes(folder, size, count):
    Vct.TableModel.__gtype__  # loads libVCTable.so, which registers the resource
    names = Gio.resources_enumerate_children(IMAGES + "/" + folder + "/", Gio.ResourceLookupFlags.NONE)
    assert len(names) == count
    check_images([IMAGES_URI + folder + "/" + name for name in names], folder, size)
