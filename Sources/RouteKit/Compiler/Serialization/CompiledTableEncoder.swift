/// Turns a checked table into the JSON value of the compiled format. A member that holds its
/// default (`null`, `false`, an empty list or object, login `"none"`) is left out, as the
/// decoder's `CompiledKeys` declare: most routes set only a few of their members, and writing the
/// rest made a 10,000-rule table's file 6.4 MB instead of 3.5 MB, and slower to load.
enum CompiledTableEncoder {
    private typealias Keys = CompiledTableDecoder
    /// `sourceRoot`: see `CompiledTableFormat.encode(_:sourceRoot:)`.
    static func document(_ table: RouteTable, sourceRoot: String? = nil) -> JSONValue {
        Keys.documentKeys.omittingDefaults([
            "format": .string(CompiledTableFormat.formatName),
            "format_version": .int(Int64(CompiledTableFormat.currentVersion)),
            "version": .int(Int64(table.version)),
            "tabs": .array(table.tabs.map(JSONValue.string)),
            "login_screen": optional(table.loginScreen),
            "screens": .array(table.screens.map(screen)),
            "payload": .object(JSONObject(
                table.payloadFields.map { ($0.path, .string($0.type.description)) },
                uniquingKeysWith: { first, _ in first })),
            "defaults": defaults(table.defaults),
            "rules": .array(table.rules.enumerated().map { rule($1, index: $0, sourceRoot: sourceRoot) }),
            "fallback": table.fallback.map(route) ?? .null,
        ])
    }

    static func screen(_ screen: Screen) -> JSONValue {
        Keys.screenKeys.omittingDefaults([
            "name": .string(screen.name),
            "show": .string(screen.show.rawValue),
            "tab": optional(screen.tab),
            "params": .object(JSONObject(
                screen.params.map { ($0.name, .string($0.type.description)) },
                uniquingKeysWith: { first, _ in first })),
            "hides_bottom_bar": .bool(screen.hidesBottomBar),
            "embed_in_navigation": .bool(screen.embedInNavigation),
            "login_required": .bool(screen.loginRequired),
        ])
    }

    static func defaults(_ defaults: Defaults) -> JSONValue {
        .object([
            "foreground": .string(defaults.foreground.rawValue),
            "if_visible": .string(defaults.ifVisible.rawValue),
            "clear_badge": .bool(defaults.clearBadge),
            "alert": .object([
                "title": .string(defaults.alert.title),
                "message": .string(defaults.alert.message),
                "confirm": .string(defaults.alert.confirm),
                "cancel": .string(defaults.alert.cancel),
            ]),
        ])
    }

    static func rule(_ rule: Rule, index: Int, sourceRoot: String? = nil) -> JSONValue {
        Keys.ruleKeys.omittingDefaults([
            "name": .string(rule.name),
            "index": .int(Int64(index)),
            "when": .string(rule.when.text),
            "source": rule.range.map { source($0, root: sourceRoot) } ?? .null,
            "route": route(rule.route),
        ])
    }

    /// Where the rule was written: the start of its `- name:` item, in a file named relative
    /// to `root` when it is under it.
    static func source(_ range: SourceRange, root: String? = nil) -> JSONValue {
        .object([
            "file": .string(root.map { relativeName(of: range.file, under: $0) } ?? range.file),
            "line": .int(Int64(range.start.line)),
            "column": .int(Int64(range.start.column)),
        ])
    }

    /// `file` relative to the table at `root`: its path under the directory `root`, or its own
    /// name when it is the single-file table `root`; other paths unchanged.
    static func relativeName(of file: String, under root: String) -> String {
        let directory = root.hasSuffix("/") ? String(root.dropLast()) : root
        if file == directory { return String(file.split(separator: "/").last ?? Substring(file)) }
        guard file.hasPrefix(directory + "/") else { return file }
        return String(file.dropFirst(directory.count + 1))
    }

    static func route(_ route: Route) -> JSONValue {
        Keys.routeKeys.omittingDefaults([
            "tab": optional(route.action.tab),
            "pop_to_root": .bool(route.action.popToRoot),
            "push": .array(route.action.push.map(step)),
            "present": route.action.present.map(step) ?? .null,
            "login": login(route.login),
            "foreground": optional(route.foreground?.rawValue),
            "if_visible": optional(route.ifVisible?.rawValue),
            "alert": Keys.routeAlertKeys.omittingDefaults([
                "title": optional(route.alert.title),
                "message": optional(route.alert.message),
                "confirm": optional(route.alert.confirm),
                "cancel": optional(route.alert.cancel),
            ]),
        ])
    }

    static func step(_ step: ScreenStep) -> JSONValue {
        Keys.stepKeys.omittingDefaults([
            "screen": .string(step.screen),
            "params": .object(JSONObject(
                step.params.map { ($0.name, .string($0.expression.text)) },
                uniquingKeysWith: { first, _ in first })),
        ])
    }

    static func login(_ login: LoginRule) -> JSONValue {
        switch login {
        case .none: "none"
        case .required: "required"
        case .user(let source): .object(["user": .string(source.text)])
        }
    }

    private static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
