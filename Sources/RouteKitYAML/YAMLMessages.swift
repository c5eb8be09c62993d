import RouteKit

/// One diagnostic of the reading phase: its stable code and its message.
struct YAMLMessage {
    let code: DiagnosticCode
    let text: String
}

/// Every message the reader emits, alphabetised by code.
enum YAMLMessages {
    static func aliasExpansionLimit() -> YAMLMessage {
        YAMLMessage(code: "alias-expansion-limit",
                    text: "aliases expand to more than \(YAMLLimits.maxAliasExpansion) nodes; write the values out or use fewer aliases")
    }

    static func customTag(_ tag: String) -> YAMLMessage {
        YAMLMessage(code: "custom-tag", text: "custom tag '\(displayTag(tag))' is not allowed; remove it")
    }

    /// A custom tag on a scalar. `when: !has(id)` reads `!has(id)` as a tag: a local tag there is
    /// most often an expression that starts with `!`, and removing it would lose the expression.
    static func customTag(_ tag: String, onScalar value: String) -> YAMLMessage {
        guard tag.hasPrefix("!"), !tag.hasPrefix("!!") else { return customTag(tag) }
        let whole = value.isEmpty ? tag : tag + " " + value
        return YAMLMessage(code: "custom-tag", text: "custom tag '\(tag)' is not allowed; remove it, or, for an "
                           + "expression that starts with '!', put the whole value in quotes: '\(whole)'")
    }

    static func duplicateKey(_ key: String) -> YAMLMessage {
        YAMLMessage(code: "duplicate-key", text: "duplicate key '\(key)'; remove one of them")
    }

    static func duplicateKeyFirst(_ key: String) -> String { "key '\(key)' first appears here" }

    static let missingItemDash = "if this line starts another item of the list, begin it with '- '"

    /// `size` is the file's real size, or one byte past the limit when only that much was read
    /// (standard input, a pipe): then the message does not claim a size.
    static func fileTooLarge(_ size: Int) -> YAMLMessage {
        let limit = YAMLLimits.maxFileSize
        let what = size == limit + 1 ? "file is larger than the limit of \(limit) bytes"
            : "file is \(size) bytes, more than the limit of \(limit)"
        return YAMLMessage(code: "file-too-large", text: what + "; split it into several files")
    }

    static func invalidEncoding(_ problem: String) -> YAMLMessage {
        YAMLMessage(code: "invalid-encoding", text: problem)
    }

    static func invalidMerge() -> YAMLMessage {
        YAMLMessage(code: "invalid-merge",
                    text: "merge key '<<' needs a mapping or a sequence of mappings")
    }

    static let loneCarriageReturn = YAMLMessage(
        code: "lone-carriage-return",
        text: "a line here ends with a lone CR (classic Mac line ending); lines in messages are counted "
            + "at LF only, so positions after it are off; save the file with LF or CRLF line endings")

    static func multipleDocuments() -> YAMLMessage {
        YAMLMessage(code: "multiple-documents", text: "file holds more than one YAML document; put each in a file of its own")
    }

    static func nestingTooDeep() -> YAMLMessage {
        YAMLMessage(code: "nesting-too-deep",
                    text: "collections nest deeper than \(YAMLLimits.maxNestingDepth) levels; flatten them")
    }

    static func recursiveAlias(_ name: String) -> YAMLMessage {
        YAMLMessage(code: "undefined-alias",
                    text: "alias '*\(name)' refers to the node that contains it")
    }

    static func tagMismatch(_ value: String, tag: String) -> YAMLMessage {
        YAMLMessage(code: "tag-mismatch",
                    text: "'\(value)' is not a valid '\(displayTag(tag))'")
    }

    static func tagMismatchCollection(_ kind: String, tag: String) -> YAMLMessage {
        YAMLMessage(code: "tag-mismatch", text: "a \(kind) cannot have tag '\(displayTag(tag))'; remove the tag")
    }

    static func undefinedAlias(_ name: String) -> YAMLMessage {
        YAMLMessage(code: "undefined-alias", text: "undefined alias '*\(name)'; define the anchor '&\(name)' before it")
    }

