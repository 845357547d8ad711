#!/usr/bin/env python3
"""Generate the images the bundled fixtures point at, and the GResource manifest that carries
them and the fixtures into libVCTable.so, so `make run` shows pictures with no network.

    python3 scripts/make-fixture-images.py           # writes them into the tree
    python3 scripts/make-fixture-images.py --check   # `make lint`: regenerates them into a
                                                     # temp dir and fails if they differ

What it writes (deterministic: the same bytes on every run, from the standard library
alone: zlib and struct make the PNGs, no imaging library):

- Sources/VCTable/Resources/images/photos/NAME.png (600x600) and thumbnails/NAME.png
  (150x150) for each of the 24 NAMES below (hex colours, as jsonplaceholder names its
  placeholder images): the colour, a lighter diagonal band, a sun and two hills, the sun
  and the band placed by the name's position so that neighbouring colours differ in shape;
- Sources/VCTable/Resources/images/avatars/N.png (96x96), N = 1 ... AVATARS: a head and
  shoulders on a colour of its own, one per feed member name;
- Sources/VCTable/Resources/vctable.gresource.xml: the GResource manifest, under PREFIX
  (/org/vctable/VCTable/): the three JSON documents (photos.json, feeds.json, songs.json,
  compressed) and every image (images/...). No C is committed: the build compiles the
  manifest (Plugins/GObjectSources runs glib-compile-resources --generate-source
  --internal over it into SwiftPM's build directory), and the library registers the
  resource when it is loaded, so the factories read their JSON and the rows their images
  through resource:// URIs with nothing installed beside the library.

The fixtures name the images as resource:///org/vctable/VCTable/images/... URIs
(scripts/generate-photos-fixture.py and generate-feeds-fixture.py take NAMES and AVATARS
from here), many rows sharing one image. --check fails when an image or the manifest is
not what this script draws and writes, or when a resource:// URI of photos.json or
feeds.json names no file of the manifest. It needs no GLib tool: what
glib-compile-resources makes of the manifest is the build's business.
"""
import argparse
import filecmp
import json
import math
import os
import shutil
import struct
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOURCES = "Sources/VCTable/Resources"
IMAGES = RESOURCES + "/images"
MANIFEST = RESOURCES + "/vctable.gresource.xml"
# The JSON documents of the resource, beside the manifest (the factories' bundled fixtures).
DOCUMENTS = ("photos.json", "feeds.json", "songs.json")
FIXTURES = (RESOURCES + "/photos.json", RESOURCES + "/feeds.json")

PREFIX = "/org/vctable/VCTable"
URI_PREFIX = "resource://" + PREFIX + "/images/"

# GNOME's palette (the HIG's blue, green, yellow, orange, red, purple, brown, light and
# dark): three shades of each hue, light to dark.
NAMES = (
    "99c1f1", "3584e4", "1a5fb4",
    "8ff0a4", "33d17a", "26a269",
    "f9f06b", "f6d32d", "e5a50a",
    "ffbe6f", "ff7800", "c64600",
    "f66151", "e01b24", "a51d2d",
    "dc8add", "9141ac", "613583",
    "cdab8f", "986a44", "63452c",
    "c0bfbc", "77767b", "3d3846",
)
AVATARS = 20  # one per name of scripts/generate-feeds-fixture.py's FIRST_NAMES
PHOTO_SIZE = 600
THUMBNAIL_SIZE = 150
AVATAR_SIZE = 96


def photo_uri(name):
    return URI_PREFIX + "photos/%s.png" % name


def thumbnail_uri(name):
    return URI_PREFIX + "thumbnails/%s.png" % name


def avatar_uri(number):
    return URI_PREFIX + "avatars/%d.png" % number


# ------------------------------------------------------------------ drawing
# An image is drawn row by row as runs of one colour ([x0, x1, (r, g, b)]), so a 600 px
# picture costs a few thousand operations, not 360 000. A shape is a function from a height
# y to the span [x0, x1) it covers there (None: none). Each pixel row takes 4 x 4 samples:
# the pixels every span of the row covers are painted whole, the edge pixels with the
# share of their 16 samples inside (the shapes are convex, so the span at any height
# between two covers what both cover).

SUB = 4


def rgb(name):
    return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))


def circle(cx, cy, r):
    def span(y):
        d = r * r - (y - cy) ** 2
        if d <= 0:
            return None
        h = math.sqrt(d)
        return (cx - h, cx + h)
    return span


def band(a, b):
    """The points with a <= x + y < b: a diagonal band from the bottom left to the top right."""
    return lambda y: (a - y, b - y)


def hill(ax, ay, left, right, bottom):
    """A triangle: its top at (ax, ay), its base on y = bottom from x = left to x = right."""
    def span(y):
        if y < ay:
            return None
        t = (y - ay) / (bottom - ay)
        return (ax + (left - ax) * t, ax + (right - ax) * t)
    return span


