extension PayloadNormalizer {
    enum Conversion {
        /// Already of the declared type: the common case, which costs no copy.
        case unchanged
        case converted(JSONValue)
        case invalid
    }

    static func convert(_ value: JSONValue, to type: FieldType) -> Conversion {
        switch (type, value) {
        // JSON has no NaN or infinity: one comes only from a payload built in code or read from
        // YAML (`.inf`), and no type accepts it, `any` included (nested ones are not looked for).
        case (_, .double(let number)) where !number.isFinite:
            return .invalid
        case (.any, _), (.int, .int), (.double, .double), (.string, .string), (.bool, .bool):
            return .unchanged
        case (.int, .double(let number)):
            return integer(exactly: number).map { .converted(.int($0)) } ?? .invalid
        case (.int, .string(let text)):
            return decimalInteger(text).map { .converted(.int($0)) } ?? .invalid
        case (.double, .int(let number)):
            return .converted(.double(Double(number)))
        case (.double, .string(let text)):
            return jsonNumber(text).map { .converted(.double($0)) } ?? .invalid
        case (.string, .int(let number)):
            return .converted(.string(String(number)))
        case (.string, .double(let number)):
            return .converted(.string(text(of: number)))
        case (.bool, .string("true")):
            return .converted(.bool(true))
        case (.bool, .string("false")):
            return .converted(.bool(false))
        case (.list(let element), .array(let items)):
            return convert(items, to: element)
        default:
            return .invalid
        }
    }

    private static func convert(_ items: [JSONValue], to element: FieldType) -> Conversion {
        var converted: [JSONValue]? = nil
        for (position, item) in items.enumerated() {
            switch convert(item, to: element) {
            case .invalid:
                return .invalid
            case .unchanged:
                converted?.append(item)
            case .converted(let normalized):
                // Copy only from the first element that changes.
                if converted == nil {
                    converted = Array(items[..<position])
                    converted?.reserveCapacity(items.count)
                }
                converted?.append(normalized)
            }
        }
        return converted.map { .converted(.array($0)) } ?? .unchanged
    }

    /// The integer a double stands for, when it is integral and in the 64-bit range: from -2^63
    /// (`Int64.min`, which a double holds exactly) up to, not including, 2^63.
    static func integer(exactly number: Double) -> Int64? {
        // SPEC §4 accepts integral doubles "in the 64-bit range", -2^63 included, although CEL's
        // `int(-9223372036854775808.0)` refuses it. An integer written past 64 bits is its nearest
        // double (SPEC §4), so one from -2^63 - 1024 to -2^63 - 1 arrives as -2^63 and is
        // Int64.min here, as the double written -9223372036854775808.0 is.
        guard number.isFinite, number.rounded(.towardZero) == number,
            number >= -0x1p63, number < 0x1p63
        else { return nil }
        return Int64(number)
    }

    /// `-?[0-9]+` exactly, within `Int64`: no `+`, no spaces, no other digits.
    static func decimalInteger(_ text: String) -> Int64? {
        var utf8 = text.utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in utf8 {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // Accumulating negatively reaches Int64.min without overflow.
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.subtractingReportingOverflow(Int64(digit))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// A string in JSON number syntax (RFC 8259 §6), as a finite double.
    static func jsonNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Bool {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index > start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return nil
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() else { return nil }
        }
        guard index == bytes.count, let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// Integer text for integral doubles, whatever their size (`1e21` → `1000000000000000000000`),
    /// else the shortest text that reads back as the same double.
    static func text(of number: Double) -> String {
        if let integer = integer(exactly: number) { return String(integer) }
        guard number.isFinite, number.rounded(.towardZero) == number else { return "\(number)" }
        return (number < 0 ? "-" : "") + digits(ofIntegral: number.magnitude)
    }

    /// The exact decimal digits of an integral double of 2^63 or more: its significand doubled
    /// exponent-minus-52 times, in base-10⁹ limbs (at most 35 of them, for `Double.greatestFiniteMagnitude`).
    private static func digits(ofIntegral magnitude: Double) -> String {
        let limbBase: UInt64 = 1_000_000_000
        var significand = magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        var limbs: [UInt64] = []
        while significand > 0 {
            limbs.append(significand % limbBase)
            significand /= limbBase
        }
        for _ in 0..<(Int(magnitude.exponent) - Double.significandBitCount) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % limbBase
                carry = doubled / limbBase
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs.removeLast())
        for limb in limbs.reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
