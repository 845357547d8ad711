#!/usr/bin/env python3
"""Generate the bundled songs fixture: a JSON array of
{id, title, subtitle, duration} records (duration in whole seconds), the shape
SongService serves.

Deterministic (seeded), so regenerating gives the same bytes:

    python3 scripts/generate-songs-fixture.py              # 12 songs
    python3 scripts/generate-songs-fixture.py -n 50 -o /tmp/songs-50.json
"""
import argparse
import json
import random
import sys

ADJECTIVES = "Calm Deep Gentle Quiet Slow Soft Still Warm Clear Open Easy Light".split()
NOUNS = "Breath Waves Rain Forest Morning Evening River Garden Horizon Stillness Tide Meadow".split()
SUBTITLES = (
    "Guided breathing", "Body scan", "Sleep story", "Nature sounds",
    "Loving kindness", "Focus session", "Mindful walk", "Evening wind-down",
)


def songs(count, seed=20261121):
    rng = random.Random(seed)
    titles = [a + " " + n for a in ADJECTIVES for n in NOUNS]
    rng.shuffle(titles)
    for song_id in range(1, count + 1):
        yield {
            "id": song_id,
            "title": titles[(song_id - 1) % len(titles)],
            "subtitle": rng.choice(SUBTITLES),
            "duration": rng.randrange(3 * 60, 20 * 60),
        }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--count", type=int, default=12)
    parser.add_argument("-o", "--output", default="Sources/VCTable/Resources/songs.json")
    args = parser.parse_args()
    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    with out:
        out.write("[\n")
        for index, song in enumerate(songs(args.count)):
            out.write(("  " if index == 0 else ",\n  ") + json.dumps(song))
        out.write("\n]\n")


if __name__ == "__main__":
    main()