def split(row, x):
    """Splits the run containing x so that a run starts at x; returns its index."""
    for i, (x0, x1, colour) in enumerate(row):
        if x0 == x:
            return i
        if x0 < x < x1:
            row[i:i + 1] = [[x0, x, colour], [x, x1, colour]]
            return i + 1
    return len(row)


def blend(under, over, alpha):
    return tuple(int(u + (o - u) * alpha + 0.5) for u, o in zip(under, over))


def paint(row, x0, x1, colour, alpha):
    if x0 >= x1 or alpha <= 0:
        return
    first = split(row, x0)
    last = split(row, x1)
    for run in row[first:last]:
        run[2] = blend(run[2], colour, alpha)


def draw_row(size, y, background, layers):
    row = [[0, size, background]]
    ys = [y + (k + 0.5) / SUB for k in range(SUB)]
    for span, colour, alpha in layers:
        spans = [span(v) for v in ys]
        present = [s for s in spans if s is not None and s[0] < s[1]]
        if not present:
            continue
        if len(present) == SUB:
            core0 = max(0, math.ceil(max(s[0] for s in present)))
            core1 = min(size, math.floor(min(s[1] for s in present)))
        else:
            core0 = core1 = 0
        hull0 = max(0, math.floor(min(s[0] for s in present)))
        hull1 = min(size, math.ceil(max(s[1] for s in present)))
        if core0 >= core1:
            core0 = core1 = hull1
        paint(row, core0, core1, colour, alpha)
        for x in list(range(hull0, core0)) + list(range(core1, hull1)):
            inside = sum(1 for s in present for m in range(SUB)
                         if s[0] <= x + (m + 0.5) / SUB < s[1])
            paint(row, x, x + 1, colour, alpha * inside / (SUB * SUB))
    merged = []
    for run in row:
        if merged and merged[-1][2] == run[2]:
            merged[-1][1] = run[1]
        else:
            merged.append(run)
    return merged


