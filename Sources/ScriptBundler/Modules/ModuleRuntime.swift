/// The small module registry emitted at the top of a bundle in which some file uses modules.
enum ModuleRuntime {
    /// Runtime definitions; every name starts with `__wkpack_`.
    static let source = """
    var __wkpack_definitions = [], __wkpack_records = [];
    function __wkpack_define(id, isES, requests, body) { __wkpack_definitions[id] = [isES, requests, body]; }
    function __wkpack_missing(request) { var error = new Error("Cannot find module '" + request + "'"); error.code = "MODULE_NOT_FOUND"; return error; }
    function __wkpack_require(id) {
      var record = __wkpack_records[id];
      if (record) return record.isES ? record.namespace : record.module.exports;
      var definition = __wkpack_definitions[id];
      record = __wkpack_records[id] = { isES: definition[0], namespace: null, module: { exports: {} } };
      var requests = definition[1];
      var require = function (request) { if (!Object.prototype.hasOwnProperty.call(requests, request)) throw __wkpack_missing(request); return __wkpack_require(requests[request]); };
      if (record.isES) {
        record.namespace = Object.create(null);
        Object.defineProperty(record.namespace, Symbol.toStringTag, { value: "Module" });
        Object.defineProperty(record.namespace, "__esModule", { value: true });
        definition[2].call(undefined, record.namespace, require, globalThis);
        return record.namespace;
      }
      definition[2].call(record.module.exports, record.module, record.module.exports, require, globalThis);
      return record.module.exports;
    }
    function __wkpack_export(namespace, getters) { for (var name in getters) Object.defineProperty(namespace, name, { enumerable: true, get: getters[name] }); }
    function __wkpack_interop(id) {
      var exports = __wkpack_require(id), record = __wkpack_records[id];
      if (record.isES) return exports;
      if (record.interop) return record.interop;
      var namespace = record.interop = Object.create(null);
      var esModule = exports != null && exports.__esModule;
      Object.defineProperty(namespace, "default", { enumerable: true, get: function () { return esModule ? record.module.exports.default : record.module.exports; } });
      if (exports != null && (typeof exports === "object" || typeof exports === "function")) {
        Object.keys(exports).forEach(function (name) { if (name !== "default") Object.defineProperty(namespace, name, { enumerable: true, get: function () { return record.module.exports[name]; } }); });
      }
      return namespace;
    }
    function __wkpack_star(namespace, source) { Object.keys(source).forEach(function (name) { if (name !== "default" && !(name in namespace)) Object.defineProperty(namespace, name, { enumerable: true, get: function () { return source[name]; } }); }); }
    function __wkpack_import(id) { return Promise.resolve().then(function () { return __wkpack_interop(id); }); }
    function __wkpack_context(requests) {
      var context = function (request) { if (!Object.prototype.hasOwnProperty.call(requests, request)) throw __wkpack_missing(request); return __wkpack_require(requests[request]); };
      context.keys = function () { return Object.keys(requests); };
      context.resolve = function (request) { if (!Object.prototype.hasOwnProperty.call(requests, request)) throw __wkpack_missing(request); return requests[request]; };
      return context;
    }

    """
}
