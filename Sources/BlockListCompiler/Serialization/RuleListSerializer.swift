/// Writes rules back as WebKit content-blocker JSON, one rule per line, keys in a fixed order.
public struct RuleListSerializer: Sendable {
    /// Write non-ASCII characters as `\uXXXX` escapes (`JSONEscaper.escapingNonASCII`): WebKit then stores the
    /// list's source as 8-bit text in the compiled file, half the bytes of 16-bit.
    public var escapesNonASCII: Bool

    /// Creates a serializer.
    public init(escapesNonASCII: Bool = false) {
        self.escapesNonASCII = escapesNonASCII
    }

    /// The JSON text of `rules`.
    public func serialize(_ rules: [Rule]) -> String {
        String(decoding: serializedBytes(rules), as: UTF8.self)
    }

    /// The UTF-8 bytes of `serialize(rules)`, written straight into one buffer.
    public func serializedBytes(_ rules: [Rule]) -> [UInt8] {
        serialized(count: rules.count) { writer, index in write(rules[index], to: &writer) }
    }

    /// `serializedBytes(rules)`, taking the rules and freeing each one's strings and arrays once it is written, so
    /// a list and its whole JSON are not held at once. Pass the only reference (`consume`): a shared array would be
    /// copied whole by the first rule freed.
    public func serializedBytes(releasing rules: consuming [Rule]) -> [UInt8] {
        var rules = rules
        return rules.withUnsafeMutableBufferPointer { rules in
            serialized(count: rules.count) { writer, index in
                // Moved out of the list through its pointer and freed once written (reading it in place and then
                // storing over it copied each rule, and so did swapping it out through the array's subscript: a
                // retain and a release of every string and array in it).
                guard let base = rules.baseAddress else { return }
                let rule = (base + index).move()
                (base + index).initialize(to: RuleListSerializer.written)
                write(rule, to: &writer)
            }
        }
    }

    /// The list of `count` rules, `writeRule` writing rule `index`.
    private func serialized(count: Int, _ writeRule: (inout JSONByteWriter, Int) -> Void) -> [UInt8] {
        var writer = JSONByteWriter(escapesNonASCII: escapesNonASCII)
        // Room for 256 bytes a rule (converted and optimized lists average 220): growing the buffer by doubling
        // holds the old and the new one at once, which was the conversion's peak of memory. Room never written
        // is never touched, so it costs no memory.
        writer.reserveCapacity(count * 256 + 8)
        writer.byte(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.byte(0x0A)
            writeRule(&writer, index)
            // Each rule is written into the writer's scratch room and copied to the list once.
            writer.flush()
        }
        if count > 0 { writer.byte(0x0A) }
        writer.byte(UInt8(ascii: "]"))
        writer.byte(0x0A)
        return writer.takeBytes()
    }

    /// What a written rule is replaced by (no storage of its own).
    private static let written = Rule(trigger: Trigger(urlFilter: ""), action: Action(kind: .block))

    /// The JSON text of one rule.
    public func serialize(_ rule: Rule) -> String {
        var writer = JSONByteWriter(escapesNonASCII: escapesNonASCII)
        write(rule, to: &writer)
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }

    private func write(_ rule: Rule, to writer: inout JSONByteWriter) {
        var object = writer.beginObject()
        writer.key("trigger", &object)
        trigger(rule.trigger, &writer)
        writer.key("action", &object)
        action(rule.action, &writer)
        writer.unknown(rule.unknownMembers, &object)
        writer.endObject()
    }

    private func trigger(_ trigger: Trigger, _ writer: inout JSONByteWriter) {
        var object = writer.beginObject()
        writer.string("url-filter", trigger.urlFilter, &object)
        if let value = trigger.urlFilterIsCaseSensitive { writer.bool("url-filter-is-case-sensitive", value, &object) }
        if let value = trigger.topURLFilterIsCaseSensitive { writer.bool("top-url-filter-is-case-sensitive", value, &object) }
        if let value = trigger.frameURLFilterIsCaseSensitive { writer.bool("frame-url-filter-is-case-sensitive", value, &object) }
        if let values = trigger.resourceTypes { writer.resourceTypes(values, &object) }
        if let values = trigger.loadTypes { writer.strings("load-type", values.lazy.map(\.rawValue), &object) }
        if let values = trigger.loadContexts { writer.strings("load-context", values.lazy.map(\.rawValue), &object) }
        if let method = trigger.requestMethod { writer.string("request-method", trigger.requestMethodSpelling ?? method.rawValue, &object) }
        if let condition = trigger.condition { writer.strings(RuleListSerializer.key(of: condition.kind), condition.values, &object) }
        writer.unknown(trigger.unknownMembers, &object)
        writer.endObject()
    }