    /// A character that does not show, on the line of a syntax error or the line before it.
    static func invisibleCharacter(_ character: InvisibleCharacter, line: Int) -> String {
        let advice = character.scalar.properties.generalCategory == .spaceSeparator
            ? "which YAML does not read as a space; type a plain space instead"
            : "which does not show; delete it"
        return "line \(line) contains \(character) here, \(advice)"
    }

    static func yamlSyntax(_ problem: String) -> YAMLMessage {
        YAMLMessage(code: "yaml-syntax", text: problem)
    }

    // MARK: - libyaml's texts

    /// What most invalid UTF-8 in a hand-edited file is.
    static let saveAsUTF8 = "save the file as UTF-8 (it may be in Latin-1 or Windows-1252)"

    /// A byte that starts a character of several bytes, followed by one that does not continue it.
    static func unfinishedCharacter(lead: UInt8, next: Int) -> String {
        let hex = { (value: Int) in String(value, radix: 16, uppercase: true) }
        return "invalid UTF-8: byte 0x\(hex(Int(lead))) starts a character, but byte 0x\(hex(next)) does not "
            + "continue it; \(saveAsUTF8)"
    }

    /// libyaml's reader problems, reworded; the byte or scalar value is appended when known.
    static func encodingProblem(_ problem: String, value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        switch problem {
        case "invalid leading UTF-8 octet":
            return "invalid UTF-8: byte 0x\(hex) cannot start a character; \(saveAsUTF8)"
        case "invalid trailing UTF-8 octet":
            return "invalid UTF-8: byte 0x\(hex) cannot continue a character"
        case "incomplete UTF-8 octet sequence":
            return "invalid UTF-8: the file ends inside a character"
        case "invalid length of a UTF-8 sequence":
            return "invalid UTF-8: overlong encoding of a character"
        case "invalid Unicode character":
            return "invalid Unicode character \(InvisibleCharacter.code(value))"
        case "control characters are not allowed":
            return "control character \(InvisibleCharacter.code(value)) is not allowed"
        default:
            return style(problem)
        }
    }

    /// One wording for a tab where YAML expects indentation, whichever way libyaml found it.
    static let tabIndentation =
        "found a tab character where indentation is expected; YAML indents with spaces"

    /// libyaml's scanner and parser problems are already short lowercase phrases; this only
    /// normalizes case and the final period, and names the one with a vague wording.
    /// `closedBefore`: the last non-blank byte before the problem; after a closing quote or
    /// bracket the key libyaml wanted is no matter of indentation.
    static func style(_ problem: String, closedBefore: UInt8? = nil) -> String {
        let text = normalized(problem)
        switch text {
        case "did not find expected key" where !closesAValue(closedBefore):
            return "did not find expected key (check the indentation)"
        case "found a tab character that violates indentation": return tabIndentation
        case "": return "invalid YAML"
        default: return text
        }
    }

