/// Reads the JSON value of a compiled table back into a `RouteTable`, checking its shape and
/// every cross-reference a YAML table is checked for (tabs, screens, params, login screen),
/// so a hand-edited compiled table cannot name what does not exist.
///
/// With `locating`, every expression carries a range whose file is its JSON path
/// (`rules[3].when`): `TableChecker` then reports expression errors at those paths.
struct CompiledTableDecoder {
    /// Give expressions their JSON path as a range, to locate checker errors.
    var locating = false

    static let documentKeys = CompiledKeys(
        required: ["format", "format_version", "version", "tabs", "screens", "payload", "defaults", "rules"],
        omittable: ["login_screen": nil, "fallback": nil])
    static let screenKeys = CompiledKeys(
        required: ["name", "show"],
        omittable: [
            "tab": nil, "params": [:], "hides_bottom_bar": false, "embed_in_navigation": false,
            "login_required": false,
        ])
    static let defaultsKeys: CompiledKeys = ["foreground", "if_visible", "clear_badge", "alert"]
    static let defaultAlertKeys: CompiledKeys = ["title", "message", "confirm", "cancel"]

    /// Checks `format` and `format_version` before anything else, so a newer file is refused
    /// with the version message rather than with whatever changed in its shape.
    static func checkFormat(_ root: CompiledJSONNode) throws(CompiledTableError) {
        guard case .object = root.value else {
            throw root.error("not a compiled route table: expected a JSON object")
        }
        guard case .string(let format)? = root.value["format"],
            format == CompiledTableFormat.formatName
        else {
            let found = root.value["format"].map { JSONWriter.write($0.json) } ?? "missing"
            throw root.error(CompiledTableMessages.notCompiledTable(found: found))
        }
        let versionNode = CompiledJSONNode(root.value["format_version"] ?? .null,
                                           path: "format_version")
        guard root.value["format_version"] != nil else {
            throw root.error(CompiledTableMessages.missingKey("format_version"))
        }
        let version = try versionNode.int()
        if version > Int64(CompiledTableFormat.currentVersion) {
            var newer = root.error(CompiledTableMessages.newerFormat(version))
            newer.newerFormat = version
            throw newer
        }
        if version < Int64(CompiledTableFormat.oldestReadableVersion) {
            throw versionNode.error(CompiledTableMessages.unsupportedFormat(version))
        }
    }

    /// The table of a compiled table's JSON value.
    ///
    /// `rules`, when given, are the elements of the document's `rules`, taken out of it
    /// (`CompiledJSONValue.takeRules()`; the document keeps an empty array): each is released as
    /// soon as its rule is decoded, so the JSON of all rules and all decoded rules never coexist.
    func table(_ root: CompiledJSONNode, rules detached: inout [CompiledJSONValue]?)
        throws(CompiledTableError) -> RouteTable
    {
        try Self.checkFormat(root)
        let document = try root.object(keys: Self.documentKeys)
        let versionNode = document["version"]
        let version = try versionNode.int()
        guard version == 1 else {
            throw versionNode.error("unsupported route format version \(version) (expected 1)")
        }
        let tabs = try names(document["tabs"], what: "tab")
        // `screens` is set once, here: the table indexes screens by name when it is created.
        var table = RouteTable(
            version: Int(version), tabs: tabs, screens: try screens(document["screens"], tabs: tabs),
            payloadFields: try payloadFields(document["payload"]),
            defaults: try defaults(document["defaults"]), rules: [])
        let loginNode = document["login_screen"]
        if let login = try loginNode.optionalString() {
            guard let screen = table.screen(named: login) else {
                throw loginNode.error(CompiledTableMessages.unknownName("screen", login))
            }
            // As `validate` refuses them: the login screen is shown with no params and no login.
            guard !screen.loginRequired else {
                throw loginNode.error("login screen '\(login)' itself requires login")
            }
            guard screen.params.isEmpty else {
                throw loginNode.error("login screen '\(login)' declares params, but it is presented with none")
            }
            table.loginScreen = login
        }
        for screen in table.screens where screen.loginRequired && table.loginScreen == nil {
            throw loginNode.error("screen '\(screen.name)' requires login, so a login_screen is needed")
        }
        var seen: Set<CodePointKey> = []
        let ruleNodes = try document["rules"].array()
        func add(_ node: CompiledJSONNode, index: Int) throws(CompiledTableError) {
            let rule = try self.rule(node, index: index, in: table)
            guard seen.insert(CodePointKey(rule.name)).inserted else {
                throw CompiledJSONNode(.string(rule.name), path: node.path + ".name")
                    .error(CompiledTableMessages.duplicate("rule name", rule.name))
            }
            table.rules.append(rule)
        }
        if detached != nil {
            table.rules.reserveCapacity(detached?.count ?? 0)
            for index in detached?.indices ?? 0..<0 {
                try add(CompiledJSONNode(detached?[index] ?? .null, tracksPaths: root.tracksPaths), index: index)
                detached?[index] = .null
            }
        } else {
            table.rules.reserveCapacity(ruleNodes.count)
            for (index, node) in ruleNodes.enumerated() { try add(node, index: index) }
        }
        let fallbackNode = document["fallback"]
        if !fallbackNode.isNull { table.fallback = try route(fallbackNode, in: table) }
        return table
    }

