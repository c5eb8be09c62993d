/// Reads a compiled table written the way `routecheck compile` writes it, with its rules — nearly
/// all of a large table — going from the bytes straight into the model: each key is matched
/// against the one the compiler writes next, and no JSON value is built for a rule.
///
/// Anything else is declined (nil): keys in another order, a member written with its default or
/// as `null` (as format 1 wrote them), a value of the wrong type, a route that fails a check of
/// the table's declarations, any JSON error. `CompiledTableFormat` then reads the document
/// through a JSON value with `CompiledTableDecoder`, which reads every form and names where a
/// broken one fails. So this reader never has to say why it stopped, and every table it reads,
/// the decoder reads the same: a rule is read and checked as the decoder reads and checks it
/// (the route checks are `RouteTable`'s, shared with it), and the rest of the document is read by
/// the decoder itself.
///
/// At 10,000 rules the JSON value of the rules was as large as the table decoded from it, and
/// building and walking it cost more than checking the table's expressions.
///
/// ```swift
/// let table = CompiledDocumentReader.table(bytes) // nil: read it with `CompiledTableDecoder`
/// ```
struct CompiledDocumentReader {
    private var parser: JSONByteParser

    /// The table of a compiled table in the compiler's own form, or nil for any other document
    /// and for one larger than `maxBytes` (`CompiledTableFormat.maxBytes`).
    static func table(_ bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int = CompiledTableFormat.maxBytes)
        -> RouteTable?
    {
        guard let base = bytes.baseAddress, bytes.count <= maxBytes else { return nil }
        var reader = CompiledDocumentReader(
            parser: JSONByteParser(base, count: bytes.count, limits: CompiledTableFormat.readLimits))
        guard let (document, rules) = try? reader.document(),
            var table = try? CompiledTableDecoder().table(CompiledJSONNode(document, tracksPaths: false))
        else { return nil }
        var names = Set<CodePointKey>(minimumCapacity: rules.count)
        for rule in rules {
            guard names.insert(CodePointKey(rule.name)).inserted, table.compiledRoutePasses(rule.route) else { return nil }
        }
        table.rules = rules
        return table
    }

    /// The document without its rules (an empty `rules` array in their place), and its rules.
    private mutating func document() throws(JSONReadError) -> (CompiledJSONValue, [Rule]) {
        try parser.startDocument()
        var members: [CompiledJSONMember] = []
        var rules: [Rule] = []
        var values = ElementStack<CompiledJSONMember>()
        var object = try open()
        while object.isOpen {
            let key = try self.key(after: members.last?.key)
            if key == "rules" {
                rules = try self.rules()
                members.append(CompiledJSONMember(key: key, value: .array([])))
            } else {
                members.append(CompiledJSONMember(key: key, value: try parser.readCompiledValue(&values)))
            }
            try next(&object)
        }
        try parser.endDocument()
        return (.object(members), rules)
    }

    private mutating func rules() throws(JSONReadError) -> [Rule] {
        guard at(UInt8(ascii: "[")) else { throw declined }
        var rules: [Rule] = []
        if try parser.openContainer(closing: UInt8(ascii: "]")) { return rules }
        repeat {
            rules.append(try rule(at: rules.count))
        } while try !parser.closeOrComma(UInt8(ascii: "]"))
        return rules
    }

    private mutating func rule(at position: Int) throws(JSONReadError) -> Rule {
        var object = try open()
        try expect("index", in: &object)
        guard try int() == Int64(position) else { throw declined }
        try expect("name", in: &object)
        let name = try string()
        guard !name.isEmpty else { throw declined }
        try expect("route", in: &object)
        let route = try self.route()
        var range: SourceRange?
        if try member("source", of: &object) { range = try source() }
        try expect("when", in: &object)
        let when = try string()
        try close(&object)
        return Rule(name: name, when: ExpressionSource(when), route: route, range: range)
    }

