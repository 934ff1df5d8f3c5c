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

    /// Registry, `require` and shared internals; always present.
    static let core = """
    var __wkpack_definitions = [], __wkpack_records = [], __wkpack_object = Object, __wkpack_defineProperty = __wkpack_object.defineProperty;
    function __wkpack_define(id, isES, requests, body) { __wkpack_definitions[id] = [isES, requests, body]; }
    function __wkpack_lookup(requests, request) {
      if (__wkpack_object.prototype.hasOwnProperty.call(requests, request)) return requests[request];
      var error = new Error("Cannot find module '" + request + "'");
      error.code = "MODULE_NOT_FOUND";
      throw error;
    }
    function __wkpack_getter(object, name, get) { __wkpack_defineProperty(object, name, { enumerable: true, get: get }); }
    function __wkpack_require(id) {
      var record = __wkpack_records[id];
      if (!record) {
        var definition = __wkpack_definitions[id], requests = definition[1], module = { exports: {} };
        var require = function (request) { return __wkpack_require(__wkpack_lookup(requests, request)); };
        record = __wkpack_records[id] = [definition[0], module];
        if (definition[0]) {
          var namespace = module.exports = __wkpack_object.create(null);
          __wkpack_defineProperty(namespace, Symbol.toStringTag, { value: "Module" });
          __wkpack_defineProperty(namespace, "__esModule", { value: true });
          definition[2].call(undefined, namespace, require, globalThis);
        } else {
          definition[2].call(module.exports, module, module.exports, require, globalThis);
        }
      }
      return record[1].exports;
    }

    """

    /// The text of `helper`.
    static func source(of helper: Helper) -> String {
        switch helper {
        case .export:
            return """
            function __wkpack_export(namespace, getters) { for (var name in getters) __wkpack_getter(namespace, name, getters[name]); }

            """
        case .interop:
            return """
            function __wkpack_interop(id) {
              var exports = __wkpack_require(id), record = __wkpack_records[id], module = record[1];
              if (record[0]) return exports;
              if (record[2]) return record[2];
              var namespace = record[2] = __wkpack_object.create(null), esModule = exports != null && exports.__esModule;
              __wkpack_getter(namespace, "default", function () { return esModule ? module.exports.default : module.exports; });
              if (exports != null && (typeof exports === "object" || typeof exports === "function")) {
                __wkpack_object.keys(exports).forEach(function (name) { if (name !== "default") __wkpack_getter(namespace, name, function () { return module.exports[name]; }); });
              }
              return namespace;
            }

            """
        case .star:
            return """
            function __wkpack_star(namespace, source) {
              __wkpack_object.keys(source).forEach(function (name) { if (name !== "default" && !(name in namespace)) __wkpack_getter(namespace, name, function () { return source[name]; }); });
            }

            """
        case .dynamicImport:
            return """
            function __wkpack_import(id) { return Promise.resolve().then(function () { return __wkpack_interop(id); }); }

            """
        case .context:
            return """
            function __wkpack_context(requests) {
              var context = function (request) { return __wkpack_require(__wkpack_lookup(requests, request)); };
              context.keys = function () { return __wkpack_object.keys(requests); };
              context.resolve = function (request) { return __wkpack_lookup(requests, request); };
              return context;
            }

            """
        }
    }

    /// The runtime for modules that call `helpers` (with the helpers those depend on).
    static func source(for helpers: Set<Helper>) -> String {
        var needed = helpers
        if needed.contains(.dynamicImport) { needed.insert(.interop) }
        return core + needed.sorted().map(source(of:)).joined()
    }
}