    /// The member name of a condition (its raw value), as a static string.
    static func key(of kind: TriggerCondition.Kind) -> StaticString {
        switch kind {
        case .ifDomain: return "if-domain"
        case .unlessDomain: return "unless-domain"
        case .ifTopURL: return "if-top-url"
        case .unlessTopURL: return "unless-top-url"
        case .ifFrameURL: return "if-frame-url"
        case .unlessFrameURL: return "unless-frame-url"
        }
    }

    private func action(_ action: Action, _ writer: inout JSONByteWriter) {
        var object = writer.beginObject()
        writer.string("type", action.typeName, &object)
        switch action.kind {
        case .block, .blockCookies, .ignorePreviousRules, .ignoreFollowingRules, .makeHTTPS: break
        case .cssDisplayNone(let selector): writer.string("selector", selector, &object)
        case .notify(let notification): writer.string("notification", notification, &object)
        case .redirect(let redirect):
            writer.key("redirect", &object)
            self.redirect(redirect, &writer)
        case .modifyHeaders(let modifyHeaders):
            if let headers = modifyHeaders.requestHeaders {
                writer.key("request-headers", &object)
                self.headers(headers, &writer)
            }
            if let headers = modifyHeaders.responseHeaders {
                writer.key("response-headers", &object)
                self.headers(headers, &writer)
            }
            writer.key("priority", &object)
            writer.raw(modifyHeaders.prioritySource)
        }
        writer.unknown(action.unknownMembers, &object)
        writer.endObject()
    }

    private func redirect(_ redirect: Redirect, _ writer: inout JSONByteWriter) {
        var object = writer.beginObject()
        switch redirect {
        case .extensionPath(let path): writer.string("extension-path", path, &object)
        case .regexSubstitution(let substitution): writer.string("regex-substitution", substitution, &object)
        case .url(let url): writer.string("url", url, &object)
        case .transform(let transform):
            writer.key("transform", &object)
            var inner = writer.beginObject()
            if let value = transform.fragment { writer.string("fragment", value, &inner) }
            if let value = transform.host { writer.string("host", value, &inner) }
            if let value = transform.password { writer.string("password", value, &inner) }
            if let value = transform.path { writer.string("path", value, &inner) }
            if let value = transform.port { writer.string("port", value, &inner) }
            if let value = transform.query { writer.string("query", value, &inner) }
            if let queryTransform = transform.queryTransform {
                writer.key("query-transform", &inner)
                var query = writer.beginObject()
                if let names = queryTransform.removeParameters { writer.strings("remove-parameters", names, &query) }
                if let parameters = queryTransform.addOrReplaceParameters {
                    writer.key("add-or-replace-parameters", &query)
                    writer.byte(UInt8(ascii: "["))
                    for (position, parameter) in parameters.enumerated() {
                        if position > 0 { writer.byte(UInt8(ascii: ",")) }
                        var item = writer.beginObject()
                        writer.string("key", parameter.key, &item)
                        writer.string("value", parameter.value, &item)
                        if let replaceOnly = parameter.replaceOnly { writer.bool("replace-only", replaceOnly, &item) }
                        writer.endObject()
                    }
                    writer.byte(UInt8(ascii: "]"))
                }
                writer.unknown(queryTransform.unknownMembers, &query)
                writer.endObject()
            }
            if let value = transform.scheme { writer.string("scheme", value, &inner) }
            if let value = transform.username { writer.string("username", value, &inner) }
            writer.unknown(transform.unknownMembers, &inner)
            writer.endObject()
        }
        writer.endObject()
    }

    private func headers(_ headers: [HeaderOperation], _ writer: inout JSONByteWriter) {
        writer.byte(UInt8(ascii: "["))
        for (position, operation) in headers.enumerated() {
            if position > 0 { writer.byte(UInt8(ascii: ",")) }
            var item = writer.beginObject()
            writer.string("operation", operation.operation.rawValue, &item)
            writer.string("header", operation.header, &item)
            if let value = operation.value { writer.string("value", value, &item) }
            writer.endObject()
        }
        writer.byte(UInt8(ascii: "]"))
    }
}

/// Appends JSON text to one byte buffer: strings quoted as `JSONEscaper.quoted` does, and with `escapesNonASCII`
/// every non-ASCII character as `\uXXXX` escapes (as `JSONEscaper.escapingNonASCII` does on the whole text).
///
/// Everything is written through a pointer into scratch room (made once, grown when a piece needs more) and copied
/// into the byte array by `flush()` (the serializer flushes once per rule): appending to the array byte by byte and
/// run by run checked its uniqueness and room each time, about 2,000 instructions of a converted rule's 220 bytes.
struct JSONByteWriter {
    /// What `flush()` has copied so far.
    private var bytes: [UInt8] = []
    let escapesNonASCII: Bool
    /// The scratch room (owned by `storage`, which frees it), how much of it is written, and its size.
    private var scratch: UnsafeMutablePointer<UInt8>
    private var written = 0
    private var room: Int
    private let storage: ScratchStorage

