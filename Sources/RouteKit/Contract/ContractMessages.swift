/// The codes and messages of app contracts: reading a contract file, and a table's mismatches
/// with one (`docs/diagnostics.md`, "App contracts"). Alphabetised.
enum ContractMessages {
    // MARK: Codes

    /// A screen the table shows is not in the contract.
    static let screenCode: DiagnosticCode = "contract-screen"
    /// A screen is shown in a way the app does not show it.
    static let showCode: DiagnosticCode = "contract-show"
    /// A param the table declares is not the app's, has another type, or one is missing.
    static let paramCode: DiagnosticCode = "contract-param"
    /// The table's login screen is not the app's.
    static let loginScreenCode: DiagnosticCode = "contract-login-screen"
    /// A tab is not the app's, or not at the app's index.
    static let tabCode: DiagnosticCode = "contract-tab"

    // MARK: Mismatches

    static func loginScreenDiffers(_ name: String, appHas: String?) -> String {
        guard let appHas else {
            return "login screen '\(name)' is not in the app contract, which has no login screen"
        }
        return "login screen '\(name)' is not the app contract's login screen '\(appHas)'"
    }

    /// A refused table's message: how many mismatches, and the first few.
    static func notSatisfied(_ mismatches: [ContractMismatch]) -> String {
        let shown = 3
        let count = mismatches.count == 1 ? "1 mismatch" : "\(mismatches.count) mismatches"
        let more = mismatches.count > shown ? "; and \(mismatches.count - shown) more" : ""
        return "the table does not satisfy the app contract (\(count)): "
            + mismatches.prefix(shown).map(\.message).joined(separator: "; ") + more
    }

    static func paramMissing(_ param: ScreenParam, screen: String) -> String {
        "screen '\(screen)' does not declare param '\(param.name)' (\(param.type)), which the app's screen takes"
    }

    static func paramTypeDiffers(_ param: String, screen: String, declared: FieldType, app: FieldType) -> String {
        "param '\(param)' of screen '\(screen)' is declared \(declared) here, but the app's screen takes \(app)"
    }

    static func paramUnknown(_ param: String, screen: String, appParams: [ScreenParam], hint: String?) -> String {
        let takes = appParams.isEmpty
            ? "takes no params" : "takes " + appParams.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return "param '\(param)' of screen '\(screen)' is not in the app contract; the app's screen \(takes)"
            + (hint.map { " (is '\(param)' or the contract's '\($0)' misspelled?)" } ?? "")
    }

    static func screenUnknown(_ name: String, hint: String?) -> String {
        "screen '\(name)' is not in the app contract; "
            + (hint.map { "it has '\($0)': is one of them misspelled?" } ?? "this app version cannot show it")
    }

    static func shownDifferently(_ name: String, as show: Screen.Presentation, app: [Screen.Presentation]) -> String {
        "screen '\(name)' is shown with \(show.rawValue) here, but the app shows it only with "
            + app.map(\.rawValue).joined(separator: " or ")
    }

    static func tabMisplaced(_ name: String, index: Int, appIndex: Int, appTabs: [String]) -> String {
        "tab '\(name)' is at index \(index) here but \(appIndex) in the app contract; "
            + "list the tabs in the app's order: \(appTabs.joined(separator: ", "))"
    }

    static func tabUnknown(_ name: String, appTabs: [String], hint: String?) -> String {
        "tab '\(name)' is not in the app contract; the app's tabs are \(appTabs.joined(separator: ", "))"
            + (hint.map { " (is '\(name)' or the contract's '\($0)' misspelled?)" } ?? "")
    }

    // MARK: Contract files

    static func duplicate(_ what: String) -> String { "\(what) is listed twice" }

    static func emptyName(_ what: String) -> String { "expected a non-empty \(what) name" }

    static let noTabs = "expected at least one tab"

    static let noWayToShow = "expected at least one way to show the screen: 'push', 'present'"

    static func notJSON(_ error: JSONReadError) -> String {
        "invalid JSON: \(error.message)"
    }

    static func unknownKey(_ key: String, hint: String?) -> String {
        "unknown key '\(key)'" + (hint.map { "; did you mean '\($0)'?" } ?? "")
    }

    static func unknownType(_ spelling: String) -> String {
        "unknown type '\(spelling)'; expected int, double, string, bool, any or a list such as [int]"
    }

    static func unsupportedVersion(_ version: Int64) -> String {
        version > AppContract.currentVersion
            ? "app contract version \(version) is newer than this RouteKit (reads \(AppContract.currentVersion))"
            : "unsupported app contract version \(version) (expected \(AppContract.currentVersion))"
    }
}