    private mutating func source() throws(JSONReadError) -> SourceRange {
        var object = try open()
        try expect("column", in: &object)
        let column = try positive()
        try expect("file", in: &object)
        let file = try string()
        try expect("line", in: &object)
        let line = try positive()
        try close(&object)
        return SourceRange(file: file, at: SourcePosition(line: line, column: column, offset: 0))
    }

    /// A route; its checks against the table's declarations come once the table is read.
    private mutating func route() throws(JSONReadError) -> Route {
        var object = try open()
        var alert = AlertOverride()
        if try member("alert", of: &object) { alert = try alertOverride() }
        var foreground: ForegroundPolicy?
        if try member("foreground", of: &object) { foreground = try choice(ForegroundPolicy.self) }
        var ifVisible: IfVisiblePolicy?
        if try member("if_visible", of: &object) { ifVisible = try choice(IfVisiblePolicy.self) }
        var login = LoginRule.none
        if try member("login", of: &object) { login = try loginRule() }
        var action = Action()
        if try member("pop_to_root", of: &object) { action.popToRoot = try bool() }
        if try member("present", of: &object) { action.present = try step() }
        if try member("push", of: &object) { action.push = try steps() }
        if try member("tab", of: &object) { action.tab = try string() }
        try close(&object)
        let shows = action.tab != nil || action.popToRoot || !action.push.isEmpty || action.present != nil
        guard shows, action.push.isEmpty || action.present == nil else { throw declined }
        return Route(action: action, login: login, foreground: foreground, ifVisible: ifVisible, alert: alert)
    }

    private mutating func alertOverride() throws(JSONReadError) -> AlertOverride {
        var object = try open()
        var alert = AlertOverride()
        // The compiler's key order, which is not the declaration's.
        if try member("cancel", of: &object) { alert.cancel = try string() }
        if try member("confirm", of: &object) { alert.confirm = try string() }
        if try member("message", of: &object) { alert.message = try string() }
        if try member("title", of: &object) { alert.title = try string() }
        try close(&object)
        return alert
    }

    private mutating func loginRule() throws(JSONReadError) -> LoginRule {
        guard at(UInt8(ascii: "{")) else {
            switch try string() {
            case "none": return LoginRule.none
            case "required": return .required
            default: throw declined
            }
        }
        var object = try open()
        try expect("user", in: &object)
        let user = try string()
        try close(&object)
        return .user(ExpressionSource(user))
    }

    private mutating func steps() throws(JSONReadError) -> [ScreenStep] {
        guard at(UInt8(ascii: "[")) else { throw declined }
        var steps: [ScreenStep] = []
        if try parser.openContainer(closing: UInt8(ascii: "]")) { return steps }
        repeat {
            steps.append(try step())
        } while try !parser.closeOrComma(UInt8(ascii: "]"))
        return steps
    }

    /// A step; its screen and params are checked against the table's declarations later.
    private mutating func step() throws(JSONReadError) -> ScreenStep {
        var object = try open()
        var params: [ParamBinding] = []
        if try member("params", of: &object) { params = try self.params() }
        try expect("screen", in: &object)
        let screen = try string()
        try close(&object)
        return ScreenStep(screen: screen, params: params)
    }

    /// A step's params, in the order `CompiledTableDecoder` gives them.
    private mutating func params() throws(JSONReadError) -> [ParamBinding] {
        var params: [ParamBinding] = []
        var bindings = try open()
        while bindings.isOpen {
            let name = try key(after: params.last?.name)
            params.append(ParamBinding(name: name, expression: ExpressionSource(try string())))
            try next(&bindings)
        }
        params.sort { $0.name < $1.name }
        return params
    }

    // MARK: Reading

    /// An object being read: open until its `}` has been read.
    private struct OpenObject {
        var isOpen: Bool
        /// A member's value has been read, and the `,` or `}` after it not yet.
        var afterValue = false
    }

