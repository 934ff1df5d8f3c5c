import ScriptSyntax
import WKPackSupport

/// Reads a `resource://` override table from a CommonJS or ES file, as firefox-ios's
/// `CC_Script/Overrides.ios.js` holds it, without running the file.
///
/// The table is an object literal of string keys (identifiers or string literals) and string values. It is
/// found through the file's exports: the export named `ModuleOverrides` (`module.exports = { ModuleOverrides }`,
/// `module.exports.ModuleOverrides = ...`, `exports.ModuleOverrides = ...`, `export const ModuleOverrides = ...`,
/// `export { ModuleOverrides }`), else the file's only named export, else the whole export
/// (`module.exports = {...}`, `export default {...}`). A name exported or used as the table must be declared at
/// the file's top level with an object literal. Anything else (computed keys, spreads, values that are not
/// strings, calls, no export) is an error located in the file.
public enum OverrideTableReader {
    /// The name firefox-ios exports its table under.
    public static let exportName = "ModuleOverrides"

    /// Reads the file at `path` through `fileSystem`. `origin` is where the file was configured, for a missing file.
    public static func load(_ path: String, fileSystem: any BundlerFileSystem, origin: SourceLocation? = nil) throws(BundlerError)
        -> [String: String]
    {
        let shown = AbsolutePath.display(path)
        guard fileSystem.itemKind(at: path) == .file else {
            throw BundlerError(
                .invalidConfiguration, at: origin ?? SourceLocation(path: shown), "override table file '\(shown)' does not exist")
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(at: path)
        } catch {
            throw BundlerError(.unreadableFile, at: SourceLocation(path: shown), "cannot read the override table file: \(error)")
        }
        return try read(bytes, path: shown)
    }

    /// Reads the table from the source `bytes` of the file `path` (named in errors).
    public static func read(_ bytes: [UInt8], path: String) throws(BundlerError) -> [String: String] {
        let statements: [StaticStatement]
        do {
            statements = try StaticProgramReader.read(bytes)
        } catch {
            throw BundlerError(.syntax(error.kind), at: SourceLocation(path: path, line: error.line, column: error.column), error.message)
        }
        func fail(_ line: Int, _ column: Int, _ message: String) -> BundlerError {
            BundlerError(.invalidConfiguration, at: SourceLocation(path: path, line: line, column: column), "override table: " + message)
        }
        var declarations: [String: StaticExpression] = [:]
        var named: [(name: String, value: StaticExpression)] = []
        var whole: StaticExpression?
        for statement in statements {
            switch statement.kind {
            case .declaration(let binding, let value, let isExported):
                guard case .name(let name) = binding, let value else { continue }
                declarations[name] = value
                if isExported { named.append((name, value)) }
            case .assignment(let target, let value):
                if target == ["module", "exports"] {
                    whole = value
                } else if target.count == 3, target[0] == "module", target[1] == "exports" {
                    named.append((target[2], value))
                } else if target.count == 2, target[0] == "exports" {
                    named.append((target[1], value))
                }
            case .exportDefault(let value):
                whole = value
            case .exportNames(let names):
                for name in names {
                    named.append((name.exported, StaticExpression(.identifier(name.local), line: name.line, column: name.column)))
                }
            case .expression, .other:
                continue
            }
        }
        /// Follows a name to the object literal it is declared with.
        func object(_ expression: StaticExpression, what: String) throws(BundlerError) -> [StaticProperty] {
            var current = expression
            var seen: Set<String> = []
            while let name = current.identifierName {
                guard seen.insert(name).inserted, let declared = declarations[name] else {
                    throw fail(
                        current.line, current.column,
                        "\(what) is the name '\(name)', which is not declared in this file with an object literal")
                }
                current = declared
            }
            guard case .object(let properties) = current.value else {
                throw fail(
                    current.line, current.column,
                    "\(what) must be an object literal of string keys and string values, found \(current.description)")
            }
            return properties
        }
        let table: [StaticProperty]
        if let export = named.last(where: { $0.name == exportName }) {
            table = try object(export.value, what: "the export '\(exportName)'")
        } else if named.count == 1 {
            table = try object(named[0].value, what: "the export '\(named[0].name)'")
        } else if let whole {
            let properties = try object(whole, what: "the exported value")
            // `module.exports = { ModuleOverrides }` or `{ ModuleOverrides: {...} }`: the table is that property.
            if let property = properties.last(where: { $0.key == .name(exportName) }) {
                table = try object(property.value, what: "the export '\(exportName)'")
            } else {
                table = properties
            }
        } else if named.count > 1 {
            let first = named[0].value
            throw fail(
                first.line, first.column,
                "the file exports several names (\(named.map { "'\($0.name)'" }.joined(separator: ", "))) and none is '\(exportName)'")
        } else {
            throw fail(
                1, 1,
                "no export found: expected 'module.exports = { \(exportName) }', 'module.exports = {...}', "
                    + "'export const \(exportName) = {...}' or 'export default {...}'")
        }
        var result: [String: String] = [:]
        for property in table {
            switch property.key {
            case .name(let name):
                if property.isShorthand {
                    throw fail(
                        property.line, property.column, "'\(name)' is a shorthand property; write the key and its file name as strings")
                }
                guard let target = property.value.stringValue else {
                    throw fail(
                        property.value.line, property.value.column,
                        "the value of '\(name)' must be a string (a file name), found \(property.value.description)")
                }
                guard !target.isEmpty else {
                    throw fail(property.value.line, property.value.column, "the value of '\(name)' is an empty string")
                }
                result[name] = target
            case .computed:
                throw fail(property.line, property.column, "a computed key ('[...]') is not supported; write the key as a string")
            case .spread:
                throw fail(property.line, property.column, "a spread ('...') is not supported; list every pair in the table")
            case .unsupported(let what):
                throw fail(property.line, property.column, "\(what) is not supported; write 'key: \"file name\"' pairs")
            }
        }
        return result
    }
}