def png(size, background, layers):
    """A PNG of size x size: indexed (a palette of the colours it uses: 1 byte a pixel) when
    they are 256 or fewer, else RGB; its rows unfiltered or all filtered with Up (a row like
    the one above is all zeros), whichever compresses smaller. Filtered on the runs."""
    rows = [draw_row(size, y, background, layers) for y in range(size)]
    colours = list(dict.fromkeys(run[2] for row in rows for run in row))
    indexed = len(colours) <= 256
    if indexed:
        index = {colour: bytes([i]) for i, colour in enumerate(colours)}
        pixel = index.__getitem__
    else:
        pixel = bytes

    def encode(up):
        raw = bytearray()
        previous = None
        for row in rows:
            if previous is None or not up:
                raw.append(0)  # None (the first row has nothing above it)
                for x0, x1, colour in row:
                    raw += pixel(colour) * (x1 - x0)
            else:
                raw.append(2)  # Up
                cuts = sorted({x for run in row + previous for x in run[:2]})
                for x0, x1 in zip(cuts, cuts[1:]):
                    now = pixel(next(c for a, b, c in row if a <= x0 < b))
                    above = pixel(next(c for a, b, c in previous if a <= x0 < b))
                    raw += bytes((n - a) & 0xFF for n, a in zip(now, above)) * (x1 - x0)
            previous = row
        return zlib.compress(bytes(raw), 9)

    data = min((encode(False), encode(True)), key=len)

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 3 if indexed else 2, 0, 0, 0)
    palette = chunk(b"PLTE", b"".join(bytes(c) for c in colours)) if indexed else b""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + palette
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def photo(index, size):
    """The NAMES[index] picture at size x size: the layout is 600 units whatever the size."""
    u = size / 600
    background = rgb(NAMES[index])
    sun_x = (150, 300, 450)[index % 3] * u
    band_at = (420, 600, 780)[(index // 3) % 3] * u
    return png(size, background, [
        (band(band_at - 70 * u, band_at + 70 * u), WHITE, 0.16),
        (circle(sun_x, 170 * u, 62 * u), blend(background, WHITE, 0.72), 1.0),
        (hill(200 * u, 300 * u, -150 * u, 560 * u, 600 * u), BLACK, 0.22),
        (hill(440 * u, 380 * u, 150 * u, 760 * u, 600 * u), BLACK, 0.30),
    ])


def avatar(number):
    """Avatar N: a head and shoulders on a colour of its own (every seventh of NAMES, so
    that neighbours differ in hue): light on a dark colour, dark on a light one."""
    u = AVATAR_SIZE / 96
    background = rgb(NAMES[(number - 1) * 7 % len(NAMES)])
    light = 0.2126 * background[0] + 0.7152 * background[1] + 0.0722 * background[2] > 190
    person = blend(background, BLACK, 0.38) if light else blend(background, WHITE, 0.88)
    return png(AVATAR_SIZE, background, [
        (circle(48 * u, 37 * u, 17 * u), person, 1.0),
        (circle(48 * u, 102 * u, 37 * u), person, 1.0),
    ])


# ------------------------------------------------------------------ output

def images():
    """(path under IMAGES, PNG bytes), in the order of the resource."""
    for index, name in enumerate(NAMES):
        yield "photos/%s.png" % name, photo(index, PHOTO_SIZE)
    for index, name in enumerate(NAMES):
        yield "thumbnails/%s.png" % name, photo(index, THUMBNAIL_SIZE)
    for number in range(1, AVATARS + 1):
        yield "avatars/%d.png" % number, avatar(number)


def gresource_xml(paths):
    """The manifest: the JSON documents (compressed: photos.json is 1 MB of text), then the
    images (PNG, compressed already), paths relative to RESOURCES."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             "<!-- Generated by scripts/make-fixture-images.py: do not edit. -->",
             "<gresources>",
             '  <gresource prefix="%s">' % PREFIX]
    lines += ['    <file compressed="true">%s</file>' % name for name in DOCUMENTS]
    lines += ["    <file>images/%s</file>" % path for path in paths]
    lines += ["  </gresource>", "</gresources>", ""]
    return "\n".join(lines)


def generate(out_root):
    """Writes the images and the manifest under out_root, laid out as in the tree;
    returns the image paths under IMAGES."""
    images_dir = os.path.join(out_root, IMAGES)
    paths = []
    for path, data in images():
        target = os.path.join(images_dir, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
        paths.append(path)
    with open(os.path.join(out_root, MANIFEST), "w", encoding="utf-8") as f:
        f.write(gresource_xml(paths))
    return paths


def fixture_uris():
    """(fixture, URI) for every resource:// string of the bundled fixtures."""
    for fixture in FIXTURES:
        with open(os.path.join(ROOT, fixture), encoding="utf-8") as f:
            document = json.load(f)
        for record in document:
            for value in record.values():
                if isinstance(value, str) and value.startswith("resource://"):
                    yield fixture, value


def check():
    passed, failures = 0, []
    with tempfile.TemporaryDirectory() as scratch:
        paths = generate(scratch)
        made = [os.path.join(IMAGES, p) for p in paths] + [MANIFEST]
        for rel in made:
            committed = os.path.join(ROOT, rel)
            if not os.path.exists(committed):
                failures.append("%s: missing (run scripts/make-fixture-images.py)" % rel)
            elif not filecmp.cmp(committed, os.path.join(scratch, rel), shallow=False):
                failures.append("%s: differs from what scripts/make-fixture-images.py makes" % rel)
            else:
                passed += 1
        expected = {os.path.join(IMAGES, p) for p in paths}
        for dirpath, _, filenames in os.walk(os.path.join(ROOT, IMAGES)):
            for name in filenames:
                rel = os.path.relpath(os.path.join(dirpath, name), ROOT)
                if rel not in expected:
                    failures.append("%s: not made by scripts/make-fixture-images.py" % rel)
    for name in DOCUMENTS:
        if os.path.isfile(os.path.join(ROOT, RESOURCES, name)):
            passed += 1
        else:
            failures.append("%s/%s: missing (the manifest lists it)" % (RESOURCES, name))
    names = {URI_PREFIX + p for p in paths}
    uris = list(fixture_uris())
    missing = sorted({"%s: %s" % pair for pair in uris if pair[1] not in names})
    if missing or not uris:
        failures += ["%s names no file of %s" % (m, MANIFEST) for m in missing]
        if not uris:
            failures.append("the fixtures name no resource:// image")
    else:
        passed += 1
    for failure in failures:
        print("fixture-images: " + failure)
    print("fixture-images: %d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temp dir and fail if the tree differs")
    args = parser.parse_args()
    if args.check:
        return check()
    with tempfile.TemporaryDirectory() as scratch:
        paths = generate(scratch)
        shutil.rmtree(os.path.join(ROOT, IMAGES), ignore_errors=True)
        shutil.copytree(os.path.join(scratch, IMAGES), os.path.join(ROOT, IMAGES))
        shutil.copyfile(os.path.join(scratch, MANIFEST), os.path.join(ROOT, MANIFEST))
    total = sum(os.path.getsize(os.path.join(ROOT, IMAGES, p)) for p in paths)
    print("make-fixture-images: %d images, %d bytes, in %s; %s" % (len(paths), total, IMAGES, MANIFEST))
    return 0


if __name__ == "__main__":
    sys.exit(main())