    init(escapesNonASCII: Bool) {
        self.escapesNonASCII = escapesNonASCII
        storage = ScratchStorage(capacity: 1024)
        scratch = storage.pointer
        room = storage.capacity
    }

    /// Frees the scratch room when the last writer sharing it is gone.
    private final class ScratchStorage {
        var pointer: UnsafeMutablePointer<UInt8>
        var capacity: Int

        init(capacity: Int) {
            pointer = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { pointer.deallocate() }
    }

    /// Room for the whole output of about `capacity` bytes in the byte array.
    mutating func reserveCapacity(_ capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Copies what the scratch room holds to the byte array.
    mutating func flush() {
        guard written > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: scratch, count: written))
        written = 0
    }

    /// Everything written.
    mutating func takeBytes() -> [UInt8] {
        flush()
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Makes room for `count` more bytes in the scratch room (flushing it when that is enough, else growing it).
    @inline(__always) private mutating func ensure(_ count: Int) {
        if written + count > room { makeRoom(count) }
    }

    private mutating func makeRoom(_ count: Int) {
        flush()
        guard count > room else { return }
        let capacity = max(count, 2 * room)
        storage.pointer.deallocate()
        storage.pointer = .allocate(capacity: capacity)
        storage.capacity = capacity
        scratch = storage.pointer
        room = capacity
    }

    /// Writes one byte; room for it was made.
    @inline(__always) private mutating func put(_ value: UInt8) {
        scratch[written] = value
        written += 1
    }

    /// Writes `buffer`; room for it was made.
    @inline(__always) private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        (scratch + written).update(from: base, count: buffer.count)
        written += buffer.count
    }

    /// Whether an object has members yet (for the commas).
    struct ObjectState { var isEmpty = true }

    @inline(__always) mutating func byte(_ value: UInt8) {
        ensure(1)
        put(value)
    }

    mutating func beginObject() -> ObjectState {
        byte(UInt8(ascii: "{"))
        return ObjectState()
    }

    mutating func endObject() { byte(UInt8(ascii: "}")) }