    /// The table of a compiled table's JSON value; see `table(_:rules:)`.
    func table(_ root: CompiledJSONNode) throws(CompiledTableError) -> RouteTable {
        var rules: [CompiledJSONValue]? = nil
        return try table(root, rules: &rules)
    }

    /// A list of unique, non-empty names.
    private func names(_ node: CompiledJSONNode, what: String) throws(CompiledTableError) -> [String] {
        var result: [String] = []
        for element in try node.array() {
            let name = try element.string()
            guard !name.isEmpty else { throw element.error("expected a non-empty \(what) name") }
            guard !result.contains(where: { $0.hasSameScalars(as: name) }) else {
                throw element.error(CompiledTableMessages.duplicate(what, name))
            }
            result.append(name)
        }
        return result
    }

    private func payloadFields(_ node: CompiledJSONNode) throws(CompiledTableError) -> [PayloadField] {
        var fields: [PayloadField] = []
        for (path, typeNode) in try node.entries() {
            fields.append(PayloadField(path: path, type: try fieldType(typeNode)))
        }
        return fields
    }

    private func fieldType(_ node: CompiledJSONNode) throws(CompiledTableError) -> FieldType {
        let spelling = try node.string()
        guard let type = FieldType(parsing: spelling) else {
            throw node.error("unknown type '\(spelling)'; expected int, double, string, bool, any or [T]")
        }
        return type
    }

    private func defaults(_ node: CompiledJSONNode) throws(CompiledTableError) -> Defaults {
        let fields = try node.object(keys: Self.defaultsKeys)
        let alert = try fields["alert"].object(keys: Self.defaultAlertKeys)
        return Defaults(
            foreground: try fields["foreground"].choice(ForegroundPolicy.self),
            ifVisible: try fields["if_visible"].choice(IfVisiblePolicy.self),
            clearBadge: try fields["clear_badge"].bool(),
            alert: AlertTemplate(
                title: try alert["title"].string(), message: try alert["message"].string(),
                confirm: try alert["confirm"].string(), cancel: try alert["cancel"].string()))
    }

    private func screens(_ node: CompiledJSONNode, tabs: [String]) throws(CompiledTableError)
        -> [Screen]
    {
        var screens: [Screen] = []
        // Duplicates found by set: a scan per screen grew with the square of the screens.
        var names: Set<CodePointKey> = []
        for element in try node.array() {
            let fields = try element.object(keys: Self.screenKeys)
            let name = try fields["name"].string()
            guard !name.isEmpty else { throw fields["name"].error("expected a non-empty screen name") }
            guard names.insert(CodePointKey(name)).inserted else {
                throw fields["name"].error(CompiledTableMessages.duplicate("screen", name))
            }
            var screen = Screen(name: name, show: try fields["show"].choice(Screen.Presentation.self))
            let tabNode = fields["tab"]
            if let tab = try tabNode.optionalString() {
                guard tabs.contains(where: { $0.hasSameScalars(as: tab) }) else {
                    throw tabNode.error(CompiledTableMessages.unknownName("tab", tab))
                }
                screen.tab = tab
            }
            for (param, typeNode) in try fields["params"].entries() {
                screen.params.append(ScreenParam(name: param, type: try fieldType(typeNode)))
            }
            screen.hidesBottomBar = try fields["hides_bottom_bar"].bool()
            screen.embedInNavigation = try fields["embed_in_navigation"].bool()
            screen.loginRequired = try fields["login_required"].bool()
            screens.append(screen)
        }
        return screens
    }

    /// An expression as the checker wants it: with its JSON path as range when locating.
    func expression(_ node: CompiledJSONNode) throws(CompiledTableError) -> ExpressionSource {
        let text = try node.string()
        guard locating else { return ExpressionSource(text) }
        return ExpressionSource(text, range: .wholeFile(node.path))
    }
}
