extension Node {
    /// The value of a scalar under the YAML 1.2 core schema: the kinds of an expression's
    /// literal, so one type serves both. `.null` is `~`, `null`, `Null`, `NULL` or the empty
    /// plain scalar; `.bool` is `true`, `True`, `TRUE`, `false`, `False` or `FALSE` (never YAML
    /// 1.1's `yes` or `on`); `.int` a decimal, `0o` octal or `0x` hexadecimal integer that fits in
    /// 64 bits; `.double` a decimal float, `.inf`, `-.inf` or `.nan`, or an integer beyond 64
    /// bits; `.string` any other text: every quoted or block scalar, and plain text such as `yes`.
    /// Text compares by code points, so two keys `é` spelled precomposed and decomposed are not
    /// duplicates.
    ///
    /// ```swift
    /// if case .int(let type)? = node.resolvedScalar { print(type + 1) }
    /// ```
    public typealias ResolvedScalar = Literal

    static let coreTagPrefix = "tag:yaml.org,2002:"

    /// The scalar's value by the YAML 1.2 core schema; nil for sequences and mappings.
    ///
    /// Plain scalars resolve by their text: `~`, `null`, `Null`, `NULL` and the empty scalar are
    /// null; only `true`/`True`/`TRUE`/`false`/`False`/`FALSE` are booleans (`yes`, `no`, `on`,
    /// `off` stay strings, see ``isYAML11Boolean``); decimal, `0o` and `0x` integers; decimal
    /// floats, `.inf`, `-.inf` and `.nan`. Quoted and block scalars and the non-specific tag `!`
    /// give strings. An explicit core tag (`!!int "3"`) forces its type. Two approximations:
    /// integers beyond 64 bits resolve to `.double`, and a value its explicit tag cannot
    /// represent (`!!int abc`, `!!seq x`) resolves to `.string` (the reader reports it).
    ///
    /// ```swift
    /// // `type: 3` -> .int(3), `type: "3"` -> .string("3"), `on: yes` -> .string("yes")
    /// let value = node.resolvedScalar
    /// ```
    public var resolvedScalar: ResolvedScalar? {
        guard case .scalar(let scalar) = content else { return nil }
        guard let tag else {
            if scalar.style != .plain { return .string(scalar.value) }
            return Self.resolvePlain(scalar.value)
        }
        return Self.resolve(scalar.value, tag: tag) ?? .string(scalar.value)
    }

    /// Whether this is a plain scalar that YAML 1.1 would read as a boolean but YAML 1.2 does not.
    ///
    /// `yes`, `no`, `on`, `off`, `y` and `n` in any case; the model warns where a boolean or a
    /// name was expected, because other tools read them as booleans.
    ///
    /// ```swift
    /// if node.isYAML11Boolean { /* warn: 'yes' is a string in YAML 1.2 */ }
    /// ```
    public var isYAML11Boolean: Bool { yaml11Boolean != nil }

    /// The boolean YAML 1.1 reads this plain scalar as (`yes`, `on`, `y`: true; `no`, `off`, `n`:
    /// false), or nil when it is not one of those words.
    ///
    /// ```swift
    /// node.yaml11Boolean // true for `clear_badge: on`, nil for `clear_badge: true`
    /// ```
    public var yaml11Boolean: Bool? {
        guard case .scalar(let scalar) = content, scalar.style == .plain, tag == nil else { return nil }
        return Self.yaml11Boolean(scalar.value)
    }

    /// The boolean YAML 1.1 reads `text` as, in any case (`yes`, `On`, `Y`: true; `no`, `OFF`,
    /// `n`: false), or nil when it is not one of those words.
    ///
    /// ```swift
    /// Node.yaml11Boolean("Off") // false
    /// ```
    public static func yaml11Boolean(_ text: String) -> Bool? {
        guard text.utf8.count <= 3 else { return nil }
        switch text.lowercased() {
        case "yes", "on", "y": return true
        case "no", "off", "n": return false
        default: return nil
        }
    }

