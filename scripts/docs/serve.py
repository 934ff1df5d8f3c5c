#!/usr/bin/env python3
"""Serves a built DocC site (a folder written by `docc convert --transform-for-static-hosting`) on 127.0.0.1.

usage: scripts/docs/serve.py SITE [--port N] [--port-file FILE] [--extra URLPATH=FILE ...]

--port 0 (the default) takes a free port; the port is printed and, with --port-file, written to FILE once the
server listens. --extra serves FILE at URLPATH too (a test page next to the site). Quiet: no request log.
"""
import argparse
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extras = {}

    def log_message(self, format, *args):
        pass

    def translate_path(self, path):
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if bare in self.extras:
            return self.extras[bare]
        return super().translate_path(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--extra", action="append", default=[])
    args = parser.parse_args()
    Handler.extras = {}
    for item in args.extra:
        url, _, path = item.partition("=")
        Handler.extras[url] = os.path.abspath(path)
    handler = functools.partial(Handler, directory=os.path.abspath(args.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    port = server.server_address[1]
    print("serving %s at http://127.0.0.1:%d/" % (args.site, port), flush=True)
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as f:
            f.write(str(port))
        os.replace(args.port_file + ".tmp", args.port_file)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
