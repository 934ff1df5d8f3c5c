/// The small module registry emitted at the top of a bundle in which some file uses modules: only the
/// helpers the bundle's modules call, written so a minifier can shorten every name but the few globals.
package enum ModuleRuntime {
    /// A runtime function the linked modules may call.
    package enum Helper: Int, CaseIterable, Comparable {
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

        package static func < (lhs: Helper, rhs: Helper) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the registry's `require` must provide beyond CommonJS modules called with `module` and `exports`.
    package struct Features: Equatable {
        /// Some defined module is an ES module (its exports are a namespace object made by `require`).
        var esModules = false
        /// Some module receives the global object (`global` in CommonJS).
        package var global = false
        /// Some module receives a `require` function (it reads `require` other than in a call with a literal
        /// specifier, which the linker writes as a call of the registry's `require` with the module's ID).
        var requireFunction = false
    }

    /// Registry, `require` and shared internals; always present. Modules are defined as
    /// `define(id, body, isES, requests)` (trailing arguments left out when 0 or unused) and made on first
    /// `require(id)`. Without `globalThis` (before Safari 12.1) the global object is `self` (a page's window or a
    /// worker's global scope), else the `this` of the bundle's top level (a classic script's global object, as in node).
    static func core(_ n: RuntimeNames, features: Features = Features(), helpers: Set<Helper> = []) -> String {
        let usesGetter = helpers.contains(.export) || helpers.contains(.interop) || helpers.contains(.star)
        let usesLookup = features.requireFunction || helpers.contains(.context)
        let usesObject = features.esModules || usesGetter || usesLookup || !helpers.isEmpty
        let usesDefineProperty = features.esModules || usesGetter
        var variables = ["\(n.definitions) = []", "\(n.records) = []"]
        if usesObject { variables.append("\(n.object) = Object") }
        if usesDefineProperty { variables.append("\(n.defineProperty) = \(n.object).defineProperty") }
        let passesGlobal = features.global || features.requireFunction
        if passesGlobal, n.global != "globalThis" {
            variables.append("\(n.global) = typeof self !== \"undefined\" ? self : this")
        }
        var text = "var " + variables.joined(separator: ", ") + ";\n"
        text += "function \(n.define)(id, body, isES, requests) { \(n.definitions)[id] = [body, isES, requests]; }\n"
        if usesLookup {
            text += """
                function \(n.lookup)(requests, request) {
                  if (\(n.object).prototype.hasOwnProperty.call(requests, request)) return requests[request];
                  var error = new Error("Cannot find module '" + request + "'");
                  error.code = "MODULE_NOT_FOUND";
                  throw error;
                }

                """
        }
        if usesGetter {
            text += "function \(n.getter)(object, name, get) { \(n.defineProperty)(object, name, { enumerable: true, get: get }); }\n"
        }
        let extraArguments = features.requireFunction ? ", \(n.global), require" : passesGlobal ? ", \(n.global)" : ""
        text += """
            function \(n.require)(id) {
              var module = \(n.records)[id];
              if (!module) {
                var definition = \(n.definitions)[id];
                module = \(n.records)[id] = { exports: {} };

            """
        if features.requireFunction {
            text += """
                    var requests = definition[2], require = requests && function (request) { return \(n.require)(\(n.lookup)(requests, request)); };

                """
        }
        if features.esModules {
            text += """
                    if (definition[1]) {
                      var namespace = module.exports = \(n.object).create(null);
                      \(n.defineProperty)(namespace, Symbol.toStringTag, { value: "Module" });
                      \(n.defineProperty)(namespace, "__esModule", { value: true });
                      definition[0].call(void 0, namespace\(extraArguments));
                    } else
                """
            text += " "
        } else {
            text += "    "
        }
        text += """
            definition[0].call(module.exports, module, module.exports\(extraArguments));
              }
              return module.exports;
            }

            """
        return text
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
                  var exports = \(n.require)(id), definition = \(n.definitions)[id], namespace = definition[3];
                  if (definition[1]) return exports;
                  if (namespace) return namespace;
                  var module = \(n.records)[id], esModule = exports != null && exports.__esModule;
                  namespace = definition[3] = \(n.object).create(null);
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

    /// The runtime for modules that call `helpers` (with the helpers those depend on) and need `features`.
    package static func source(for helpers: Set<Helper>, features: Features = Features(), names: RuntimeNames = .development) -> String {
        var needed = helpers
        if needed.contains(.dynamicImport) { needed.insert(.interop) }
        return core(names, features: features, helpers: needed) + needed.sorted().map { source(of: $0, names: names) }.joined()
    }
}