    /// The node as JSON: scalars by the core schema, mappings as objects, sequences as arrays.
    ///
    /// Object keys are the key's text (`1: a` gives `"1"`; a null key gives `""`); a key that is
    /// itself a collection is written as compact JSON. A later duplicate key replaces an earlier
    /// one. Integers beyond 64 bits become the nearest double, as `JSONReader` reads them.
    ///
    /// ```swift
    /// node.jsonValue // ["type": 3, "target": "notice"]
    /// ```
    public var jsonValue: JSONValue {
        switch content {
        case .scalar:
            return resolvedScalar?.json ?? .null
        case .sequence(let items):
            return .array(items.map(\.jsonValue))
        case .mapping(let pairs):
            var object = JSONObject(minimumCapacity: pairs.count)
            for pair in pairs { object[pair.key.jsonKey] = pair.value.jsonValue }
            return .object(object)
        }
    }

    private var jsonKey: String {
        guard case .scalar(let scalar) = content else {
            return JSONWriter.write(jsonValue)
        }
        if case .null? = resolvedScalar { return "" }
        return scalar.value
    }

    // MARK: - Resolution

    /// Whether the node has a tag other than the core schema's and the non-specific `!` (the
    /// reader reports those as `custom-tag`).
    ///
    /// ```swift
    /// node.hasCustomTag // true for `!mytag x` and `!!python/object x`
    /// ```
    public var hasCustomTag: Bool {
        guard let tag, tag != "!" else { return false }
        guard tag.hasPrefix(Self.coreTagPrefix) else { return true }
        let name = tag.dropFirst(Self.coreTagPrefix.count)
        return !["str", "null", "bool", "int", "float", "seq", "map"].contains(name)
    }

    private static func resolve(_ text: String, tag: String) -> ResolvedScalar? {
        guard tag.hasPrefix(coreTagPrefix) else { return tag == "!" ? .string(text) : nil }
        switch tag.dropFirst(coreTagPrefix.count) {
        case "str": return .string(text)
        case "null": return isNull(text) ? .null : nil
        case "bool": return resolveBool(text).map(ResolvedScalar.bool)
        case "int": return resolveInt(text)
        case "float":
            switch resolveNumber(text) {
            case .int(let value)?: return .double(Double(value))
            case let other: return other
            }
        default: return nil
        }
    }

    private static func resolvePlain(_ text: String) -> ResolvedScalar {
        guard let first = text.utf8.first else { return .null }
        // Most plain scalars are names; one look at the first byte settles them cheaply.
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            if isNull(text) { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let value = resolveBool(text) { return .bool(value) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "."):
            if let number = resolveNumber(text) { return number }
        default:
            break
        }
        return .string(text)
    }

    private static func isNull(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    private static func resolveBool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// An int or a float by the core schema's regular expressions.
    private static func resolveNumber(_ text: String) -> ResolvedScalar? {
        if let int = resolveInt(text) { return int }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        guard isCoreFloat(text), let value = Double(text) else { return nil }
        return .double(value)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isCoreFloat(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        } else {
            guard digits() > 0 else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                _ = digits()
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
            {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`; beyond 64 bits, a double.
    private static func resolveInt(_ text: String) -> ResolvedScalar? {
        let bytes = text.utf8
        guard let first = bytes.first else { return nil }
        var radix: UInt8 = 10
        var body = Substring(text)
        var negative = false
        if text.hasPrefix("0x") {
            radix = 16
            body = body.dropFirst(2)
        } else if text.hasPrefix("0o") {
            radix = 8
            body = body.dropFirst(2)
        } else if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            body = body.dropFirst()
        }
        guard !body.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        var overflowed = false
        var approximate = 0.0
        for byte in body.utf8 {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            approximate = approximate * Double(radix) + Double(digit)
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
            let (plus, overflow2) = times.addingReportingOverflow(UInt64(digit))
            overflowed = overflowed || overflow1 || overflow2
            magnitude = plus
        }
        if !overflowed {
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .int(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
            }
            if !negative, magnitude <= UInt64(Int64.max) { return .int(Int64(magnitude)) }
        }
        if radix == 10 { return .double(Double(text) ?? (negative ? -approximate : approximate)) }
        return .double(approximate)
    }
}