    /// libyaml's phrase with its case and final period normalized, and no other change.
    static func normalized(_ problem: String) -> String {
        var text = problem
        while text.hasSuffix(".") { text.removeLast() }
        if let first = text.first, first.isUppercase, !text.hasPrefix("UTF") {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }

    /// What to do about one of libyaml's commoner syntax problems, as a note for someone editing
    /// YAML by hand; nil for the rest. libyaml words its problems as a parser sees them, and most
    /// come from a handful of slips: a ': ' or a leading '@' in an unquoted value, a line out of
    /// step with the indentation above it, an unclosed quote or bracket.
    ///
    /// `problem` and `context` are ``normalized(_:)``; `openedAt` is the context mark's line,
    /// `character` the byte at the problem, and `closedBefore` the last non-blank byte before it
    /// (a closing quote or bracket there ends the value that was meant to go on).
    static func syntaxHint(_ problem: String, context: String?, openedAt line: Int?,
                           character: UInt8?, closedBefore: UInt8?) -> String?
    {
        let opened = line.map { " on line \($0)" } ?? ""
        let opensCollection = character == UInt8(ascii: "[") || character == UInt8(ascii: "{")
        let afterQuote = closedBefore == UInt8(ascii: "\"") || closedBefore == UInt8(ascii: "'")
        let afterCollection = closesAValue(closedBefore) && !afterQuote
        switch problem {
        case "mapping values are not allowed in this context":
            return "an unquoted value cannot contain ': '; put the whole value in quotes, "
                + "or, if this line starts a new key, line it up with the keys above it"
        case "did not find expected key" where afterQuote:
            return "a quoted value ends at its closing quote; put the whole value, with what "
                + "follows the quote, in quotes"
        case "did not find expected key" where afterCollection:
            // `when: [1, 2].size() == 2`: the list ended at its bracket.
            return "a value that starts with '[' or '{' is read as a YAML list or mapping, which ends at "
                + "its closing bracket; put the whole value, with what follows the bracket, in quotes"
        case "did not find expected key":
            return "the keys of one mapping must start in the same column; line this one up "
                + "with the keys above it"
        case "did not find expected '-' indicator":
            return "start this line with '- ' to make it a new item of the list, or indent it "
                + "to line up with the first key of the item above it"
        case "could not find expected ':'":
            let where_ = line.map { "line \($0)" } ?? "the line above"
            return "\(where_) is read as a key but has no ':' after it; add the ':', or start "
                + "the line with '- ' if it is a list item"
        case "found character that cannot start any token":
            if let character, character > 0x20, character < 0x7F {
                let shown = Character(Unicode.Scalar(character))
                return "an unquoted value cannot start with '\(shown)'; put the value in quotes"
            }
            return "an unquoted value cannot start with this character; put the value in quotes"
        case "found unexpected end of stream" where context == "while scanning a quoted scalar":
            return "the quote opened\(opened) is never closed; add the same quote where the "
                + "value ends"
        case "found undefined tag handle":
            return "a value that starts with '!' is read as a YAML tag; put the value in quotes"
        case "did not find expected ',' or ']'" where opensCollection, "did not find expected ',' or '}'" where opensCollection:
            // `{when: type in [1, 2]}`: the unquoted value stopped at the bracket.
            let shown = Character(Unicode.Scalar(character ?? 0))
            return "inside '[…]' or '{…}' an unquoted value cannot contain '\(shown)'; put the whole "
                + "value in quotes, as in when: \"type in [1, 2]\""
        case "did not find expected ',' or ']'":
            return "close the list opened with '['\(opened) with ']' after its last item, "
                + "and separate its items with ','"
        case "did not find expected ',' or '}'":
            return "close the mapping opened with '{'\(opened) with '}' after its last entry, "
                + "and separate its entries with ','"
        case "block sequence entries are not allowed in this context":
            return "a '- ' item must start a line of its own, indented under its key; or "
                + "write the list on one line, as [a, b]"
        case "found unknown escape character":
            return "in double quotes a backslash starts an escape such as \\n; write \\\\ "
                + "for a backslash, or use single quotes, in which it is an ordinary character"
        case "did not find expected alphabetic or numeric character"
        where context == "while scanning an alias" || context == "while scanning an anchor":
            return aliasOrAnchorHint
        default:
            return nil
        }
    }

    static let aliasOrAnchorHint = "a '*' or '&' at the start of a value, or after a '!' tag, is read as an alias "
        + "or an anchor; put the whole value in quotes"

    static func unusedAnchor(_ name: String) -> String {
        "anchor '&\(name)' is never used; YAML reads '&\(name)' at the start of a value as an anchor, not as text: "
            + "if it is part of the value, put the whole value in quotes, or else remove it"
    }

    /// Whether `byte` ends a quoted scalar or a flow collection: text right after it cannot go
    /// on the value.
    static func closesAValue(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "}")
    }

    /// The tag as a person writes it: `!!int` for the core tags, otherwise unchanged.
    static func displayTag(_ tag: String) -> String {
        tag.hasPrefix(coreTagPrefix) ? "!!" + tag.dropFirst(coreTagPrefix.count) : tag
    }

    static let coreTagPrefix = "tag:yaml.org,2002:"
}
