#!/usr/bin/env python3
"""photos_server.py: a loopback HTTP server for vctable-demo's tests (stdlib only): photos,
feeds (with follows) and songs.

Usage: photos_server.py PORT_FILE
Listens on 127.0.0.1 (a free port, written to PORT_FILE once listening) until SIGTERM.

Routes (each answers one "kind"):
  /KIND                       always KIND
  /seq/TOKEN/K1,K2,...        the n-th request for TOKEN answers Kn (the last one repeats),
                              so one URI can succeed, then fail, then be slow...
Kinds:
  good       200, 30 photos: id i (1..30), albumId (i-1)//10+1, title "served photo ii"
  slow       like good, after 1.5 s (long enough to see the spinner)
  404, 500   that status, a short text body
  badjson    200, a body that is not JSON
  notarray   200, a JSON object
  wrongtype  200, an element whose albumId is a string
  missing    200, an element without "title"
  empty      200, an empty body
  truncated  200, Content-Length 4096 but 100 bytes, then the connection closes
  hang       never answers (until the client gives up or the server stops)
  songs      200, 3 songs (ids 1..3, "served song 1"...)
  feeds      200, the feeds document below (follows then go to /seq/TOKEN/members/...: 404)
/hits/TOKEN answers how many requests TOKEN has had (to check a request was sent).

The feed (vctable-demo feed --uri BASE/feeds/FOLLOW/feeds.json):
  GET  /feeds/FOLLOW/feeds.json           200, 4 entries over 2 days (FEEDS below)
  POST /feeds/FOLLOW/members/ID/follow    answers FOLLOW: ok (200 "{}"), slow (200 after
                                          1.5 s), or a status such as 500; counts as a hit
                                          of token "follow-ID"
"""

import http.server
import json
import os
import signal
import sys
import threading
import time

STOP = threading.Event()
HITS = {}
HITS_LOCK = threading.Lock()


def photo(i):
    return {
        "albumId": (i - 1) // 10 + 1,
        "id": i,
        "title": "served photo %02d" % i,
        "url": "https://example.com/600/%d.png" % i,
        "thumbnailUrl": "https://example.com/150/%d.png" % i,
    }


GOOD = json.dumps([photo(i) for i in range(1, 31)]).encode()
FEEDS = json.dumps([
    {"type": "member", "id": 7, "name": "Ada", "avatarUrl": "https://example.com/avatars/7.png",
     "date": "2026-11-20T09:00:00Z", "following": False},
    {"type": "photo", "id": 70, "title": "served photo 70", "description": "A served photo.",
     "imageUrl": "https://example.com/photos/70.png", "date": "2026-11-20T08:00:00Z"},
    {"type": "member", "id": 8, "name": "Brian", "avatarUrl": "https://example.com/avatars/8.png",
     "date": "2026-11-19T09:00:00Z", "following": True},
    {"type": "photo", "id": 80, "title": "served photo 80", "description": "Another served photo.",
     "imageUrl": "https://example.com/photos/80.png", "date": "2026-11-19T07:00:00Z"},
]).encode()
SONGS = json.dumps([
    {"id": i, "title": "served song %d" % i, "subtitle": "served", "duration": 60 * i + 5}
    for i in range(1, 4)
]).encode()
BODIES = {
    "badjson": b"{this is not json",
    "notarray": b'{"photos": []}',
    "wrongtype": json.dumps([dict(photo(1), albumId="one")]).encode(),
    "missing": json.dumps([{k: v for k, v in photo(1).items() if k != "title"}]).encode(),
    "empty": b"",
    "songs": SONGS,
    "feeds": FEEDS,
}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet: the test output is the demo's
        pass

    def kind(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if len(parts) == 3 and parts[0] == "seq":
            kinds = parts[2].split(",")
            with HITS_LOCK:
                n = HITS.get(parts[1], 0)
                HITS[parts[1]] = n + 1
            return kinds[min(n, len(kinds) - 1)]
        return parts[0]

    def send(self, status, body, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if len(parts) != 5 or parts[0] != "feeds" or parts[2] != "members" or parts[4] != "follow":
            self.send(404, b"no such follow\n", "text/plain")
            return
        with HITS_LOCK:
            token = "follow-" + parts[3]
            HITS[token] = HITS.get(token, 0) + 1
        answer = parts[1]
        if answer == "ok":
            self.send(200, b"{}")
        elif answer == "slow":
            if not STOP.wait(1.5):
                self.send(200, b"{}")
        else:
            self.send(int(answer), b"cannot follow\n", "text/plain")

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if len(parts) == 3 and parts[0] == "feeds" and parts[2] == "feeds.json":
            self.send(200, FEEDS)
            return
        if self.path.startswith("/hits/"):
            with HITS_LOCK:
                n = HITS.get(self.path[len("/hits/"):], 0)
            self.send(200, ("%d\n" % n).encode(), "text/plain")
            return
        kind = self.kind()
        if kind == "good":
            self.send(200, GOOD)
        elif kind == "slow":
            if not STOP.wait(1.5):
                self.send(200, GOOD)
        elif kind in ("404", "500"):
            self.send(int(kind), b"no photos here\n", "text/plain")
        elif kind in BODIES:
            self.send(200, BODIES[kind])
        elif kind == "truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "4096")
            self.end_headers()
            self.wfile.write(GOOD[:100])
            self.wfile.flush()
            self.close_connection = True
        elif kind == "hang":
            STOP.wait(60)
            self.close_connection = True
        else:
            self.send(400, ("unknown kind %r\n" % kind).encode(), "text/plain")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that quits with a kept-alive connection open resets it: not an error.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def main():
    server = Server(("127.0.0.1", 0), Handler)

    def stop(signum, frame):
        STOP.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    tmp = sys.argv[1] + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % server.server_address[1])
    os.rename(tmp, sys.argv[1])
    server.serve_forever(poll_interval=0.1)
    server.server_close()


if __name__ == "__main__":
    main()
