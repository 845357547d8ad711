#!/usr/bin/env python3
"""Generate the bundled photos fixture: a JSON array of
{albumId, id, title, url, thumbnailUrl} records, the shape MyAPI serves.

Each record's url and thumbnailUrl name one of the images compiled into libVCTable.so
(resource:///org/vctable/VCTable/images/photos/NAME.png, 600x600, and thumbnails/NAME.png,
150x150; scripts/make-fixture-images.py makes them), so the photos show offline: the 5000
records share its 24 NAMES.

Deterministic (seeded), so regenerating gives the same bytes:

    python3 scripts/generate-photos-fixture.py            # 5000 records
    python3 scripts/generate-photos-fixture.py -n 100000 -o /tmp/photos-100k.json
"""
import argparse
import importlib.util
import json
import os
import random
import sys

# NAMES, AVATARS and the URIs of the images (no __pycache__ left in scripts/).
sys.dont_write_bytecode = True
_spec = importlib.util.spec_from_file_location(
    "fixture_images", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-fixture-images.py"))
fixture_images = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fixture_images)

WORDS = (
    "accusamus beatae ad facilis cum similique qui sunt reprehenderit dolores "
    "officia porro iure quia iusto qui ipsa ut modi culpa odio tenetur saepe "
    "natus nobis omnis dolorem repellat alias laboriosam voluptate nihil non "
    "sit amet quidem molestiae enim harum quo est necessitatibus fugit magni"
).split()
PER_ALBUM = 50


def records(count, seed=20261121):
    rng = random.Random(seed)
    for photo_id in range(1, count + 1):
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8)))
        # The draw that once made a random hex colour, so the ids and titles stay as they were.
        name = fixture_images.NAMES[rng.randrange(0x1000000) % len(fixture_images.NAMES)]
        yield {
            "albumId": (photo_id - 1) // PER_ALBUM + 1,
            "id": photo_id,
            "title": title,
            "url": fixture_images.photo_uri(name),
            "thumbnailUrl": fixture_images.thumbnail_uri(name),
        }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--count", type=int, default=5000)
    parser.add_argument("-o", "--output", default="Sources/VCTable/Resources/photos.json")
    args = parser.parse_args()
    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    with out:
        out.write("[\n")
        for index, record in enumerate(records(args.count)):
            out.write(("  " if index == 0 else ",\n  ") + json.dumps(record))
        out.write("\n]\n")


if __name__ == "__main__":
    main()
