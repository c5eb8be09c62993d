extension DecodingState {
    static let routeKeys = ["tab", "pop_to_root", "push", "present", "params", "login",
                            "foreground", "if_visible", "alert"]
    static let ruleKeys = ["name", "when"] + routeKeys
    static let stepKeys = ["screen", "params"]
    /// The keys of which a rule needs at least one.
    static let actionKeys = ["tab", "pop_to_root", "push", "present"]
    /// The action keys that do something whatever their value (`pop_to_root: false` does nothing).
    static let movingKeys = ["tab", "push", "present"]

    mutating func decodeRule(_ node: Node, in table: RouteTable) -> Rule? {
        let node = withOutdentedRouteEntriesMoved(node, keys: Self.ruleKeys, of: "the rule")
        guard let fields = decoder.mapping(node, "a rule", allowed: Self.ruleKeys) else {
            return nil
        }
        let start = SourceRange(file: node.range.file, at: node.range.start)
        let reportedBefore = decoder.diagnostics.count
        // A rule without a usable name (reported) is still checked, so that its other problems
        // show in the same run; it is left out of the table.
        var name: String?
        let nameNode = fields["name"]
        if let nameNode {
            name = decoder.name(nameNode, "'name' of a rule")
        } else if !fields.isMisspelled("name") {
            decoder.report(ModelMessages.missingKey("name", in: "a rule", at: start))
        }
        if let name, let nameNode {
            let (inserted, position) = ruleNames.insert(name)
            if inserted {
                ruleNameRanges.append(nameNode.range)
            } else {
                let first = ruleNameRanges[position]
                // A name taken from an anchor (`- *r`, `{<<: *r, when: …}`) is written at the first
                // place: the second is where this rule is.
                let second = nameNode.range == first ? start : nameNode.range
                decoder.report(ModelMessages.duplicateName("rule", name, at: second, first: first))
            }
        }
        // Described only when a message needs it: most rules draw none.
        func what() -> String { name.map { "rule '\($0)'" } ?? "a rule" }
        let anchor = nameNode?.range ?? start
        var when: ExpressionSource?
        if let whenNode = fields["when"] {
            when = decoder.expression(whenNode, "'when' of \(what())")
        } else if !fields.isMisspelled("when") {
            decoder.report(ModelMessages.missingKey("when", in: what(), at: anchor))
        }
        let route = decodeRoute(fields, what: what(), at: anchor, in: table)
        decoder.diagnostics.noteUsesThroughAliases(from: reportedBefore, by: what(), of: node.range)
        guard let name, let route, let when else {
            if let when { predicatesOfBrokenRules.append(when) }
            return nil
        }
        return Rule(name: name, when: when, route: route, range: node.range)
    }

    mutating func decodeFallback(_ node: Node, in table: RouteTable) -> Route? {
        if case .string("none")? = node.resolvedScalar { return nil }
        guard case .mapping = node.content else {
            decoder.report(ModelMessages.fallbackNotAnAction(found: node.kindDescription,
                                                             meant: fallbackMeant(by: node, in: table),
                                                             at: node.range))
            return nil
        }
        let node = withOutdentedRouteEntriesMoved(node, keys: Self.routeKeys, of: "the fallback")
        guard let fields = decoder.mapping(node, "'fallback'", allowed: Self.routeKeys) else {
            return nil
        }
        return decodeRoute(fields, what: "the fallback",
                           at: SourceRange(file: node.range.file, at: node.range.start), in: table)
    }

    /// What a fallback that is not an action most likely stands for: `none` for `None` or null, a
    /// tab's `{tab: home}`, or a screen's `{push: detail}` / `{present: notice}`.
    private func fallbackMeant(by node: Node, in table: RouteTable) -> String? {
        if case .null? = node.resolvedScalar { return "none" }
        // `fallback: false` and YAML 1.1's `no` and `off` mean no fallback too.
        if case .bool(false)? = node.resolvedScalar { return "none" }
        guard case .string(let name)? = node.resolvedScalar else { return nil }
        if ["none", "no", "off", "nothing", "nil"].contains(name.lowercased()) { return "none" }
        if table.tabIndex(of: name) != nil { return "{tab: \(name)}" }
        guard let screen = table.screen(named: name) else { return nil }
        return "{\(screen.show.rawValue): \(name)}"
    }

    private mutating func decodeRoute(_ fields: Mapping, what: @autoclosure () -> String, at anchor: SourceRange,
                                      in table: RouteTable) -> Route? {
        var action = Action()
        var valid = true
        if !paramsMeantByMisspellings.isEmpty { paramsMeantByMisspellings.removeAll(keepingCapacity: true) }
        // A screen that could not be read is already reported; its params are not checked again.
        var stepFailed = false
        if let node = fields["tab"] {
            action.tab = tabName(node, "'tab' of \(what())")
            valid = valid && action.tab != nil
        }
        let popToRoot = fields["pop_to_root"].flatMap { decoder.bool($0, "'pop_to_root'") }
        action.popToRoot = popToRoot == true
        if let node = fields["push"] {
            let items: [Node]
            if case .sequence(let list) = node.content { items = list } else { items = [node] }
            if items.isEmpty {
                // `push: []` would make a rule that matches and does nothing, hiding every
                // later rule.
                decoder.report(ModelMessages.emptyPush(what(), at: node.range))
                valid = false
            }
            for item in items {
                guard let step = decodeStep(item, as: .push, key: "push", in: table) else {
                    valid = false
                    stepFailed = true
                    continue
                }
                action.push.append(step)
            }
        }
        if let node = fields["present"] {
            action.present = decodeStep(node, as: .present, key: "present", in: table)
            if action.present == nil { valid = false; stepFailed = true }
        }
        let conflicting = fields.has("push") && fields.has("present")
        if conflicting {
            decoder.report(ModelMessages.conflictingActions(at: fields.keyRange("present") ?? anchor))
            valid = false
        }
        if !Self.actionKeys.contains(where: fields.has) {
            // `pusj: detail` is reported as an unknown key already, with its fix.
            if !Self.actionKeys.contains(where: fields.isMisspelled) {
                decoder.report(ModelMessages.missingAction(what(), at: anchor))
            }
            valid = false
        } else if popToRoot == false, let node = fields["pop_to_root"],
                  !Self.movingKeys.contains(where: { fields.has($0) || fields.isMisspelled($0) }) {
            // `pop_to_root: false` alone would match and do nothing, hiding every later rule.
            decoder.report(ModelMessages.popToRootFalseAlone(what(), at: node.range))
            valid = false
        }
        // Which screen the params were for is unknown while `push` and `present` conflict, or
        // while the one that names it is misspelled (`pusj:`, reported with its fix).
        var paramsKnown = !stepFailed && !conflicting
            && !fields.isMisspelled("push") && !fields.isMisspelled("present")
        if let node = fields["params"], paramsKnown {
            paramsKnown = attachParams(node, to: &action, what: what(), in: table)
            valid = paramsKnown && valid
        }
        var route = Route(action: action)
        if let node = fields["login"] { route.login = decodeLogin(node, what: what()) ?? .none }
        // A route that needs a login only for its screens is covered by the screens' places.
        if route.login != .none, loginScreen == nil, !lostSections.contains("login_screen") {
            placesNeedingLogin.append((what(), fields.keyRange("login") ?? anchor))
        }
        if let node = fields["foreground"] {
            route.foreground = decoder.choice(node, key: "foreground", as: ForegroundPolicy.self)
        }
        if let node = fields["if_visible"] {
            route.ifVisible = decoder.choice(node, key: "if_visible", as: IfVisiblePolicy.self)
        }
        if let node = fields["alert"] { route.alert = decodeAlert(node) }
        if let tab = action.tab, let tabRange = fields.keyRange("tab") {
            for step in action.push {
                if let screenTab = table.screen(named: step.screen)?.tab, screenTab != tab {
                    decoder.report(ModelMessages.tabConflict(
                        what(), tab: tab, screen: step.screen, screenTab: screenTab, at: tabRange))
                }
            }
        }
        if action.tab == nil, action.push.count > 1, let push = fields["push"] {
            checkBackStackOnOneTab(action.push, what: what(), listedAt: push.range, in: table)
        }
        // A mistake elsewhere in the rule (say its tab) does not hide a param it forgot; a
        // misspelled `param:` holds the params, and is reported with its fix.
        if paramsKnown, !fields.isMisspelled("params") { checkParamsSupplied(action, in: table) }
        return valid ? route : nil
    }

    /// `push: [a, b]` builds a back stack; split over two tabs, Back from `b` does not lead to `a`.
    /// (With `tab`, a screen of another tab is already a `conflicting-tab` warning.)
    private mutating func checkBackStackOnOneTab(_ steps: [ScreenStep], what: String, listedAt list: SourceRange,
                                                 in table: RouteTable) {
        var first: (screen: String, tab: String)?
        for step in steps {
            guard let tab = table.screen(named: step.screen)?.tab else { continue }
            guard let earlier = first else { first = (step.screen, tab); continue }
            if earlier.tab != tab {
                decoder.report(ModelMessages.splitBackStack(
                    what, first: earlier, then: (step.screen, tab), at: step.range ?? list))
                return
            }
        }
    }

    /// A screen to push or present: its name, or `{screen, params}`.
    private mutating func decodeStep(_ node: Node, as presentation: Screen.Presentation,
                                     key: String, in table: RouteTable) -> ScreenStep? {
        var nameNode = node
        var step = ScreenStep(screen: "", range: node.range)
        var paramsNode: Node?
        if case .mapping = node.content {
            guard let fields = decoder.mapping(node, "a '\(key)' item", allowed: Self.stepKeys)
            else { return nil }
            guard let screenNode = fields["screen"] else {
                if !fields.isMisspelled("screen") {
                    decoder.report(ModelMessages.missingKey("screen", in: "a '\(key)' item",
                                                            at: node.range))
                }
                return nil
            }
            nameNode = screenNode
            paramsNode = fields["params"]
        }
        guard let name = decoder.name(nameNode, "'\(key)'") else { return nil }
        guard let screen = table.screen(named: name) else {
            guard !isScreenLost(name) else { return nil }
            let parts = name.split(separator: ",").map { $0.split(separator: " ").joined(separator: " ") }
            if key == "push", parts.count > 1, parts.allSatisfy({ table.screen(named: $0) != nil }) {
                // `push: list, detail` is one plain scalar: the back stack meant is a YAML list.
                decoder.report(ModelMessages.screensWithoutList(name, parts, at: nameNode.range))
                return nil
            }
            let words = name.split(whereSeparator: \.isWhitespace).map(String.init)
            if words.count > 1, words.allSatisfy({ table.screen(named: $0) != nil }) {
                decoder.report(ModelMessages.screensJoined(name, words, at: nameNode.range))
                return nil
            }
            let hint = decoder.suggestion(for: name, among: screenNodes.lazy.map(\.name))
            decoder.report(ModelMessages.unknownName("screen", name, hint: hint, at: nameNode.range))
            return nil
        }
        guard screen.show == presentation else {
            decoder.report(ModelMessages.wrongPresentation(name, shown: screen.show,
                                                           usedWith: key, at: nameNode.range))
            return nil
        }
        // As declared, like a tab's name (see `tabName`).
        step.screen = screen.name
        if let paramsNode {
            guard let params = decodeParams(paramsNode, for: screen, step: step.range) else { return nil }
            step.params = params
        }
        return step
    }

    /// The params in `node` for `screen`, shown by the step at `step` (a `push` list may show
    /// one screen twice: a misspelled param in one item does not excuse a missing one in another).
    private mutating func decodeParams(_ node: Node, for screen: Screen, step: SourceRange?) -> [ParamBinding]? {
        guard let fields = decoder.mapping(node, "'params'", allowed: []) else { return nil }
        var bindings: [ParamBinding] = []
        let declared = screensWithUnreadParams.isEmpty || !screensWithUnreadParams.contains(CodePointKey(screen.name))
        for (name, pair) in fields.entries {
            guard !declared || screen.params.contains(where: { $0.name.hasSameScalars(as: name) }) else {
                let known = screen.params.map(\.name)
                let hint = decoder.suggestion(for: name, among: known)
                decoder.report(ModelMessages.unknownParam(name, screen: screen.name, declaresNone: known.isEmpty,
                                                          hint: hint, at: pair.key.range))
                if let hint { paramsMeantByMisspellings.insert(Self.paramKey(hint, of: screen.name, at: step)) }
                continue
            }
            guard let expression = decoder.expression(pair.value, "param '\(name)'") else {
                // Given, and reported as it is written (`id:` with no value): not missing too.
                paramsMeantByMisspellings.insert(Self.paramKey(name, of: screen.name, at: step))
                continue
            }
            bindings.append(ParamBinding(name: name, expression: expression))
        }
        return Self.sortedByName(bindings)
    }

    /// A param of the screen shown by one step of a rule, as `paramsMeantByMisspellings` holds it.
    private static func paramKey(_ param: String, of screen: String, at step: SourceRange?) -> CodePointKey {
        CodePointKey("\(step?.start.offset ?? -1) \(screen).\(param)")
    }

    /// `bindings` by name; most lists have one binding, or are already in order, and are
    /// returned as they are.
    private static func sortedByName(_ bindings: [ParamBinding]) -> [ParamBinding] {
        // Code point order: canonically equivalent names are different params, and ordered.
        let inOrder = { (a: ParamBinding, b: ParamBinding) in a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
        if zip(bindings, bindings.dropFirst()).allSatisfy(inOrder) { return bindings }
        return bindings.sorted(by: inOrder)
    }

    /// A rule's `params` go to its target screen: the presented one, or the last one pushed.
    private mutating func attachParams(_ node: Node, to action: inout Action, what: @autoclosure () -> String,
                                       in table: RouteTable) -> Bool {
        let target = action.present ?? action.push.last
        guard let target, let screen = table.screen(named: target.screen) else {
            decoder.report(Diagnostic(.error, "unused-params",
                                      "\(what()) shows no screen, so its 'params' have nowhere to go; remove them or add 'push' or 'present'",
                                      at: node.range))
            return false
        }
        guard let params = decodeParams(node, for: screen, step: target.range) else { return false }
        // One value per param: the item's and the rule's `params` would otherwise both be
        // computed, one deciding whether the rule matches and the other what the screen gets.
        // (A screen declares a few params, and most items give none: the lists are searched.)
        let twice = params.filter { param in target.params.contains { $0.name.hasSameScalars(as: param.name) } }
        for param in twice {
            decoder.report(ModelMessages.paramGivenTwice(
                param.name, screen: target.screen, what(), at: param.expression.range ?? node.range))
        }
        guard twice.isEmpty else { return false }
        let merged = target.params.isEmpty ? params : Self.sortedByName(target.params + params)
        if action.present != nil {
            action.present?.params = merged
        } else {
            action.push[action.push.count - 1].params = merged
        }
        return true
    }

    private mutating func checkParamsSupplied(_ action: Action, in table: RouteTable) {
        // The rule's `params` go to its last screen; another takes its own in its item.
        action.forEachStep { step, isLast in checkParamsSupplied(of: step, inBackStack: !isLast, in: table) }
    }

    private mutating func checkParamsSupplied(of step: borrowing ScreenStep, inBackStack: Bool,
                                              in table: RouteTable) {
        // The declared params alone: copying the whole screen for each step showed in loads.
        guard let declared = table.params(ofScreen: step.screen) else { return }
        for param in declared where !step.params.contains(where: { $0.name.hasSameScalars(as: param.name) })
            && !paramsMeantByMisspellings.contains(Self.paramKey(param.name, of: step.screen, at: step.range))
        {
            decoder.report(ModelMessages.missingParam(param.name, screen: step.screen, inBackStack: inBackStack,
                                                      at: step.range ?? .wholeFile("")))
        }
    }

    private mutating func decodeLogin(_ node: Node, what: @autoclosure () -> String) -> LoginRule? {
        if case .mapping = node.content {
            guard let fields = decoder.mapping(node, "'login'", allowed: ["user"]) else {
                return nil
            }
            guard let user = fields["user"] else {
                if !fields.isMisspelled("user") {
                    decoder.report(ModelMessages.missingKey("user", in: "'login'", at: node.range))
                }
                return nil
            }
            return decoder.expression(user, "'login.user'").map(LoginRule.user)
        }
        let words = ["required", "none"]
        // `login: true` means what `required` says, and `false` what `none` says.
        if case .bool(let flag)? = node.resolvedScalar {
            decoder.report(ModelMessages.loginAsBoolean(flag, expected: words + ["{user: <expression>}"],
                                                        at: node.range))
            return nil
        }
        guard let word = decoder.name(node, "'login' of \(what())", oneOfWords: true) else { return nil }
        guard words.contains(word) else {
            decoder.report(ModelMessages.invalidLogin(word, written: node, expected: words + ["{user: <expression>}"]))
            return nil
        }
        return word == "required" ? .required : LoginRule.none
    }
}
