#!/usr/bin/python3
"""Times page loads in the real WebKit (WebKitGTK 2.50) under converted rule lists, to measure what a layout costs
per page (issue 43): the two-part layout makes WebKit leave its precompiled stylesheet of generic hiding selectors
out of the page load and hide those selectors through the page-load copies instead, which the compile cost does not
show.

Usage: /usr/bin/python3 scripts/convert-diff/page-load-cost.py [--loads N] [--elements N] [--images N]
           [--timeout S] [--json OUT] NAME=LIST.json ...   (needs xvfb-run)

Each list is compiled into a WebKit store once, and gets a web view of its own (all views share one web process
pool, as tabs do). The page, served by a local proxy (no network), is http://news.test/page?n=I: N elements
(default 2,000), one in ten with a class or id taken from the lists' generic `css-display-none` selectors (so WebKit
hides them) and the rest with made-up names, plus --images images (default 4: each image load is a load that meets
no `ignore-previous-rules`, on which WebKit adds its precompiled stylesheet). The views load the page in turn,
round after round (the order rotating each round, so drift weighs on all alike), every load a new URL.

Per load: wall milliseconds from load_uri to the load's end, as the UI process sees it; the page's own
`performance` navigation timing (responseEnd to domContentLoadedEventEnd, and to loadEventEnd); and after the load,
the milliseconds of a forced style recalculation and layout (`document.body.offsetHeight` after a class change on
<body>), with how many of the hidden elements are `display: none` (a check that hiding held). Printed: one JSON line
per load, then per list the median (and the first load's: the stylesheet is built once per web process) of each.
"""
import json, os, re, socketserver, http.server, statistics, subprocess, sys, tempfile, threading, time

GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")
SIMPLE = re.compile(r"^([#.])([A-Za-z_][A-Za-z0-9_-]*)$")


def generic_names(paths, limit):
    """Up to `limit` simple `#id` / `.class` selectors of the lists' generic hiding rules, in list order."""
    names, seen = [], set()
    for path in paths:
        with open(path, "rb") as f:
            rules = json.load(f)
        for rule in rules:
            trigger, action = rule["trigger"], rule["action"]
            if action.get("type") != "css-display-none" or set(trigger) - {"url-filter", "resource-type"}:
                continue
            for selector in action["selector"].split(","):
                m = SIMPLE.match(selector.strip())
                if m and m.group(0) not in seen:
                    seen.add(m.group(0))
                    names.append((m.group(1), m.group(2)))
                    if len(names) >= limit:
                        return names
    return names


