#!/usr/bin/python3
"""Asks the real WebKit (WebKitGTK 2.50) whether element hiding holds on a page under rule-list layouts that differ
in how untyped filters leave out the page load (issue 43), which the match oracle cannot observe (it sees loads,
not hiding).

Each case loads http://news.test/page (served by a local proxy, no network) with one rule list and reports, after the
load, the computed `display` of four elements: `.g` (a generic `css-display-none`), `.s` (a site-specific one,
`if-domain` news.test), `.c` (hidden by nothing) and `.e` (hidden by a rule after an `@@...$elemhide` exception for
another site, or, in the "elemhide on the page" variants, for news.test itself). Pages with and without subresource loads, since WebKit adds its precompiled stylesheet on any load
that meets no `ignore-previous-rules`.

Layouts: "one-part" (issue 40: the untyped block lists its 9 types), "two-part" (issue 43: the untyped block without
`resource-type`, the page-load boundary, then the cosmetic rules again for `top-document` and `popup`), and
"boundary-only" (the boundary without the copies: what the copies are for).
Usage: /usr/bin/python3 scripts/convert-diff/hiding-check.py [--timeout S]   (needs xvfb-run)
"""
import json, os, socketserver, http.server, subprocess, sys, tempfile, threading

UNTYPED = ["child-document", "image", "style-sheet", "script", "font", "raw", "svg-document", "media", "csp-report"]
PAGE_LOADS = ["top-document", "popup"]


def cosmetic(types=None):
    def t(extra):
        trigger = {"url-filter": ".*"}
        if types:
            trigger["resource-type"] = types
        trigger.update(extra)
        return trigger
    return [
        {"trigger": t({}), "action": {"type": "css-display-none", "selector": ".g"}},
        {"trigger": t({"if-domain": ["*news.test"]}), "action": {"type": "css-display-none", "selector": ".s"}},
        {"trigger": t({"if-domain": ["*news.test"]}), "action": {"type": "css-display-none", "selector": ".e"}},
    ]


ELEMHIDE_OTHER = {"trigger": {"url-filter": "^[^:]*://([^/:]*[.@])?other\\.test[/:?#]"}, "action": {"type": "ignore-previous-rules"}}
ELEMHIDE_PAGE = {"trigger": {"url-filter": "^[^:]*://([^/:]*[.@])?news\\.test[/:?#]"}, "action": {"type": "ignore-previous-rules"}}
BLOCK = {"trigger": {"url-filter": "tracker"}, "action": {"type": "block"}}
BOUNDARY = {"trigger": {"url-filter": ".*", "resource-type": PAGE_LOADS}, "action": {"type": "ignore-previous-rules"}}


def layouts():
    block_typed = json.loads(json.dumps(BLOCK))
    block_typed["trigger"]["resource-type"] = UNTYPED
    result = {}
    for suffix, elemhide in (("", ELEMHIDE_OTHER), (", elemhide on the page", ELEMHIDE_PAGE)):
        elemhide_copy = json.loads(json.dumps(elemhide))
        elemhide_copy["trigger"]["resource-type"] = PAGE_LOADS
        result["one-part" + suffix] = cosmetic()[:2] + [elemhide] + cosmetic()[2:] + [block_typed]
        result["two-part" + suffix] = (cosmetic()[:2] + [elemhide] + cosmetic()[2:] + [BLOCK, BOUNDARY]
                                       + cosmetic(PAGE_LOADS)[:2] + [elemhide_copy] + cosmetic(PAGE_LOADS)[2:])
        if not suffix:
            result["boundary-only"] = cosmetic()[:2] + [elemhide] + cosmetic()[2:] + [BLOCK, BOUNDARY]
    return result


PAGES = {
    "no-subresources": b"<!DOCTYPE html><html><body><div class=g>g</div><div class=s>s</div><div class=c>c</div>"
    b"<div class=e>e</div></body></html>",
    "one-image": b"<!DOCTYPE html><html><body><img src='http://cdn.test/x.gif'><div class=g>g</div><div class=s>s</div>"
    b"<div class=c>c</div><div class=e>e</div></body></html>",
}
GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")


class Handler(http.server.BaseHTTPRequestHandler):
    page = b""

    def do_GET(self):
        if "cdn.test" in self.path:
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


def run(timeout):
    import gi
    gi.require_version("WebKit", "6.0")
    gi.require_version("Gtk", "4.0")
    from gi.repository import GLib, Gtk, WebKit

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    tmp = tempfile.mkdtemp(prefix="hiding-check-")
    Gtk.init()
    store = WebKit.UserContentFilterStore.new(os.path.join(tmp, "store"))
    session = WebKit.NetworkSession.new(os.path.join(tmp, "data"), os.path.join(tmp, "cache"))
    session.set_proxy_settings(WebKit.NetworkProxyMode.CUSTOM,
                               WebKit.NetworkProxySettings.new("http://127.0.0.1:%d" % server.server_address[1], []))
    loop = GLib.MainLoop()
    results = []
    for name, rules in layouts().items():
        box = {}

        def saved(s, result):
            box["filter"] = s.save_finish(result)
            loop.quit()
        store.save(name, GLib.Bytes.new(json.dumps(rules).encode()), None, saved)
        loop.run()
        for page_name, html in PAGES.items():
            Handler.page = html
            ucm = WebKit.UserContentManager()
            ucm.add_filter(box["filter"])
            view = WebKit.WebView(network_session=session, user_content_manager=ucm)
            window = Gtk.Window()
            window.set_child(view)
            window.present()
            state = {}

            def changed(v, event):
                if event == WebKit.LoadEvent.FINISHED:
                    GLib.timeout_add(500, evaluate)

            def evaluate():
                script = "JSON.stringify(['g','s','c','e'].map(c => getComputedStyle(document.querySelector('.' + c)).display))"

                def done(v, result):
                    try:
                        state["display"] = json.loads(v.evaluate_javascript_finish(result).to_string())
                    except Exception as e:  # noqa: BLE001
                        state["error"] = str(e)
                    loop.quit()
                view.evaluate_javascript(script, -1, None, None, None, done)
                return False

            def give_up():
                state.setdefault("error", "timeout")
                loop.quit()
                return False
            view.connect("load-changed", changed)
            timer = GLib.timeout_add_seconds(timeout, give_up)
            view.load_uri("http://news.test/page")
            loop.run()
            GLib.source_remove(timer) if "error" not in state or state["error"] != "timeout" else None
            window.destroy()
            entry = {"layout": name, "page": page_name}
            if "display" in state:
                entry.update(dict(zip(["g", "s", "c", "e"], state["display"])))
            else:
                entry["error"] = state.get("error")
            results.append(entry)
            print(json.dumps(entry), flush=True)
    server.shutdown()
    return results


def main():
    timeout = 60
    if "--timeout" in sys.argv:
        timeout = int(sys.argv[sys.argv.index("--timeout") + 1])
    if os.environ.get("HIDING_CHECK_INNER") != "1":
        env = dict(os.environ, HIDING_CHECK_INNER="1", GDK_BACKEND="x11", WEBKIT_DISABLE_COMPOSITING_MODE="1",
                   LIBGL_ALWAYS_SOFTWARE="1", NO_AT_BRIDGE="1", GSETTINGS_BACKEND="memory")
        for v in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "no_proxy", "NO_PROXY"):
            env.pop(v, None)
        sys.exit(subprocess.run(["xvfb-run", "-a", "/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:],
                                env=env).returncode)
    run(timeout)


if __name__ == "__main__":
    main()
