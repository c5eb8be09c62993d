extension AppContract {
    /// Everything `table` uses that this contract lacks or has otherwise, in table order: tabs
    /// first, then the login screen, then each screen the rules and the fallback show, in the
    /// order they are first shown (empty when the table satisfies the contract).
    ///
    /// A table satisfies a contract when every tab it declares is the contract's tab at the same
    /// index (the app's tab bar order: the navigator selects tabs by index), its `login_screen`,
    /// when it has one, is the contract's, and every screen it shows exists in the contract with
    /// that way of showing and exactly the params it declares, of the same types. Names are
    /// compared code point by code point. Screens declared but never shown are not checked: the
    /// table never asks the app to show them.
    ///
    /// ```swift
    /// for mismatch in contract.mismatches(in: program.table) { print(mismatch) }
    /// // screen 'notice' is not in the app contract; this app version cannot show it [contract-screen]
    /// ```
    public func mismatches(in table: RouteTable) -> [ContractMismatch] {
        var budget = Suggestion.Budget()
        var found = tabMismatches(in: table, budget: &budget)
        if let login = table.loginScreen, loginScreen.map({ $0.hasSameScalars(as: login) }) != true {
            found.append(ContractMismatch(
                code: ContractMessages.loginScreenCode,
                message: ContractMessages.loginScreenDiffers(login, appHas: loginScreen),
                path: "login_screen", range: table.loginScreenRange))
        }
        for use in Self.shownScreens(of: table) {
            found += screenMismatches(use, in: table, budget: &budget)
        }
        return found
    }

    private func tabMismatches(in table: RouteTable, budget: inout Suggestion.Budget) -> [ContractMismatch] {
        var appIndexes: [CodePointKey: Int] = [:]
        for (index, tab) in tabs.enumerated() where appIndexes[CodePointKey(tab)] == nil {
            appIndexes[CodePointKey(tab)] = index
        }
        var found: [ContractMismatch] = []
        for (index, tab) in table.tabs.enumerated() {
            let appIndex = appIndexes[CodePointKey(tab)]
            guard appIndex != index else { continue }
            let message = appIndex.map {
                ContractMessages.tabMisplaced(tab, index: index, appIndex: $0, appTabs: tabs)
            } ?? ContractMessages.tabUnknown(tab, appTabs: tabs,
                                             hint: Suggestion.closest(to: tab, in: tabs, budget: &budget))
            found.append(ContractMismatch(
                code: ContractMessages.tabCode, message: message, path: "tabs[\(index)]",
                range: index < table.tabRanges.count ? table.tabRanges[index] : nil))
        }
        return found
    }

    /// A screen the table shows: where it is declared, where it is first shown, and how many
    /// rules (or the fallback) show it.
    private struct ShownScreen {
        var position: Int
        var firstShown: SourceRange?
        var uses: Int
    }

    /// The screens the rules and the fallback show, in the order they are first shown.
    private static func shownScreens(of table: RouteTable) -> [ShownScreen] {
        var shown: [ShownScreen] = []
        var index: [Int: Int] = [:]  // screen position → place in `shown`
        func visit(_ action: Action) {
            var seenHere: Set<Int> = []
            action.forEachStep { step, _ in
                guard let position = table.screenPosition(named: step.screen),
                    seenHere.insert(position).inserted
                else { return }
                if let place = index[position] {
                    shown[place].uses += 1
                } else {
                    index[position] = shown.count
                    shown.append(ShownScreen(position: position, firstShown: step.range, uses: 1))
                }
            }
        }
        for rule in table.rules { visit(rule.route.action) }
        if let fallback = table.fallback { visit(fallback.action) }
        return shown
    }

    private func screenMismatches(_ use: ShownScreen, in table: RouteTable, budget: inout Suggestion.Budget)
        -> [ContractMismatch]
    {
        let screen = table.screens[use.position]
        let path = "screens[\(use.position)]"
        guard let app = self.screen(named: screen.name) else {
            var notes: [DiagnosticNote] = []
            if let declared = screen.range, use.firstShown != nil { notes.append(DiagnosticNote("declared here", at: declared)) }
            if use.uses > 1 { notes.append(DiagnosticNote("\(use.uses - 1) more rules show it")) }
            let hint = Suggestion.closest(to: screen.name, in: screens.lazy.map(\.name), budget: &budget)
            return [ContractMismatch(
                code: ContractMessages.screenCode, message: ContractMessages.screenUnknown(screen.name, hint: hint),
                path: path, range: use.firstShown ?? screen.range, notes: notes)]
        }
        var found: [ContractMismatch] = []
        if !app.show.contains(screen.show) {
            found.append(ContractMismatch(
                code: ContractMessages.showCode,
                message: ContractMessages.shownDifferently(screen.name, as: screen.show, app: app.show),
                path: path + ".show", range: screen.showRange ?? screen.range))
        }
        let paramsPath = path + ".params"
        // By code points, as names are compared; sets, since a hostile table may declare many.
        let appParams = Dictionary(app.params.map { (CodePointKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        let declared = Set(screen.params.map { CodePointKey($0.name) })
        for param in screen.params {
            let paramPath = CompiledJSONNode.memberPath(param.name, in: paramsPath)
            guard let appParam = appParams[CodePointKey(param.name)] else {
                let hint = Suggestion.closest(to: param.name, in: app.params.lazy.map(\.name), budget: &budget)
                found.append(ContractMismatch(
                    code: ContractMessages.paramCode,
                    message: ContractMessages.paramUnknown(param.name, screen: screen.name, appParams: app.params,
                                                           hint: hint),
                    path: paramPath, range: param.range ?? screen.range))
                continue
            }
            if appParam.type != param.type {
                found.append(ContractMismatch(
                    code: ContractMessages.paramCode,
                    message: ContractMessages.paramTypeDiffers(param.name, screen: screen.name, declared: param.type,
                                                               app: appParam.type),
                    path: paramPath, range: param.range ?? screen.range))
            }
        }
        for appParam in app.params where !declared.contains(CodePointKey(appParam.name)) {
            found.append(ContractMismatch(
                code: ContractMessages.paramCode,
                message: ContractMessages.paramMissing(appParam, screen: screen.name),
                path: screen.params.isEmpty ? path : paramsPath, range: screen.range))
        }
        return found
    }
}
