import RouteKit

/// Builds random but well-typed route tables for the differential test of `CompiledTable`:
/// equality/`in`-heavy rules (so the index is exercised), rules whose key tests sit under `||`,
/// `!` or `? :` (not indexable), arbitrary predicates over every operator, params and login users
/// that can fail at run time, and a fallback that is present or not.
///
/// ```swift
/// var generator = CompiledTableGenerator(seed: 7)
/// let table = generator.table()
/// ```
struct CompiledTableGenerator {
    var random: CompiledTableRandom

    init(seed: UInt64) { random = CompiledTableRandom(seed: seed) }

    static let fields: [PayloadField] = [
        PayloadField(path: "type", type: .int), PayloadField(path: "kind", type: .int),
        PayloadField(path: "id", type: .int), PayloadField(path: "target", type: .string),
        PayloadField(path: "uid", type: .string), PayloadField(path: "score", type: .double),
        PayloadField(path: "flag", type: .bool), PayloadField(path: "aps.badge", type: .int),
        PayloadField(path: "aps.alert", type: .any), PayloadField(path: "data.cat", type: .string),
        PayloadField(path: "tags", type: .list(.string)), PayloadField(path: "extra", type: .any),
        // A field under a declared scalar: normalization removes or converts `meta` first, so
        // `meta.level` is never there.
        PayloadField(path: "meta", type: .string), PayloadField(path: "meta.level", type: .int),
    ]

    /// Declared scalar fields as predicates name them; `type` twice so one field dominates.
    static let scalarFields: [(String, FieldType)] = [
        ("type", .int), ("type", .int), ("kind", .int), ("target", .string), ("uid", .string),
        ("score", .double), ("flag", .bool), ("aps.badge", .int), (#"aps["badge"]"#, .int),
        ("data.cat", .string), ("meta.level", .int), ("meta", .string),
    ]

    static let screens: [Screen] = [
        Screen(name: "detail", show: .push, tab: "home", params: [ScreenParam(name: "id", type: .int)]),
        Screen(name: "profile", show: .push, tab: "me", params: [ScreenParam(name: "name", type: .string)],
               loginRequired: true),
        Screen(name: "chart", show: .present,
               params: [ScreenParam(name: "ratio", type: .double), ScreenParam(name: "raw", type: .any)]),
        Screen(name: "plain", show: .push),
    ]

    mutating func table() -> RouteTable {
        let count = random.chance(0.03) ? 16 + random.below(24) : 1 + random.below(8)
        let rules = (0..<count).map { Rule(name: "r\($0)", when: ExpressionSource(when()), route: route()) }
        let defaults = Defaults(
            foreground: random.pick(ForegroundPolicy.allCases), ifVisible: random.pick(IfVisiblePolicy.allCases),
            clearBadge: random.chance(0.5),
            alert: AlertTemplate(title: random.pick(["", "T{type}", "{data}", "{meta.level}"]),
                                 message: random.pick(["{aps.alert}", "{target}!", "{aps}", "a{id}b{", "{oops"])))
        return RouteTable(
            tabs: ["home", "me"], loginScreen: "login", screens: Self.screens, payloadFields: Self.fields,
            defaults: defaults, rules: rules, fallback: random.chance(0.5) ? route() : nil)
    }

    mutating func when() -> String {
        switch random.below(20) {
        case 0..<10:
            var conjuncts = [keyAtom()]
            for _ in 0..<random.below(3) { conjuncts.append(random.chance(0.5) ? keyAtom() : bool(1)) }
            // Not always first: the key may sit anywhere in the conjunction.
            if conjuncts.count > 1 { conjuncts.swapAt(0, random.below(conjuncts.count)) }
            return conjuncts.joined(separator: " && ")
        case 10..<13:
            switch random.below(4) {
            case 0: return "\(keyAtom()) || \(keyAtom())"
            case 1: return "!(\(keyAtom()))"
            case 2: return "(flag ? \(keyAtom()) : \(keyAtom()))"
            default: return "(\(keyAtom()) || \(bool(1))) && \(bool(0))"
            }
        default:
            return bool(1 + random.below(2))
        }
    }

    mutating func route() -> Route {
        var action = Action()
        switch random.below(6) {
        case 0:
            action.tab = random.pick(["home", "me"])
        case 1:
            action.tab = random.chance(0.5) ? "home" : nil
            action.popToRoot = random.chance(0.5)
            action.push = [step("detail")]
        case 2:
            action.push = [ScreenStep(screen: "plain"), step("detail")]
        case 3:
            action.present = step("chart")
        case 4:
            action.push = [step("profile")]
        default:
            action.push = [ScreenStep(screen: "plain")]
        }
        var alert = AlertOverride()
        if random.chance(0.3) { alert.title = random.pick(["{uid}", "Hi {data.cat}", "{extra}"]) }
        if random.chance(0.2) { alert.message = random.pick(["{aps.alert}", "{score}", "{tags}"]) }
        return Route(
            action: action, login: login(),
            foreground: random.chance(0.3) ? random.pick(ForegroundPolicy.allCases) : nil,
            ifVisible: random.chance(0.3) ? random.pick(IfVisiblePolicy.allCases) : nil, alert: alert)
    }

    private mutating func login() -> LoginRule {
        switch random.below(6) {
        case 0: return .required
        case 1, 2:
            let user = random.pick(["uid", "target", "string(id)", "extra", "ghost", #""root""#, "data.cat"])
            return .user(ExpressionSource(user))
        default: return .none
        }
    }

    /// A screen with its params bound to expressions that may fail at run time (missing field,
    /// `int("abc")`, division by zero, a value of the wrong kind for the param).
    private mutating func step(_ screen: String) -> ScreenStep {
        let options: [String: [String]] = [
            "id": ["id", "type", "int(target)", "id + 1", "7", "aps.badge", "ghost", "id / kind"],
            "name": ["uid", "target", "string(id)", #""x""#, "extra", "data.cat"],
            "ratio": ["score", "double(type)", "type", "(0.0 / 0.0)", "2.5"],
            "raw": ["extra", "tags", "aps", "ghost", "null"],
        ]
        let params = (Self.screens.first { $0.name == screen }?.params ?? []).compactMap { param in
            random.chance(0.9)
                ? ParamBinding(name: param.name, expression: ExpressionSource(random.pick(options[param.name] ?? ["1"])))
                : nil
        }
        return ScreenStep(screen: screen, params: params)
    }
}
