extension RegexParser {
    enum EscapeItem {
        case scalar(UInt32)
        case set(RegexCharClass)
        case assertion(RegexAssertion)
    }

    mutating func parseEscape(_ flags: Flags) throws(SyntaxError) -> RegexNode {
        switch try parseEscapeItem() {
        case .scalar(let value):
            return .scalar(value, foldsCase: flags.caseInsensitive)
        case .set(var set):
            set.foldsCase = flags.caseInsensitive
            return .set(set)
        case .assertion(let assertion):
            return .assertion(assertion)
        }
    }

    /// Reads the escape at the current position (which is a backslash).
    mutating func parseEscapeItem() throws(SyntaxError) -> EscapeItem {
        let start = position
        position += 1
        guard let scalar = current else {
            throw SyntaxError(message: "trailing backslash at end of pattern", offset: start)
        }
        position += 1
        switch scalar {
        case "a": return .scalar(0x07)
        case "f": return .scalar(0x0C)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "v": return .scalar(0x0B)
        case "d": return .set(.digit)
        case "w": return .set(.word)
        case "s": return .set(.space)
        case "D": return .set(negated(.digit))
        case "W": return .set(negated(.word))
        case "S": return .set(negated(.space))
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "A": return .assertion(.beginText)
        case "z": return .assertion(.endText)
        case "0":
            var value: UInt32 = 0
            for _ in 0..<2 {
                guard let digit = current, digit.value >= 0x30, digit.value <= 0x37 else { break }
                value = value * 8 + digit.value - 0x30
                position += 1
            }
            return .scalar(value)
        case "1"..."9":
            throw SyntaxError(
                message: "backreference '\(text(start, position))' is not supported", offset: start)
        case "x": return .scalar(try parseHex(start))
        case "p", "P": return .set(try parseUnicodeClass(start, negated: scalar == "P"))
        case "Z", "C", "G", "K", "X", "R", "k", "g":
            throw SyntaxError(
                message: "escape '\(text(start, position))' is not supported", offset: start)
        default:
            if scalar.isASCII, !scalar.properties.isAlphabetic, !(0x30...0x39).contains(scalar.value) {
                return .scalar(scalar.value)
            }
            throw SyntaxError(message: "invalid escape '\(text(start, position))'", offset: start)
        }
    }

    private func negated(_ set: RegexCharClass) -> RegexCharClass {
        var result = set
        result.negated = true
        return result
    }

    private mutating func parseHex(_ start: Int) throws(SyntaxError) -> UInt32 {
        func digit(_ scalar: Unicode.Scalar?) -> UInt32? {
            guard let scalar, scalar.isASCII, let value = UInt32(String(scalar), radix: 16) else { return nil }
            return value
        }
        var value: UInt32 = 0
        if current == "{" {
            position += 1
            var count = 0
            while let next = digit(current) {
                value = value > 0x10FFFF ? value : value * 16 + next
                position += 1
                count += 1
            }
            guard current == "}", count > 0 else {
                throw SyntaxError(message: "invalid hexadecimal escape", offset: start)
            }
            position += 1
        } else {
            for _ in 0..<2 {
                guard let next = digit(current) else {
                    throw SyntaxError(message: "invalid hexadecimal escape", offset: start)
                }
                value = value * 16 + next
                position += 1
            }
        }
        guard Unicode.Scalar(value) != nil else {
            throw SyntaxError(
                message: "escape '\(text(start, position))' is not a unicode scalar", offset: start)
        }
        return value
    }

    private mutating func parseUnicodeClass(_ start: Int, negated: Bool) throws(SyntaxError) -> RegexCharClass {
        var name: String
        var negate = negated
        if current == "{" {
            let nameStart = position + 1
            while let scalar = current, scalar != "}" { position += 1 }
            guard current == "}" else {
                throw SyntaxError(message: "missing closing '}' in unicode class", offset: start)
            }
            name = text(nameStart, position)
            position += 1
            if name.hasPrefix("^") {
                negate.toggle()
                name.removeFirst()
            }
        } else {
            guard let scalar = current else {
                throw SyntaxError(message: "missing unicode class name", offset: start)
            }
            name = String(scalar)
            position += 1
        }
        if let members = RegexCharClass.categories(named: name) {
            return RegexCharClass(categories: [.init(members: members, negated: negate)])
        }
        // A script (`\p{Greek}`): ranges, which a negated class complements exactly.
        guard let script = UnicodeScripts.ranges(named: name) else {
            throw SyntaxError(message: "unknown unicode class '\(name)'", offset: start)
        }
        return RegexCharClass(ranges: script, negated: negate)
    }

    /// Reads a bracketed class `[…]` at the current position.
    mutating func parseClass(_ flags: Flags) throws(SyntaxError) -> RegexCharClass {
        let start = position
        position += 1
        var result = RegexCharClass(foldsCase: flags.caseInsensitive)
        if current == "^" {
            result.negated = true
            position += 1
        }
        var first = true
        while true {
            guard let scalar = current else {
                throw SyntaxError(message: "missing closing ']'", offset: start)
            }
            if scalar == "]", !first { break }
            first = false
            if scalar == "[", peek(1) == ":", let posix = try parsePosixClass() {
                result.add(posix)
                continue
            }
            let itemStart = position
            let low: UInt32
            switch try parseClassItem() {
            case .set(let set):
                result.add(set)
                continue
            case .scalar(let value): low = value
            case .assertion:
                throw SyntaxError(
                    message: "invalid escape '\(text(itemStart, position))' in character class",
                    offset: itemStart)
            }
            guard current == "-", let after = peek(1), after != "]" else {
                result.ranges.append(low...low)
                continue
            }
            position += 1
            guard case .scalar(let high) = try parseClassItem() else {
                throw SyntaxError(
                    message: "invalid character class range '\(text(itemStart, position))'",
                    offset: itemStart)
            }
            guard low <= high else {
                throw SyntaxError(
                    message: "invalid character class range '\(text(itemStart, position))'",
                    offset: itemStart)
            }
            result.ranges.append(low...high)
        }
        position += 1
        return result
    }

    private mutating func parseClassItem() throws(SyntaxError) -> EscapeItem {
        guard let scalar = current else {
            throw SyntaxError(message: "missing closing ']'", offset: position)
        }
        if scalar == "\\" { return try parseEscapeItem() }
        position += 1
        return .scalar(scalar.value)
    }

    /// `[:alpha:]` or `[:^alpha:]` inside a class, or nil when the text is not one.
    private mutating func parsePosixClass() throws(SyntaxError) -> RegexCharClass? {
        let start = position
        var cursor = position + 2
        while cursor + 1 < scalars.count, !(scalars[cursor] == ":" && scalars[cursor + 1] == "]") {
            cursor += 1
        }
        guard cursor + 1 < scalars.count else { return nil }
        var name = text(start + 2, cursor)
        let negate = name.hasPrefix("^")
        if negate { name.removeFirst() }
        guard let ranges = RegexCharClass.posix[name] else {
            throw SyntaxError(message: "unknown posix class '\(name)'", offset: start)
        }
        position = cursor + 2
        return RegexCharClass(ranges: ranges, negated: negate)
    }
}
