#!/usr/bin/env python3
"""Generate the bundled photos fixture: a JSON array of
{albumId, id, title, url, thumbnailUrl} records, the shape MyAPI serves.

Deterministic (seeded), so regenerating gives the same bytes:

    python3 scripts/generate-photos-fixture.py            # 5000 records
    python3 scripts/generate-photos-fixture.py -n 100000 -o /tmp/photos-100k.json
"""
import argparse
import json
import random
import sys

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
        colour = "%06x" % rng.randrange(0x1000000)
        yield {
            "albumId": (photo_id - 1) // PER_ALBUM + 1,
            "id": photo_id,
            "title": title,
            "url": "https://example.com/photos/600/%s.png" % colour,
            "thumbnailUrl": "https://example.com/photos/150/%s.png" % colour,
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
