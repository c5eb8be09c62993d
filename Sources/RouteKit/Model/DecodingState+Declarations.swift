extension DecodingState {
    static let screenKeys = ["show", "tab", "params", "hides_bottom_bar", "embed_in_navigation",
                             "login"]
    static let defaultsKeys = ["foreground", "if_visible", "clear_badge", "alert"]
    static let alertKeys = ["title", "message", "confirm", "cancel"]

    var tabNames: [String] { tabs.map(\.name) }

    /// What stands in the rule list for a rule already decoded.
    private static let decodedRule = Node(.scalar(Node.Scalar("")), range: .wholeFile(""))

    /// Decodes the second pass: everything that refers to tabs and screens.
    mutating func build() -> RouteTable {
        checkFieldsInsideScalars()
        var screens: [Screen] = []
        for declared in screenNodes {
            if let screen = decodeScreen(declared.name, declared.value) {
                screens.append(screen)
            } else {
                screensWithErrors.insert(CodePointKey(declared.name))
            }
        }
        var defaults = Defaults()
        if let node = defaultsNode { defaults = decodeDefaults(node) }
        var table = RouteTable(
            tabs: tabNames, loginScreen: loginScreen?.name, screens: screens,
            payloadFields: payloadFields, defaults: defaults, rules: [])
        table.tabRanges = tabs.map(\.range)
        table.loginScreenRange = loginScreen?.range
        if let login = loginScreen {
            if let screen = table.screen(named: login.name) {
                // As declared, like a tab's name (see `tabName`).
                table.loginScreen = screen.name
                if screen.show == .push {
                    decoder.report(ModelMessages.pushedLoginScreen(login.name, at: login.range))
                }
                if screen.loginRequired {
                    decoder.report(ModelMessages.loginScreenNeedsLogin(login.name, at: login.range))
                }
                if !screen.params.isEmpty {
                    decoder.report(ModelMessages.loginScreenParams(login.name, screen.params.map(\.name),
                                                                   at: login.range))
                }
            } else if !isScreenLost(login.name) {
                let hint = decoder.suggestion(for: login.name, among: screenNodes.lazy.map(\.name))
                decoder.report(ModelMessages.unknownName("screen", login.name, hint: hint, at: login.range))
            }
        }
        if loginScreen == nil, !lostSections.contains("login_screen") {
            for screen in screens where screen.loginRequired {
                placesNeedingLogin.append(("screen '\(screen.name)'", screen.range ?? .wholeFile("")))
            }
        }
        var rules: [Rule] = []
        rules.reserveCapacity(ruleNodes.count)
        ruleNames = NameIndex(minimumCapacity: ruleNodes.count)
        ruleNameRanges.reserveCapacity(ruleNodes.count)
        // Each rule's nodes are taken out of the list and freed once the rule is decoded (when
        // the caller gave up the documents): a table of thousands of rules then does not keep its
        // whole node tree beside the model, and the model is made in memory the tree just freed.
        var pending = ruleNodes
        ruleNodes = []
        for position in pending.indices {
            let node = pending[position]
            pending[position] = Self.decodedRule
            if let rule = decodeRule(node, in: table) { rules.append(rule) }
        }
        table.rules = rules
        if let fallback = fallbackNode { table.fallback = decodeFallback(fallback, in: table) }
        if let first = placesNeedingLogin.first {
            decoder.report(ModelMessages.missingLoginScreen(first.who, at: first.range,
                                                            alsoNeededBy: placesNeedingLogin.dropFirst()))
        }
        return table
    }

    /// A field declared inside another that has a scalar or list type (`aps: int` with
    /// `aps.badge: int`) could never be present: every rule reading it would never match.
    private mutating func checkFieldsInsideScalars() {
        for field in payloadFields where field.path.contains(".") {
            let components = field.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let container = payloadEnvironment.declaredContainer(of: components),
                container.type != .any, let position = payloadFieldPositions[CodePointKey(container.path)]
            else { continue }
            decoder.report(ModelMessages.fieldInsideScalar(
                field.path, container: container.path, type: container.type,
                at: field.range ?? .wholeFile(""), declared: payloadFields[position].range))
        }
    }

    private mutating func decodeScreen(_ name: String, _ node: Node) -> Screen? {
        let what = "screen '\(name)'"
        let node = withOutdentedEntriesMoved(node, readAs: ("a key of \(what)", "keys of \(what)"), describe: { "'\($0)'" }) { key in
            key == "params" ? .besides(Self.screenKeys) : nil
        }
        guard let fields = decoder.mapping(node, what, allowed: Self.screenKeys) else { return nil }
        guard let showNode = fields["show"] else {
            if !fields.isMisspelled("show") {
                decoder.report(ModelMessages.missingKey("show", in: what, at: node.range))
            }
            return nil
        }
        guard let show = decoder.choice(showNode, key: "show", as: Screen.Presentation.self)
        else { return nil }
        var screen = Screen(name: name, show: show, range: node.range, showRange: showNode.range)
        if let tabNode = fields["tab"] { screen.tab = tabName(tabNode, "'tab' of \(what)") }
        if fields.isMisspelled("params") { screensWithUnreadParams.insert(CodePointKey(name)) }
        if let paramsNode = fields["params"] {
            if let params = decoder.mapping(paramsNode, "'params' of \(what)", allowed: []) {
                for (param, pair) in params.entries {
                    // A param whose type is wrong (reported) is still declared, as `any`: dropping
                    // it would add a false "has no param" error at every rule that gives it.
                    let type = decoder.fieldType(pair.value, "the type of param '\(param)'") ?? .any
                    screen.params.append(ScreenParam(name: param, type: type, range: pair.key.range))
                }
            } else {
                screensWithUnreadParams.insert(CodePointKey(name))
            }
        }
        if let flag = fields["hides_bottom_bar"] {
            screen.hidesBottomBar = decoder.bool(flag, "'hides_bottom_bar'") ?? false
        }
        if let flag = fields["embed_in_navigation"] {
            screen.embedInNavigation = decoder.bool(flag, "'embed_in_navigation'") ?? false
        }
        if let login = fields["login"] {
            let words = ["required", "none"]
            if case .bool(let flag)? = login.resolvedScalar {
                decoder.report(ModelMessages.loginAsBoolean(flag, expected: words, at: login.range))
            } else if let word = decoder.name(login, "'login' of \(what)", oneOfWords: true) {
                if words.contains(word) {
                    screen.loginRequired = word == "required"
                } else {
                    decoder.report(ModelMessages.invalidLogin(word, written: login, expected: words))
                }
            }
        }
        reportSettingsWithoutEffect(of: screen, fields)
        return screen
    }

    // Silently ignored, such a setting would leave its author expecting a bottom bar hidden or a
    // close button that never come. `false` asks for nothing, so it draws nothing.
    private mutating func reportSettingsWithoutEffect(of screen: Screen, _ fields: Mapping) {
        var ignored: [String] = []
        switch screen.show {
        case .present:
            if screen.tab != nil { ignored.append("tab") }
            if screen.hidesBottomBar { ignored.append("hides_bottom_bar") }
        case .push:
            if screen.embedInNavigation { ignored.append("embed_in_navigation") }
        }
        for key in ignored {
            guard let range = fields.keyRange(key) else { continue }
            decoder.report(ModelMessages.noEffect(key, screen: screen.name, shown: screen.show, at: range))
        }
    }

    private static func isPlainScalar(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node.content { return scalar.style == .plain }
        return false
    }

    /// A tab by name, or by index in the tab bar.
    mutating func tabName(_ node: Node, _ what: @autoclosure () -> String) -> String? {
        // No tab could be read from a `tabs` that is there, misspelled or missing (one file of
        // a split table validated alone), and that is reported: every tab named would
        // otherwise be "unknown" too.
        if tabs.isEmpty { return nil }
        if case .int(let index)? = node.resolvedScalar {
            if let known = tabsKnownByIndex, index >= known { return nil }
            guard index >= 0, index < tabs.count else {
                decoder.report(ModelMessages.tabIndexOutOfRange(index, count: tabs.count,
                                                                at: node.range))
                return nil
            }
            return tabs[Int(index)].name
        }
        if case .scalar = node.content, case .string? = node.resolvedScalar {} else {
            decoder.report(ModelMessages.wrongType(expected: "a tab's name or index (0 to \(tabs.count - 1))",
                                                   for: what(), found: node.kindDescription, at: node.range))
            return nil
        }
        guard let name = decoder.name(node, what()) else { return nil }
        guard let position = tabPositions[CodePointKey(name)] else {
            // `tab: "1"`: an index in quotes is a name, and no tab is called that.
            if let index = Int(name), name.allSatisfy(\.isASCII), tabs.indices.contains(index) {
                decoder.report(ModelMessages.quotedTabIndex(name, tab: tabs[index].name,
                                                            tagged: node.tag != nil && Self.isPlainScalar(node), at: node.range))
                return nil
            }
            // `tabs: [home, discover messages]`: a ',' left out joins two tabs into one name.
            if !name.contains(" "), let joined = tabs.first(where: { $0.name.split(separator: " ").contains(Substring(name)) }) {
                decoder.report(ModelMessages.tabInJoinedName(name, declared: joined.name, at: node.range,
                                                             declaredAt: joined.range))
                return nil
            }
            let hint = decoder.suggestion(for: name, among: tabNames)
            decoder.report(ModelMessages.unknownName("tab", name, hint: hint, at: node.range))
            return nil
        }
        // As declared: a name written with other code points for the same text (a decomposed
        // "o\u{308}" for "\u{F6}") finds the tab, and commands must name it as the app does.
        return tabs[position].name
    }

    private mutating func decodeDefaults(_ node: Node) -> Defaults {
        var defaults = Defaults()
        let node = withOutdentedEntriesMoved(node, readAs: ("a key of 'defaults'", "keys of 'defaults'"), describe: { "'\($0)'" }) { key in
            key == "alert" ? .among(Self.alertKeys) : nil
        }
        guard let fields = decoder.mapping(node, "'defaults'", allowed: Self.defaultsKeys)
        else { return defaults }
        if let value = fields["foreground"],
            let policy = decoder.choice(value, key: "foreground", as: ForegroundPolicy.self)
        {
            defaults.foreground = policy
        }
        if let value = fields["if_visible"],
            let policy = decoder.choice(value, key: "if_visible", as: IfVisiblePolicy.self)
        {
            defaults.ifVisible = policy
        }
        if let value = fields["clear_badge"] {
            defaults.clearBadge = decoder.bool(value, "'clear_badge'") ?? false
        }
        if let value = fields["alert"] {
            defaults.alert = defaults.alert.overridden(by: decodeAlert(value))
        }
        return defaults
    }

    mutating func decodeAlert(_ node: Node) -> AlertOverride {
        var alert = AlertOverride()
        guard let fields = decoder.mapping(node, "'alert'", allowed: Self.alertKeys)
        else { return alert }
        alert.title = alertText(fields["title"], "the alert 'title'")
        alert.message = alertText(fields["message"], "the alert 'message'")
        alert.confirm = alertText(fields["confirm"], "the alert 'confirm'")
        alert.cancel = alertText(fields["cancel"], "the alert 'cancel'")
        return alert
    }

    /// An alert text, its `{path}` placeholders checked against the declared payload fields.
    ///
    /// A placeholder that names nothing renders as nothing, silently: one that names a field
    /// inside a scalar (`{type.name}` with `type: int`), or an undeclared path close to a declared
    /// one (`{tpye}`), is a warning. Other undeclared paths (`{aps.alert}`) are left alone: a
    /// payload may carry keys the table does not declare. A `{` with no `}` after it, which
    /// shows as written, is a warning too.
    private mutating func alertText(_ node: Node?, _ what: @autoclosure () -> String) -> String? {
        guard let node, let text = decoder.text(node, what()) else { return nil }
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        let template = AlertRenderer.Template(text)
        for (path, scalars) in template.placedPlaceholders {
            let joined = path.joined(separator: ".")
            // `{{name}}`, as Mustache and Jinja write it, reads as the placeholder `{{name}`
            // (a key no payload has) and then a `}` shown as written.
            if joined.hasPrefix("{"), text.unicodeScalars.dropFirst(scalars.upperBound).first == "}" {
                let meant = String(String(joined.dropFirst()).withoutSurroundingSpaces)
                decoder.report(ModelMessages.doubleBracedPlaceholder(
                    meant, at: node.range(ofValueScalars: scalars.lowerBound..<(scalars.upperBound + 1))))
                continue
            }
            switch payloadEnvironment.lookup(path, joined: joined) {
            case .declared, .object, .insideAny:
                break
            case .insideScalar(let prefix, let type):
                decoder.report(ModelMessages.placeholderInsideScalar(
                    joined, field: prefix, type: "\(type)", at: node.range(ofValueScalars: scalars)))
            case .undeclared:
                // `{ id }` names the key " id ", which no payload has: `{id}` was meant.
                let unspaced = path.map(\.withoutSurroundingSpaces).joined(separator: ".")
                if unspaced != joined, !unspaced.isEmpty {
                    decoder.report(ModelMessages.undeclaredPlaceholder(
                        joined, hint: unspaced, at: node.range(ofValueScalars: scalars)))
                } else if let hint = decoder.suggestion(forPath: joined, in: payloadEnvironment) {
                    decoder.report(ModelMessages.undeclaredPlaceholder(
                        joined, hint: hint, at: node.range(ofValueScalars: scalars)))
                }
            }
        }
        if let open = template.unclosedBrace {
            let scalars = text.unicodeScalars.count
            decoder.report(ModelMessages.unclosedPlaceholder(
                what(), at: node.range(ofValueScalars: open..<scalars)))
        }
        return text
    }

    /// The declared payload fields as the expression checker sees them, made on first use (by the
    /// declaration check or the first alert placeholder).
    var payloadEnvironment: ExpressionEnvironment {
        mutating get {
            if let environment = cachedPayloadEnvironment { return environment }
            var types: [CodePointKey: FieldType] = [:]
            for field in payloadFields where types[CodePointKey(field.path)] == nil { types[CodePointKey(field.path)] = field.type }
            let environment = ExpressionEnvironment(fields: types)
            cachedPayloadEnvironment = environment
            return environment
        }
    }
}

private extension String {
    var withoutSurroundingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
