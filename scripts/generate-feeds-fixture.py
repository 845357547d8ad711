#!/usr/bin/env python3
"""Generate the bundled feeds fixture: a JSON array of wall entries, the shape
FeedService serves, mixing

    {"type": "member", "id", "name", "avatarUrl", "date", "following"}
    {"type": "photo", "id", "title", "description", "imageUrl", "date"}

over a few days, in shuffled order (a feed is not sorted newest first). Times fall
between 10:00 and 13:59 UTC, so the days stay the same in time zones from UTC-10 to
UTC+10. An avatarUrl names the member's avatar and an imageUrl a photo among the images
compiled into libVCTable.so (resource:///org/vctable/VCTable/images/avatars/N.png, one
per first name, and photos/NAME.png; scripts/make-fixture-images.py makes them), so the
feed shows them offline. Deterministic (seeded), so regenerating gives the same bytes:

    python3 scripts/generate-feeds-fixture.py              # 40 entries over 5 days
    python3 scripts/generate-feeds-fixture.py -n 400 --days 30 -o /tmp/feeds-400.json
"""
import argparse
import datetime
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

FIRST_NAMES = (
    "Ada Alan Barbara Claude Dennis Donald Edsger Frances Grace Guido Hedy John Ken "
    "Linus Margaret Niklaus Radia Sophie Tim Yukihiro"
).split()
WORDS = (
    "morning light harbour quiet river stone garden window autumn city bridge "
    "mountain cloud street market forest field evening lantern shore"
).split()
LAST_DAY = datetime.date(2026, 11, 20)
assert len(FIRST_NAMES) <= fixture_images.AVATARS, "one avatar per first name"


def entries(count, days, seed=20261120):
    rng = random.Random(seed)
    result = []
    names = rng.sample(FIRST_NAMES, len(FIRST_NAMES))
    members = 0
    for entry_id in range(1, count + 1):
        day = LAST_DAY - datetime.timedelta(days=(entry_id - 1) * days // count)
        moment = datetime.datetime(day.year, day.month, day.day, 10, 0, 0) + datetime.timedelta(
            minutes=rng.randrange(4 * 60))
        date = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
        if entry_id % 5 in (1, 3):
            name = names[members % len(names)]
            members += 1
            result.append({
                "type": "member",
                "id": entry_id,
                "name": name,
                "avatarUrl": fixture_images.avatar_uri(FIRST_NAMES.index(name) + 1),
                "date": date,
                "following": members in (2, 7),
            })
        else:
            title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 4))).capitalize()
            description = "A photo of the " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 6))) + "."
            # The draw that once made a random hex colour, so the rest stays as it was.
            image = fixture_images.NAMES[rng.randrange(0x1000000) % len(fixture_images.NAMES)]
            result.append({
                "type": "photo",
                "id": entry_id,
                "title": title,
                "description": description,
                "imageUrl": fixture_images.photo_uri(image),
                "date": date,
            })
    rng.shuffle(result)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--count", type=int, default=40)
    parser.add_argument("--days", type=int, default=5)
    parser.add_argument("-o", "--output", default="Sources/VCTable/Resources/feeds.json")
    args = parser.parse_args()
    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    with out:
        out.write("[\n")
        for index, entry in enumerate(entries(args.count, args.days)):
            out.write(("  " if index == 0 else ",\n  ") + json.dumps(entry))
        out.write("\n]\n")


if __name__ == "__main__":
    main()
