/// The small module registry emitted at the top of a bundle in which some file uses modules: only the
/// helpers the bundle's modules call, written so a minifier can shorten every name but the few globals.
enum ModuleRuntime {
    /// A runtime function the linked modules may call.
    enum Helper: Int, CaseIterable, Comparable {
        /// `__wkpack_export(namespace, getters)`: live export getters of an ES module.
        case export
        /// `__wkpack_interop(id)`: an ES namespace, or one made for a CommonJS module.
        case interop
        /// `__wkpack_star(namespace, source)`: `export *` of a module whose names are known at run time.
        case star
        /// `__wkpack_import(id)`: `import()`.
        case dynamicImport
        /// `__wkpack_context(requests)`: `require.context`.
        case context

        static func < (lhs: Helper, rhs: Helper) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Registry, `require` and shared internals; always present. Without `globalThis` (before Safari 12.1) the
    /// global object is `self` (a page's window or a worker's global scope), else the `this` of the bundle's top
    /// level (a classic script's global object, as in node).
    static func core(_ n: RuntimeNames) -> String {
        let global = n.global == "globalThis" ? "" : ", \(n.global) = typeof self !== \"undefined\" ? self : this"
        return """
    var \(n.definitions) = [], \(n.records) = [], \(n.object) = Object, \(n.defineProperty) = \(n.object).defineProperty\(global);
    function \(n.define)(id, isES, requests, body) { \(n.definitions)[id] = [isES, requests, body]; }
    function \(n.lookup)(requests, request) {
      if (\(n.object).prototype.hasOwnProperty.call(requests, request)) return requests[request];
      var error = new Error("Cannot find module '" + request + "'");
      error.code = "MODULE_NOT_FOUND";
      throw error;
    }
    function \(n.getter)(object, name, get) { \(n.defineProperty)(object, name, { enumerable: true, get: get }); }
    function \(n.require)(id) {
      var record = \(n.records)[id];
      if (!record) {
        var definition = \(n.definitions)[id], requests = definition[1], module = { exports: {} };
        var require = function (request) { return \(n.require)(\(n.lookup)(requests, request)); };
        record = \(n.records)[id] = [definition[0], module];
        if (definition[0]) {
          var namespace = module.exports = \(n.object).create(null);
          \(n.defineProperty)(namespace, Symbol.toStringTag, { value: "Module" });
          \(n.defineProperty)(namespace, "__esModule", { value: true });
          definition[2].call(undefined, namespace, require, \(n.global));
        } else {
          definition[2].call(module.exports, module, module.exports, require, \(n.global));
        }
      }
      return record[1].exports;
    }

    """
    }

    /// The text of `helper`.
    static func source(of helper: Helper, names n: RuntimeNames = .development) -> String {
        switch helper {
        case .export:
            return """
            function \(n.export)(namespace, getters) { for (var name in getters) \(n.getter)(namespace, name, getters[name]); }

            """
        case .interop:
            return """
            function \(n.interop)(id) {
              var exports = \(n.require)(id), record = \(n.records)[id], module = record[1];
              if (record[0]) return exports;
              if (record[2]) return record[2];
              var namespace = record[2] = \(n.object).create(null), esModule = exports != null && exports.__esModule;
              \(n.getter)(namespace, "default", function () { return esModule ? module.exports.default : module.exports; });
              if (exports != null && (typeof exports === "object" || typeof exports === "function")) {
                \(n.object).keys(exports).forEach(function (name) { if (name !== "default") \(n.getter)(namespace, name, function () { return module.exports[name]; }); });
              }
              return namespace;
            }

            """
        case .star:
            return """
            function \(n.star)(namespace, source) {
              \(n.object).keys(source).forEach(function (name) { if (name !== "default" && !(name in namespace)) \(n.getter)(namespace, name, function () { return source[name]; }); });
            }

            """
        case .dynamicImport:
            return """
            function \(n.dynamicImport)(id) { return Promise.resolve().then(function () { return \(n.interop)(id); }); }

            """
        case .context:
            return """
            function \(n.context)(requests) {
              var context = function (request) { return \(n.require)(\(n.lookup)(requests, request)); };
              context.keys = function () { return \(n.object).keys(requests); };
              context.resolve = function (request) { return \(n.lookup)(requests, request); };
              return context;
            }

            """
        }
    }

    /// The runtime for modules that call `helpers` (with the helpers those depend on).
    static func source(for helpers: Set<Helper>, names: RuntimeNames = .development) -> String {
        var needed = helpers
        if needed.contains(.dynamicImport) { needed.insert(.interop) }
        return core(names) + needed.sorted().map { source(of: $0, names: names) }.joined()
    }
}
