import RouteKit

/// Expected commands of a test file. Each key must be one the command has (SPEC §6), with the
/// kind of value its JSON form has; tabs and screens must be the table's; and params are
/// converted to the screen's declared types, as the navigator converts the payload's, so that
/// `{id: "42"}` expects what `{id: 42}` does.
///
/// ```yaml
/// commands:
///   - {cmd: select_tab, tab: home, index: 0}
///   - {cmd: push, screen: message_detail, params: {id: "42"}}   # compared as {id: 42}
/// ```
extension ItemReader {
    mutating func command(_ node: Node) -> ExpectedCommand? {
        guard case .mapping(let pairs) = node.content else {
            report(TestFileDecoder.wrongType("a mapping", for: "a command", node))
            return nil
        }
        guard let cmdPair = pairs.first(where: { Self.keyText($0.key) == "cmd" }) else {
            report(missing("cmd", in: "a command", node))
            return nil
        }
        guard let name = string(cmdPair.value, "'cmd'") else { return nil }
        guard let keys = ExpectedCommand.keys[name] else {
            report(unknown("command", name, Navigator.Command.names, cmdPair.value))
            return nil
        }
        var fields: JSONObject = ["cmd": .string(name)]
        var paramsNode: Node?
        var valid = true
        for pair in pairs {
            let key = Self.keyText(pair.key) ?? ""
            guard key != "cmd" else { continue }
            guard keys.contains(key) else {
                let others = keys.isEmpty ? "no other keys" : keys.map { "'\($0)'" }.joined(separator: ", ")
                report(unknownKey(key, at: pair.key, in: "a '\(name)' command", allowed: ["cmd"] + keys,
                                  others: others))
                valid = false
                continue
            }
            guard let value = value(pair.value, of: key, in: name) else {
                valid = false
                continue
            }
            if key == "params" { paramsNode = pair.value }
            fields[key] = value
        }
        guard valid else { return nil }
        if let paramsNode, case .string(let screen)? = fields["screen"],
            let declared = table.screen(named: screen)
        {
            guard let params = params(paramsNode, of: declared) else { return nil }
            fields["params"] = params
        }
        return ExpectedCommand(fields: fields)
    }

    /// The value of `key` as JSON, or nil (reported) when it is of the wrong kind or names a
    /// tab or screen the table does not have.
    private mutating func value(_ node: Node, of key: String, in command: String) -> JSONValue? {
        let json = node.jsonValue
        let what = "'\(key)' of a '\(command)' command"
        let kind = ExpectedCommand.valueKinds[key] ?? .string
        switch (kind, json) {
        case (.string, .string(let text)), (.stringOrNull, .string(let text)):
            if key == "tab", table.tabIndex(of: text) == nil {
                report(unknown("tab", text, table.tabs, node))
                return nil
            }
            if key == "screen", table.screen(named: text) == nil {
                report(unknown("screen", text, table.screens.map(\.name), node))
                return nil
            }
            if key == "expected_user", text.isEmpty {
                report(Diagnostic(.error, "empty-name", "\(what) is empty; null expects no particular user",
                                  at: node.range))
                return nil
            }
            return json
        case (.integer, .int(let index)):
            if key == "index", !table.tabs.indices.contains(Int(index)) {
                report(Diagnostic(
                    .error, "tab-index-out-of-range",
                    "tab index \(index) is out of range; the table has \(table.tabs.count) tabs (0-\(table.tabs.count - 1))",
                    at: node.range))
                return nil
            }
            return json
        case (.stringOrNull, .null), (.boolean, .bool), (.object, .object):
            return json
        default:
            let expected = switch kind {
            case .string: "a string"
            case .stringOrNull: "a string or null"
            case .integer: "an integer"
            case .boolean: "true or false"
            case .object: "a mapping"
            }
            if kind == .boolean, case .string(let text) = json, node.tag == nil, let meant = Node.yaml11Boolean(text) {
                // As in route files (SPEC §3), and as the test files' JSON Schema says.
                report(ModelMessages.booleanWord(text, meant: meant, at: node.range))
                return nil
            }
            var diagnostic = TestFileDecoder.wrongType(expected, for: what, node)
            if key == "tab", case .int(let index) = json {
                diagnostic.message += tabNameHint(forIndex: index, in: command)
            } else if kind == .string || kind == .stringOrNull, let text = Self.keyText(node),
                case .int = json
            {
                diagnostic.message += "; write \"\(text)\" in quotes for a string"
            }
            report(diagnostic)
            return nil
        }
    }

    /// What to write instead of a tab index given as `tab`, which names a tab: the tab at that
    /// index (a user's `"2"` in quotes would only be an unknown tab), or `index` for `select_tab`.
    private func tabNameHint(forIndex index: Int64, in command: String) -> String {
        let alternative = command == "select_tab" ? " (or 'index: \(index)')" : ""
        guard table.tabs.indices.contains(Int(index)) else {
            return "; 'tab' takes a tab's name, and there is no tab \(index): the table has \(table.tabs.count) tabs"
        }
        return "; 'tab' takes a tab's name: write '\(table.tabs[Int(index)])' for tab \(index)\(alternative)"
    }

    /// Expected params converted to the screen's declared types; nil (reported) for a param the
    /// screen does not declare or a value its type does not accept.
    private mutating func params(_ node: Node, of screen: Screen) -> JSONValue? {
        guard case .mapping(let pairs) = node.content else { return nil }
        let types = screen.paramTypes
        if types.isEmpty, let first = pairs.first {
            report(Diagnostic(.error, "unknown-param", "screen '\(screen.name)' has no params; expect {} or leave 'params' out",
                              at: first.key.range))
            return nil
        }
        var converted = JSONObject(minimumCapacity: pairs.count)
        var valid = true
        for pair in pairs {
            let name = Self.keyText(pair.key) ?? ""
            guard let type = types[CodePointKey(name)] else {
                report(unknown("param", name, screen.params.map(\.name), pair.key, of: "screen '\(screen.name)'"))
                valid = false
                continue
            }
            guard let value = PayloadNormalizer.normalize(pair.value.jsonValue, as: type) else {
                report(Diagnostic(
                    .error, "wrong-type",
                    "expected \(type) for param '\(name)' of screen '\(screen.name)', found \(pair.value.kindDescription)",
                    at: pair.value.range))
                valid = false
                continue
            }
            converted[name] = value
        }
        return valid ? .object(converted) : nil
    }
}