    /// `"key":` after a comma when the object already has a member. The serializer's member names need no
    /// escape: they are copied as they are (quoting each one scanned it for characters to escape).
    mutating func key(_ name: StaticString, _ object: inout ObjectState) {
        ensure(name.utf8CodeUnitCount + 4)
        if !object.isEmpty { put(UInt8(ascii: ",")) }
        object.isEmpty = false
        put(0x22)
        put(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        put(0x22)
        put(UInt8(ascii: ":"))
    }

    /// `key` for a name read from the input (an unknown member's), quoted.
    mutating func key(quoting name: String, _ object: inout ObjectState) {
        if !object.isEmpty { byte(UInt8(ascii: ",")) }
        object.isEmpty = false
        quoted(name)
        byte(UInt8(ascii: ":"))
    }

    mutating func string(_ name: StaticString, _ value: String, _ object: inout ObjectState) {
        key(name, &object)
        quoted(value)
    }

    mutating func bool(_ name: StaticString, _ value: Bool, _ object: inout ObjectState) {
        key(name, &object)
        raw(value ? "true" : "false")
    }

    mutating func strings<Values: Sequence>(_ name: StaticString, _ values: Values, _ object: inout ObjectState)
    where Values.Element == String {
        key(name, &object)
        byte(UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            quoted(value)
        }
        byte(UInt8(ascii: "]"))
    }

    /// The last `resource-type` list written and its JSON array: converted lists repeat a few lists (the untyped
    /// filters' nine types on most rules), written again as one copy instead of a string each.
    private var lastResourceTypes: [ResourceType]?
    private var lastResourceTypeBytes: [UInt8] = []
    /// Where `lastResourceTypes` keeps its elements: a list in the same storage (most rules share the converter's
    /// one array) is the same list, known without comparing it.
    private var lastResourceTypeStorage: UnsafePointer<ResourceType>?

    /// `"resource-type":[...]`, the bytes `strings` writes for the values' names.
    mutating func resourceTypes(_ values: [ResourceType], _ object: inout ObjectState) {
        let storage = values.withUnsafeBufferPointer { $0.baseAddress }
        let isLast = storage != nil && storage == lastResourceTypeStorage && values.count == lastResourceTypes?.count
        if !isLast && values != lastResourceTypes {
            var list = JSONByteWriter(escapesNonASCII: escapesNonASCII)
            var listObject = ObjectState()
            list.strings("", values.lazy.map(\.rawValue), &listObject)
            // What follows the empty key's `"":`.
            lastResourceTypeBytes = Array(list.takeBytes().dropFirst(3))
            lastResourceTypes = values
        }
        if !isLast {
            // The list kept is `values` (equal, or just written), so its storage stays alive while remembered.
            lastResourceTypes = values
            lastResourceTypeStorage = storage
        }
        key("resource-type", &object)
        let list = lastResourceTypeBytes
        ensure(list.count)
        list.withUnsafeBufferPointer { put($0) }
    }

    mutating func unknown(_ members: [UnknownMember], _ object: inout ObjectState) {
        for member in members {
            key(quoting: member.key, &object)
            raw(member.json)
        }
    }

    /// JSON text as it is (non-ASCII escaped when asked).
    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            if !escapesNonASCII {
                ensure(buffer.count)
                put(buffer)
                return
            }
            // A non-ASCII sequence of n bytes is written as at most 12 (two escapes), six per byte at most.
            ensure(6 * buffer.count)
            var index = 0
            while index < buffer.count {
                let unit = buffer[index]
                if unit < 0x80 {
                    put(unit)
                    index += 1
                } else {
                    index = appendEscapedScalar(buffer, at: index)
                }
            }
        }
    }

    /// `value` as a JSON string literal.
    mutating func quoted(_ value: String) {
        var value = value
        value.withUTF8 { buffer in
            // At most six bytes written per byte read (`\u00XX`; a non-ASCII sequence of n bytes is at most 12),
            // and the two quotes.
            ensure(6 * buffer.count + 2)
            put(0x22)
            guard let input = buffer.baseAddress else {
                put(0x22)
                return
            }
            var index = 0
            let count = buffer.count
            let escapesNonASCII = escapesNonASCII
            while index < count {
                // Eight bytes at a time, stored as one word, past those written as they are (most of every
                // url-filter; copying runs between escapes called memcpy for a few bytes at a time).
                if index + 8 <= count {
                    let word = UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)
                    if !JSONByteWriter.mayNeedEscape(word, escapesNonASCII: escapesNonASCII) {
                        UnsafeMutableRawPointer(scratch + written).storeBytes(of: word, as: UInt64.self)
                        written += 8
                        index += 8
                        continue
                    }
                }
                let unit = input[index]
                if unit >= 0x20 && unit != 0x22 && unit != 0x5C && (unit < 0x80 || !escapesNonASCII) {
                    put(unit)
                    index += 1
                    continue
                }
                switch unit {
                case 0x22: put(0x5C); put(0x22); index += 1
                case 0x5C: put(0x5C); put(0x5C); index += 1
                case 0x0A: put(0x5C); put(UInt8(ascii: "n")); index += 1
                case 0x0D: put(0x5C); put(UInt8(ascii: "r")); index += 1
                case 0x09: put(0x5C); put(UInt8(ascii: "t")); index += 1
                case 0..<0x20:
                    appendUnicodeEscape(UInt16(unit))
                    index += 1
                default:
                    // Above ASCII with `escapesNonASCII`.
                    index = appendEscapedScalar(buffer, at: index)
                }
            }
            put(0x22)
        }
    }

    /// Whether one of the eight bytes of `word` may need an escape: a control character (below 0x20), `"`, `\\`,
    /// or with `escapesNonASCII` a byte above ASCII. (Each test is the classic one for a zero byte, `(x - 0x01...)
    /// & ~x & 0x80...`, on the word shifted or compared: exact about whether some byte qualifies.)
    @inline(__always) static func mayNeedEscape(_ word: UInt64, escapesNonASCII: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let special = control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return (special | (escapesNonASCII ? word : 0)) & highs != 0
    }

    /// Writes the (valid) UTF-8 sequence at `index` as `\uXXXX` escapes of its UTF-16 units; the index past it.
    private mutating func appendEscapedScalar(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = buffer[index]
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length where index + offset < buffer.count {
            value = value << 6 | UInt32(buffer[index + offset] & 0x3F)
        }
        if value >= 0x10000 {
            let shifted = value - 0x10000
            appendUnicodeEscape(UInt16(0xD800 + (shifted >> 10)))
            appendUnicodeEscape(UInt16(0xDC00 + (shifted & 0x3FF)))
        } else {
            appendUnicodeEscape(UInt16(value))
        }
        return index + length
    }

    /// `\u` and four upper-case hex digits.
    private mutating func appendUnicodeEscape(_ unit: UInt16) {
        let digits: StaticString = "0123456789ABCDEF"
        put(0x5C)
        put(UInt8(ascii: "u"))
        digits.withUTF8Buffer { hex in
            put(hex[Int(unit >> 12 & 0xF)])
            put(hex[Int(unit >> 8 & 0xF)])
            put(hex[Int(unit >> 4 & 0xF)])
            put(hex[Int(unit & 0xF)])
        }
    }
}
