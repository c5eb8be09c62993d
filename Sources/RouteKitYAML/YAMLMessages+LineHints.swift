import RouteKit

/// Hints read from the lines around a syntax error, for slips that libyaml's message and its
/// position alone cannot tell apart.
extension YAMLMessages {
    /// The hint for libyaml's `problem` (as libyaml words it) from `lines`: the line of the
    /// problem, then the non-blank lines before it, nearest first. nil when none applies.
    static func lineHint(_ problem: String, lines: [String], closedBefore: UInt8?) -> String? {
        switch problem {
        case "mapping values are not allowed in this context":
            return outdentedKeyHint(lines: lines) ?? lines.first.flatMap(nestedKeyHint)
        case "did not find expected key":
            if closedBefore == UInt8(ascii: "'") || closedBefore == UInt8(ascii: "\"") {
                return lines.first.flatMap(quotesInsideHint)
            }
            // `title: *New stories for you`: the alias ended at its name, and text follows.
            if let value = lines.first.flatMap(keyAndValue)?.value, value.hasPrefix("*") || value.hasPrefix("&") {
                return aliasOrAnchorHint
            }
            return outdentedKeyHint(lines: lines)
        default:
            return nil
        }
    }

    /// For libyaml's "mapping values are not allowed" on a line indented deeper than a
    /// `key: value` line that sits in the column of an empty `section:` line before it:
    ///
    /// ```yaml
    /// payload:
    /// type: int      # meant to be inside 'payload'
    ///   id: int      # the error: read as more of the value 'int'
    /// ```
    ///
    /// the fix is to indent the line above, not this one. `lines`: the line of the problem, then
    /// the non-blank lines before it, nearest first.
    private static func outdentedKeyHint(lines: [String]) -> String? {
        guard lines.count == 3 else { return nil }
        let (here, above, section) = (lines[0], lines[1], lines[2])
        let indentation = { (line: String) in line.prefix { $0 == " " }.count }
        let entry = above.dropFirst(indentation(above))
        let heading = section.dropFirst(indentation(section))
        guard indentation(here) > indentation(above), indentation(section) == indentation(above),
            !entry.hasPrefix("- "), !heading.hasPrefix("- "),
            let colon = entry.range(of: ": "), !entry[colon.upperBound...].allSatisfy({ $0 == " " }),
            heading.hasSuffix(":"), !heading.dropLast().contains(":")
        else { return nil }
        let key = entry[..<colon.lowerBound]
        return "'\(key)' on the line above starts in the column of '\(heading.dropLast())', so it is read as "
            + "a key beside it, and this line as more of its value; to put '\(key)' in '\(heading.dropLast())', "
            + "indent it as this line is"
    }

    /// `login: user: uid`: a key's value written as `key: value` on the same line, meant as a
    /// mapping: `login: {user: uid}`.
    private static func nestedKeyHint(_ line: String) -> String? {
        guard let (key, rest) = keyAndValue(line), let second = rest.range(of: ": ") else { return nil }
        let inner = rest[..<second.lowerBound]
        let value = rest[second.upperBound...].drop { $0 == " " }
        // Keys are lowercase words; a text (`title: Note: read this`) is no mapping.
        let isKey = { (word: Substring) in
            !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
        }
        guard isKey(key), isKey(inner), !Self.textKeys.contains(String(key)), !value.isEmpty,
            !value.contains(": ")
        else { return nil }
        return "an unquoted value cannot contain ': '; if '\(inner)' is a key of '\(key)', write "
            + "\(key): {\(inner): \(value)}; otherwise put the whole value in quotes"
    }

    /// The key and the value of a `key: value` line, item (`- `) or not.
    private static func keyAndValue(_ line: String) -> (key: Substring, value: Substring)? {
        let text = line.drop { $0 == " " }
        let entry = text.hasPrefix("- ") ? text.dropFirst(2).drop { $0 == " " } : text
        guard let colon = entry.range(of: ": ") else { return nil }
        return (entry[..<colon.lowerBound], entry[colon.upperBound...].drop { $0 == " " })
    }

    /// Keys whose value is a text or an expression, never a mapping.
    private static let textKeys: Set<String> = ["name", "when", "title", "message", "confirm", "cancel"]

    /// `when: 'target == 'news''`: quotes of the value's own kind inside it end it; the other
    /// kind outside would keep them.
    private static func quotesInsideHint(_ line: String) -> String? {
        guard let (key, written) = keyAndValue(line) else { return nil }
        var value = written
        while value.last == " " { value.removeLast() }
        guard let quote = value.first, quote == "'" || quote == "\"", value.count > 2, value.last == quote
        else { return nil }
        let inner = value.dropFirst().dropLast()
        let other: Character = quote == "'" ? "\"" : "'"
        guard inner.contains(quote), !inner.contains(other), !inner.contains("\\") else { return nil }
        // `when: "a" == t && type == "3"` starts and ends with the expression's own quotes:
        // they stay, and the other kind goes around the whole (`'"a" == t && type == "3"'`).
        let quoted = key == "when" && ExpressionParser.parse(String(value)).1.isEmpty ? value : inner
        return "a quoted value ends at its first closing quote; to put \(quote) quotes inside it, quote the "
            + "whole value with the other kind: \(key): \(other)\(quoted)\(other)"
    }
}
