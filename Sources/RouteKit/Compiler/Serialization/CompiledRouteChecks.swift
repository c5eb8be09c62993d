/// What a compiled table's routes are checked for against the table's declarations, each check a
/// message or nil when the route passes it.
///
/// Both readers of a compiled table use them: `CompiledTableDecoder` reports a message at the JSON
/// path of the value that fails, and `CompiledDocumentReader` declines the document, leaving the
/// report to the decoder. One declaration of each check keeps the two from accepting different
/// tables.
///
/// ```swift
/// table.compiledTabProblem("hom")                       // "unknown tab 'hom'"
/// table.compiledStepScreen("notice", as: .push)         // .failure: shown with 'present'
/// ```
extension RouteTable {
    /// Why `tab` cannot be a route's tab, or nil.
    func compiledTabProblem(_ tab: String) -> String? {
        tabIndex(of: tab) == nil ? CompiledTableMessages.unknownName("tab", tab) : nil
    }

    /// The screen a step to `name` shows, when it is declared and shown with `presentation`.
    func compiledStepScreen(_ name: String, as presentation: Screen.Presentation)
        -> Result<Screen, CompiledRouteProblem>
    {
        guard let screen = screen(named: name) else {
            return .failure(CompiledRouteProblem(CompiledTableMessages.unknownName("screen", name)))
        }
        guard screen.show == presentation else {
            return .failure(CompiledRouteProblem(
                "screen '\(name)' is shown with '\(screen.show.rawValue)', not '\(presentation.rawValue)'"))
        }
        return .success(screen)
    }

    /// Why a step to `screen` cannot bind `param`, or nil.
    func compiledParamProblem(_ param: String, of screen: Screen) -> String? {
        screen.params.contains { $0.name.hasSameScalars(as: param) } ? nil : "screen '\(screen.name)' has no param '\(param)'"
    }

    /// Why `params` do not bind every param of `screen`, or nil.
    func compiledMissingParamProblem(_ params: [ParamBinding], of screen: Screen) -> String? {
        for param in screen.params where !params.contains(where: { $0.name.hasSameScalars(as: param.name) }) {
            return "missing param '\(param.name)' of screen '\(screen.name)'"
        }
        return nil
    }

    /// Why a route that shows `action` with `login` cannot be decided with this table, or nil: a
    /// route that needs a login needs a login screen.
    func compiledLoginProblem(_ action: Action, login: LoginRule) -> String? {
        let needsLogin = login != .none || anyRequiresLogin(of: action)
        return needsLogin && loginScreen == nil ? "the route needs a login, so a login_screen is needed" : nil
    }

    /// Whether `route` passes every check above: its tab, each step's screen, presentation and
    /// params, and its login.
    func compiledRoutePasses(_ route: Route) -> Bool {
        let action = route.action
        if let tab = action.tab, compiledTabProblem(tab) != nil { return false }
        func passes(_ step: ScreenStep, as presentation: Screen.Presentation) -> Bool {
            guard case .success(let screen) = compiledStepScreen(step.screen, as: presentation) else { return false }
            return step.params.allSatisfy { compiledParamProblem($0.name, of: screen) == nil }
                && compiledMissingParamProblem(step.params, of: screen) == nil
        }
        guard action.push.allSatisfy({ passes($0, as: .push) }) else { return false }
        if let present = action.present, !passes(present, as: .present) { return false }
        return compiledLoginProblem(action, login: route.login) == nil
    }
}

/// Why a route of a compiled table fails a check of `RouteTable`'s declarations.
struct CompiledRouteProblem: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
