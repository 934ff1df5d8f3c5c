/// The header of a wrapped ES module's definition as values (issue 41, step 4k): what `ModuleLinker.linkES` writes as
/// text (`define(id, (parameters) => { "use strict"; var requests; export(namespace, {key: () => value, …});
/// request = require(target); star(namespace, request); …`), for the tree minifier to build as nodes
/// (`TreeModulePiece`) where the text route writes and parses it.
package struct WrappedESHeader {
    /// One request variable's assignment (`__wkpack_m0 = r(3);`), and the runtime star export after it, if any.
    package struct Assignment {
        /// The request variable (`__wkpack_m<request>`).
        package let variable: String
        /// The runtime function that gives the target's namespace (`RuntimeNames.require` or `.interop`).
        package let callee: String
        /// The target module's ID.
        package let target: Int
        /// `RuntimeNames.star` when a runtime star export follows (`s(__wkpack_ns, __wkpack_m0);`), else `nil`.
        package let star: String?
    }

    /// The wrapper's parameters.
    package let parameters: [String]
    /// The request variables the header declares with `var`, in order (empty: no declaration).
    package let requestVariables: [String]
    /// The runtime's export function (`RuntimeNames.export`).
    package let exportCallee: String
    /// The export getters, in the order written (sorted by name): each key (as written, an identifier name or a
    /// quoted or computed key) and its value's text (a name, or a member `name.key` / `name["key"]`). Empty: no call.
    package let getters: [(key: String, value: String)]
    /// The assignments of the request variables, in the order written.
    package let assignments: [Assignment]
}
