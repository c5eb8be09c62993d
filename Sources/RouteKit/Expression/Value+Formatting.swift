extension Value: CustomStringConvertible {
    /// The value in CEL syntax, as `routecheck eval --explain` shows it: `"abc"`, `3`, `3.0`,
    /// `[1, 2]`, `{"a": 1}` (keys sorted), `error: no such key 'uid'`.
    ///
    /// ```swift
    /// Value.string("a\"b").description // "\"a\\\"b\""
    /// ```
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Self.literal(d)
        case .string(let s): return Self.quoted(s)
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .map(let entries):
            let rendered = entries.map { ($0.key.description, $0.value.description) }
                .sorted { $0.0 < $1.0 }
            return "{" + rendered.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        case .error(let message): return "error: " + message
        }
    }

    /// A double as CEL source that reads back as the same value.
    static func literal(_ d: Double) -> String {
        if d.isNaN { return "double(\"NaN\")" }
        if d.isInfinite { return d < 0 ? "double(\"-Infinity\")" : "double(\"Infinity\")" }
        return d.description
    }

    static func quoted(_ s: String) -> String {
        var result = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A double as CEL's `string()` writes it (Go's `strconv.FormatFloat(d, 'g', -1, 64)`):
    /// the shortest digits that read back exactly, in exponent form when the decimal exponent is
    /// below -4 or at least 6.
    ///
    /// `-4.5e-3` gives `-0.0045`, `1e6` gives `1e+06`, `123456.0` gives `123456`.
    static func celString(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Inf" : "+Inf" }
        let sign = d.sign == .minus ? "-" : ""
        if d == 0 { return sign + "0" }
        // Swift's description is the shortest round-trip form; take its digits and exponent.
        let text = abs(d).description
        let parts = text.split(separator: "e")
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integer = Array(pieces[0].utf8)
        let fraction = pieces.count > 1 ? Array(pieces[1].utf8) : []
        var digits = integer + fraction
        // value = 0.d1d2… × 10^point
        var point = integer.count + exponent
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        let digitText = String(decoding: digits, as: UTF8.self)
        let exp = point - 1
        if exp < -4 || exp >= 6 {
            var result = sign + String(digitText.prefix(1))
            if digits.count > 1 { result += "." + digitText.dropFirst() }
            let magnitude = abs(exp)
            return result + (exp < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + String(magnitude)
        }
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digitText }
        if point >= digits.count {
            return sign + digitText + String(repeating: "0", count: point - digits.count)
        }
        return sign + String(digitText.prefix(point)) + "." + String(digitText.dropFirst(point))
    }
}
