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

    static func duplicateKey(_ key: String) -> YAMLMessage {
        YAMLMessage(code: "duplicate-key", text: "duplicate key '\(key)'; remove one of them")
    }

    static func duplicateKeyFirst(_ key: String) -> String { "key '\(key)' first appears here" }

    static func fileTooLarge(_ size: Int) -> YAMLMessage {
        YAMLMessage(code: "file-too-large",
                    text: "file is \(size) bytes, more than the limit of \(YAMLLimits.maxFileSize); split the table into several files")
    }

    static func invalidEncoding(_ problem: String) -> YAMLMessage {
        YAMLMessage(code: "invalid-encoding", text: problem)
    }

    static func invalidMerge() -> YAMLMessage {
        YAMLMessage(code: "invalid-merge",
                    text: "merge key '<<' needs a mapping or a sequence of mappings")
    }

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

    static func yamlSyntax(_ problem: String) -> YAMLMessage {
        YAMLMessage(code: "yaml-syntax", text: problem)
    }

    // MARK: - libyaml's texts

    /// libyaml's reader problems, reworded; the byte or scalar value is appended when known.
    static func encodingProblem(_ problem: String, value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        switch problem {
        case "invalid leading UTF-8 octet":
            return "invalid UTF-8: byte 0x\(hex) cannot start a character"
        case "invalid trailing UTF-8 octet":
            return "invalid UTF-8: byte 0x\(hex) cannot continue a character"
        case "incomplete UTF-8 octet sequence":
            return "invalid UTF-8: the file ends inside a character"
        case "invalid length of a UTF-8 sequence":
            return "invalid UTF-8: overlong encoding of a character"
        case "invalid Unicode character":
            return "invalid Unicode character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
        case "control characters are not allowed":
            return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) is not allowed"
        default:
            return style(problem)
        }
    }

    /// One wording for a tab where YAML expects indentation, whichever way libyaml found it.
    static let tabIndentation =
        "found a tab character where indentation is expected; YAML indents with spaces"

    /// libyaml's scanner and parser problems are already short lowercase phrases; this only
    /// normalizes case and the final period, and names the one with a vague wording.
    static func style(_ problem: String) -> String {
        var text = problem
        while text.hasSuffix(".") { text.removeLast() }
        if let first = text.first, first.isUppercase, !text.hasPrefix("UTF") {
            text = first.lowercased() + text.dropFirst()
        }
        switch text {
        case "did not find expected key": return "did not find expected key (check the indentation)"
        case "found a tab character that violates indentation": return tabIndentation
        case "": return "invalid YAML"
        default: return text
        }
    }

    /// The tag as a person writes it: `!!int` for the core tags, otherwise unchanged.
    static func displayTag(_ tag: String) -> String {
        tag.hasPrefix(coreTagPrefix) ? "!!" + tag.dropFirst(coreTagPrefix.count) : tag
    }

    static let coreTagPrefix = "tag:yaml.org,2002:"
}
