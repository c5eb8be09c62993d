/// Parses RE2 syntax into a `RegexNode`, rejecting what RE2 rejects.
struct RegexParser {
    typealias SyntaxError = RE2Pattern.SyntaxError

    struct Flags {
        var caseInsensitive = false
        var multiLine = false
        var dotMatchesNewline = false
    }

    let scalars: [Unicode.Scalar]
    var position = 0
    private var depth = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() throws(SyntaxError) -> RegexNode {
        var flags = Flags()
        let node = try parseAlternation(&flags)
        if position < scalars.count {
            // Only an unmatched ')' stops the top-level alternation early.
            throw SyntaxError(message: "unexpected ')'", offset: position)
        }
        return node
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(_ ahead: Int) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    func text(_ start: Int, _ end: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<min(end, scalars.count)])
        return result
    }

    private mutating func parseAlternation(_ flags: inout Flags) throws(SyntaxError) -> RegexNode {
        var branches = [try parseConcat(&flags)]
        while current == "|" {
            position += 1
            branches.append(try parseConcat(&flags))
        }
        return branches.count == 1 ? branches[0] : .alternate(branches)
    }

    private mutating func parseConcat(_ flags: inout Flags) throws(SyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            if scalar == "(", peek(1) == "?", let changed = try parseFlagGroup(flags) {
                flags = changed
                continue
            }
            if scalar == "\\", peek(1) == "Q" {
                items += parseQuoted(flags)
                continue
            }
            let atom = try parseAtom(flags)
            items.append(try parseRepetitions(atom))
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concat(items))
    }

    /// `\Q…\E`: literal text up to `\E` or the end of the pattern.
    private mutating func parseQuoted(_ flags: Flags) -> [RegexNode] {
        position += 2
        var items: [RegexNode] = []
        while let scalar = current {
            if scalar == "\\", peek(1) == "E" { position += 2; break }
            items.append(.scalar(scalar.value, foldsCase: flags.caseInsensitive))
            position += 1
        }
        return items
    }

    private mutating func parseRepetitions(_ atom: RegexNode) throws(SyntaxError) -> RegexNode {
        var node = atom
        var repeatedFrom: Int?
        while let scalar = current {
            let operatorStart = position
            let bounds: (Int, Int?)
            switch scalar {
            case "*": bounds = (0, nil); position += 1
            case "+": bounds = (1, nil); position += 1
            case "?": bounds = (0, 1); position += 1
            case "{":
                guard let counted = try parseCount() else { return node }
                bounds = counted
            default: return node
            }
            if let repeatedFrom {
                throw SyntaxError(
                    message: "invalid nested repetition operator '\(text(repeatedFrom, position))'",
                    offset: repeatedFrom)
            }
            if current == "?" {
                position += 1  // Lazy and greedy find the same matches.
            } else if current == "+" {
                throw SyntaxError(
                    message: "possessive quantifier '\(text(operatorStart, position + 1))' is not supported",
                    offset: operatorStart)
            }
            node = .repetition(node, min: bounds.0, max: bounds.1)
            repeatedFrom = operatorStart
        }
        return node
    }

    private func missingArgument(_ offset: Int) -> SyntaxError {
        var name = text(offset, offset + 1)
        if scalars[offset] == "{" {
            var end = offset
            while end < scalars.count, scalars[end] != "}" { end += 1 }
            name = text(offset, end + 1)
        }
        return SyntaxError(message: "missing argument to repetition operator '\(name)'", offset: offset)
    }

    /// `{n}`, `{n,}`, `{n,m}` at the current position, or nil (and no change) when the brace is a
    /// literal, as RE2 reads `a{` or `a{,2}`.
    private mutating func parseCount() throws(SyntaxError) -> (Int, Int?)? {
        let start = position
        var cursor = position + 1
        func number() -> Int? {
            var value = 0
            let first = cursor
            while cursor < scalars.count, scalars[cursor].value >= 0x30, scalars[cursor].value <= 0x39 {
                value = min(value * 10 + Int(scalars[cursor].value - 0x30), Int(Int32.max))
                cursor += 1
            }
            return cursor > first ? value : nil
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            high = cursor < scalars.count && scalars[cursor] == "}" ? nil : number()
            if high == nil, cursor < scalars.count, scalars[cursor] != "}" { return nil }
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        position = cursor + 1
        let limit = RegexLimits.maxRepeatCount
        if low > limit || (high ?? 0) > limit {
            throw SyntaxError(
                message: "repetition count in '\(text(start, position))' exceeds \(limit)", offset: start)
        }
        if let high, high < low {
            throw SyntaxError(
                message: "invalid repetition range '\(text(start, position))'", offset: start)
        }
        return (low, high)
    }

    private mutating func parseAtom(_ flags: Flags) throws(SyntaxError) -> RegexNode {
        let start = position
        guard let scalar = current else { return .empty }
        switch scalar {
        case "*", "+", "?":
            throw missingArgument(start)
        case "{":
            if try parseCount() != nil { throw missingArgument(start) }
            position += 1
            return .scalar(scalar.value, foldsCase: false)
        case "(":
            return try parseGroup(flags)
        case "[":
            return .set(try parseClass(flags))
        case ".":
            position += 1
            return .any(matchesNewline: flags.dotMatchesNewline)
        case "^":
            position += 1
            return .assertion(flags.multiLine ? .beginLine : .beginText)
        case "$":
            position += 1
            return .assertion(flags.multiLine ? .endLine : .endText)
        case "\\":
            return try parseEscape(flags)
        default:
            position += 1
            return .scalar(scalar.value, foldsCase: flags.caseInsensitive)
        }
    }

    /// A `(?flags)` group that changes the flags for the rest of the enclosing group, or nil when
    /// the group at the current position is of another kind.
    private mutating func parseFlagGroup(_ flags: Flags) throws(SyntaxError) -> Flags? {
        var cursor = position + 2
        var changed = flags
        var negate = false
        while cursor < scalars.count {
            switch scalars[cursor] {
            case "i": changed.caseInsensitive = !negate
            case "m": changed.multiLine = !negate
            case "s": changed.dotMatchesNewline = !negate
            case "U": break  // Ungreedy swaps greediness, which cannot change whether a match exists.
            case "-" where !negate: negate = true
            case ")":
                guard cursor > position + 2, scalars[cursor - 1] != "-" else { return nil }
                position = cursor + 1
                return changed
            default: return nil
            }
            cursor += 1
        }
        return nil
    }

    private mutating func parseGroup(_ outer: Flags) throws(SyntaxError) -> RegexNode {
        let start = position
        depth += 1
        defer { depth -= 1 }
        if depth > RegexLimits.maxNestingDepth {
            throw SyntaxError(
                message: "groups nested deeper than \(RegexLimits.maxNestingDepth) levels", offset: start)
        }
        position += 1
        var flags = outer
        if current == "?" {
            try parseGroupPrefix(start, &flags)
        }
        let node = try parseAlternation(&flags)
        guard current == ")" else {
            throw SyntaxError(message: "missing closing ')'", offset: start)
        }
        position += 1
        return node
    }

    /// Reads what follows `(?`: a name, flags before `:`, or a construct RE2 rejects.
    private mutating func parseGroupPrefix(_ start: Int, _ flags: inout Flags) throws(SyntaxError) {
        let unsupported: [(String, String)] = [
            ("?<=", "lookbehind"), ("?<!", "negative lookbehind"), ("?=", "lookahead"),
            ("?!", "negative lookahead"), ("?>", "atomic group"), ("?P=", "backreference"),
            ("?P>", "recursion"), ("?R", "recursion"), ("?#", "comment group"),
        ]
        for (prefix, name) in unsupported where matchesAhead(prefix) {
            throw SyntaxError(message: "\(name) '(\(prefix)' is not supported", offset: start)
        }
        if matchesAhead("?P<") || matchesAhead("?<") {
            position += matchesAhead("?P<") ? 3 : 2
            let nameStart = position
            while let scalar = current, scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
                || (scalar.value >= 0x30 && scalar.value <= 0x39)
            { position += 1 }
            guard current == ">", position > nameStart else {
                throw SyntaxError(message: "invalid capture group name", offset: start)
            }
            position += 1
            return
        }
        position += 1
        var negate = false
        var sawFlag = false
        while let scalar = current {
            switch scalar {
            case "i": flags.caseInsensitive = !negate; sawFlag = true
            case "m": flags.multiLine = !negate; sawFlag = true
            case "s": flags.dotMatchesNewline = !negate; sawFlag = true
            case "U": sawFlag = true
            case "-" where !negate: negate = true; sawFlag = false
            case ":" where !negate || sawFlag:
                position += 1
                return
            default:
                throw SyntaxError(message: "invalid or unsupported group syntax '\(text(start, position + 1))'",
                                  offset: start)
            }
            position += 1
        }
        throw SyntaxError(message: "missing closing ')'", offset: start)
    }

    private func matchesAhead(_ literal: String) -> Bool {
        var cursor = position
        for scalar in literal.unicodeScalars {
            guard cursor < scalars.count, scalars[cursor] == scalar else { return false }
            cursor += 1
        }
        return true
    }
}