def make_page(names, elements, images):
    parts = ["<!DOCTYPE html><html><head><title>news</title></head><body><main>"]
    hidden = 0
    for i in range(elements):
        if i % 10 == 0 and names:
            kind, name = names[(i // 10) % len(names)]
            attr = 'id="%s"' % name if kind == "#" else 'class="%s"' % name
            parts.append('<div %s data-h="1">ad %d</div>' % (attr, i))
            hidden += 1
        else:
            parts.append('<div class="story s%d col%d"><span id="t%d">text %d</span></div>' % (i % 97, i % 7, i, i))
        if images and i % max(1, elements // images) == 0 and i // max(1, elements // images) < images:
            parts.append('<img src="http://cdn.test/i%d.gif" width=1 height=1>' % i)
    parts.append("</main></body></html>")
    return "".join(parts).encode(), hidden


class Handler(http.server.BaseHTTPRequestHandler):
    page = b""

    def do_GET(self):
        if "cdn.test" in self.headers.get("Host", "") or "cdn.test" in self.path:
            body, kind = GIF, "image/gif"
        else:
            body, kind = Handler.page, "text/html; charset=utf-8"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


PROBE = """(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const hidden = [...document.querySelectorAll('[data-h]')];
  const t0 = performance.now();
  document.body.classList.toggle('x');
  const h = document.body.offsetHeight;
  const recalc = performance.now() - t0;
  return JSON.stringify({dcl: nav.domContentLoadedEventEnd - nav.responseEnd, load: nav.loadEventEnd - nav.responseEnd,
    recalc: recalc, height: h, hidden: hidden.filter(e => getComputedStyle(e).display === 'none').length,
    of: hidden.length});
})()"""


def run(lists, loads, elements, images, timeout, out):
    import gi
    gi.require_version("WebKit", "6.0")
    gi.require_version("Gtk", "4.0")
    from gi.repository import GLib, Gtk, WebKit

    names = generic_names([path for _, path in lists], 5000)
    Handler.page, hidden = make_page(names, elements, images)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    tmp = tempfile.mkdtemp(prefix="page-load-cost-")
    Gtk.init()
    store = WebKit.UserContentFilterStore.new(os.path.join(tmp, "store"))
    session = WebKit.NetworkSession.new(os.path.join(tmp, "data"), os.path.join(tmp, "cache"))
    session.set_proxy_settings(WebKit.NetworkProxyMode.CUSTOM,
                               WebKit.NetworkProxySettings.new("http://127.0.0.1:%d" % server.server_address[1], []))
    loop = GLib.MainLoop()
    views = []
    for name, path in lists:
        box = {}

        def saved(s, result):
            box["filter"] = s.save_finish(result)
            loop.quit()
        with open(path, "rb") as f:
            store.save(name, GLib.Bytes.new(f.read()), None, saved)
        loop.run()
        ucm = WebKit.UserContentManager()
        ucm.add_filter(box["filter"])
        view = WebKit.WebView(network_session=session, user_content_manager=ucm)
        window = Gtk.Window()
        window.set_default_size(1024, 768)
        window.set_child(view)
        window.present()
        views.append((name, view, window))
    print(json.dumps({"page_bytes": len(Handler.page), "elements": elements, "hidden": hidden, "images": images,
                      "lists": [n for n, _ in lists]}), flush=True)
    results = {name: [] for name, _ in lists}
    counter = 0
    for round_index in range(loads + 1):
        order = views[round_index % len(views):] + views[:round_index % len(views)]
        for name, view, _ in order:
            counter += 1
            state = {}

            def changed(v, event):
                if event == WebKit.LoadEvent.FINISHED and "wall" not in state:
                    state["wall"] = (time.perf_counter() - state["start"]) * 1000
                    GLib.timeout_add(100, evaluate, v)

            def evaluate(v):
                def done(v, result):
                    try:
                        state["probe"] = json.loads(v.evaluate_javascript_finish(result).to_string())
                    except Exception as e:  # noqa: BLE001
                        state["error"] = str(e)
                    loop.quit()
                v.evaluate_javascript(PROBE, -1, None, None, None, done)
                return False

            def give_up():
                state.setdefault("error", "timeout")
                loop.quit()
                return False
            handler = view.connect("load-changed", changed)
            timer = GLib.timeout_add_seconds(timeout, give_up)
            state["start"] = time.perf_counter()
            view.load_uri("http://news.test/page?n=%d" % counter)
            loop.run()
            if state.get("error") != "timeout":
                GLib.source_remove(timer)
            view.disconnect(handler)
            entry = {"list": name, "round": round_index, "wall": round(state.get("wall", -1), 2)}
            if "probe" in state:
                entry.update({k: round(v, 2) if isinstance(v, float) else v for k, v in state["probe"].items()})
            else:
                entry["error"] = state.get("error")
            print(json.dumps(entry), flush=True)
            results[name].append(entry)
    summary = {}
    for name, entries in results.items():
        warm = [e for e in entries if e["round"] > 0 and "error" not in e]
        first = entries[0]
        summary[name] = {"loads": len(warm), "first": first,
                         **{"median_" + k: round(statistics.median(e[k] for e in warm), 2)
                            for k in ("wall", "dcl", "load", "recalc") if warm},
                         "hidden_min": min((e["hidden"] for e in warm), default=None), "of": hidden}
        print(json.dumps({"summary": name, **summary[name]}), flush=True)
    if out:
        with open(out, "w") as f:
            json.dump({"results": results, "summary": summary}, f, indent=1)
    server.shutdown()


def main():
    args = sys.argv[1:]
    opts = {"--loads": 15, "--elements": 2000, "--images": 4, "--timeout": 120, "--json": None}
    lists = []
    i = 0
    while i < len(args):
        if args[i] in opts:
            opts[args[i]] = args[i + 1] if args[i] == "--json" else int(args[i + 1])
            i += 2
        elif "=" in args[i] and not args[i].startswith("-"):
            name, path = args[i].split("=", 1)
            lists.append((name, os.path.abspath(path)))
            i += 1
        else:
            print(__doc__, file=sys.stderr)
            sys.exit(2)
    if not lists:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if os.environ.get("PAGE_LOAD_COST_INNER") != "1":
        env = dict(os.environ, PAGE_LOAD_COST_INNER="1", GDK_BACKEND="x11", WEBKIT_DISABLE_COMPOSITING_MODE="1",
                   LIBGL_ALWAYS_SOFTWARE="1", NO_AT_BRIDGE="1", GSETTINGS_BACKEND="memory")
        for v in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "no_proxy", "NO_PROXY"):
            env.pop(v, None)
        argv = [a if "=" not in a or a.startswith("-") else a.split("=", 1)[0] + "=" + os.path.abspath(a.split("=", 1)[1])
                for a in args]
        sys.exit(subprocess.run(["xvfb-run", "-a", "/usr/bin/python3", os.path.abspath(__file__)] + argv,
                                env=env).returncode)
    run(lists, opts["--loads"], opts["--elements"], opts["--images"], opts["--timeout"], opts["--json"])


if __name__ == "__main__":
    main()