    /// The error that declines the document; never shown.
    private var declined: JSONReadError {
        JSONReadError(code: "declined", message: "not in the compiler's own form", offset: parser.index)
    }

    private func at(_ byte: UInt8) -> Bool {
        parser.index < parser.count && parser.bytes[parser.index] == byte
    }

    /// At a `{`: enters the object.
    private mutating func open() throws(JSONReadError) -> OpenObject {
        guard at(UInt8(ascii: "{")) else { throw declined }
        return OpenObject(isOpen: try !parser.openContainer(closing: UInt8(ascii: "}")))
    }

    /// Whether the next member of `object` is `key`, written without escapes; if so, moves past
    /// the key and its `:` to the value.
    private mutating func member(_ key: StaticString, of object: inout OpenObject) throws(JSONReadError) -> Bool {
        try finishMember(&object)
        guard object.isOpen else { return false }
        let length = key.utf8CodeUnitCount
        let start = parser.index
        guard start + length + 2 <= parser.count, parser.bytes[start] == UInt8(ascii: "\""),
            parser.bytes[start + length + 1] == UInt8(ascii: "\"")
        else { return false }
        let expected = key.utf8Start
        for offset in 0..<length where parser.bytes[start + 1 + offset] != expected[offset] { return false }
        parser.index = start + length + 2
        try parser.readColon()
        object.afterValue = true
        return true
    }

    /// A member's key, which must be ASCII and come after `previous` by bytes, as the compiler
    /// writes keys; moves past it and its `:` to the value. So no key is there twice: the JSON
    /// value reader finds two keys equal when `String` does, and it refuses canonically
    /// equivalent spellings that differ in bytes.
    private mutating func key(after previous: String?) throws(JSONReadError) -> String {
        _ = try parser.keyStart()
        let key = try parser.readString()
        guard key.utf8.allSatisfy({ $0 < 0x80 }),
            previous.map({ $0.utf8.lexicographicallyPrecedes(key.utf8) }) ?? true
        else { throw declined }
        try parser.readColon()
        return key
    }

    /// Moves to the value of the member `key`, which must be the object's next.
    private mutating func expect(_ key: StaticString, in object: inout OpenObject) throws(JSONReadError) {
        guard try member(key, of: &object) else { throw declined }
    }

    /// After a member's value read through `member(_:of:)`: moves past what follows it.
    private mutating func finishMember(_ object: inout OpenObject) throws(JSONReadError) {
        guard object.afterValue else { return }
        object.afterValue = false
        try next(&object)
    }

    /// Moves past the `,` after a member's value or past the object's `}`.
    private mutating func next(_ object: inout OpenObject) throws(JSONReadError) {
        object.isOpen = try !parser.closeOrComma(UInt8(ascii: "}"))
    }

    /// After the members this reader knows: declines an object with any other.
    private mutating func close(_ object: inout OpenObject) throws(JSONReadError) {
        try finishMember(&object)
        if object.isOpen { throw declined }
    }

    private mutating func string() throws(JSONReadError) -> String {
        guard at(UInt8(ascii: "\"")) else { throw declined }
        return try parser.readString()
    }

    private mutating func int() throws(JSONReadError) -> Int64 {
        guard case .int(let number) = try parser.readValue() else { throw declined }
        return number
    }

    private mutating func bool() throws(JSONReadError) -> Bool {
        guard case .bool(let flag) = try parser.readValue() else { throw declined }
        return flag
    }

    /// A line or column: as `CompiledTableDecoder` reads them, from 1 to `Int32.max`.
    private mutating func positive() throws(JSONReadError) -> Int {
        let number = try int()
        guard number >= 1, number <= Int64(Int32.max) else { throw declined }
        return Int(number)
    }

    private mutating func choice<T: RawRepresentable>(_ type: T.Type) throws(JSONReadError) -> T
    where T.RawValue == String {
        guard let chosen = T(rawValue: try string()) else { throw declined }
        return chosen
    }
}
