import RouteKit

/// Random events for any checked table: notifications whose payloads are steered to each rule
/// (from the literals its predicate tests and the fields its route reads) or drawn from the
/// declared fields, their literals and junk; users, app states, answers, logouts, launches with
/// payloads, and `ui_state` snapshots over the table's tabs and screens.
struct TableEventSource: Sendable {
    /// A constraint a rule's predicate puts on a field: one of these values, or just present.
    enum Choice: Sendable {
        case values([JSONValue])
        case present
    }

    typealias Assignment = [(path: String, choice: Choice)]

    let table: RouteTable
    let users = ["u1", "u2", "u3"]
    /// Declared fields with their types, in declaration order.
    let fields: [(path: String, type: FieldType)]
    /// Per rule (fallback last): alternative sets of constraints that make it match.
    let targets: [[Assignment]]
    /// Per rule (fallback last): the fields its params and login user read.
    let routeFields: [[String]]
    /// Literal values the table compares each field with.
    let literals: [String: [JSONValue]]
    let stringLiterals: [String]
    let intLiterals: [Int64]

    init(program: RoutingProgram) {
        table = program.table
        fields = program.table.payloadFields.map { ($0.path, $0.type) }
        var targets: [[Assignment]] = []
        var routeFields: [[String]] = []
        for rule in program.rules {
            targets.append(Self.alternatives(rule.when.expr))
            routeFields.append(Self.fields(of: rule.route))
        }
        if let fallback = program.fallback {
            targets.append([[]])
            routeFields.append(Self.fields(of: fallback))
        }
        self.targets = targets
        self.routeFields = routeFields
        var literals: [String: [JSONValue]] = [:]
        for assignment in targets.joined() {
            for (path, choice) in assignment {
                if case .values(let values) = choice { literals[path, default: []] += values }
            }
        }
        self.literals = literals
        let all = literals.values.joined()
        stringLiterals = all.compactMap { if case .string(let text) = $0 { text } else { nil } }
        intLiterals = all.compactMap { if case .int(let number) = $0 { number } else { nil } }
    }

    // MARK: Events

    func randomEvent(_ random: inout SplitMix64) -> NavigatorEvent {
        switch random.below(100) {
        case 0..<45:
            return .notification(payload(&random), random.pick(NavigatorEvent.AppState.allCases))
        case 45..<55: return .uiState(ui(&random))
        case 55..<62: return .alertConfirmed
        case 62..<66: return .alertCancelled
        case 66..<74: return .loginSucceeded(user: random.pick(users))
        case 74..<78: return .loginCancelled
        case 78..<83: return .logout
        case 83..<86:
            // Typed: JSONValue is ExpressibleByNilLiteral, so an untyped nil here is `.null`.
            let payload: JSONValue? = random.chance(50) ? nil : payload(&random)
            return .launch(payload: payload, user: random.pick([nil] + users))
        default: return .ready
        }
    }

    /// A payload: most steered to one rule, the rest random fields; a few junk.
    func payload(_ random: inout SplitMix64) -> JSONValue {
        var values: [String: JSONValue] = [:]
        if !targets.isEmpty, random.chance(60) {
            let rule = random.below(targets.count)
            for (path, choice) in random.pick(targets[rule]) {
                switch choice {
                case .values(let options): values[path] = otherForm(random.pick(options), &random)
                case .present: values[path] = sample(type(of: path), path, &random)
                }
            }
            for path in routeFields[rule] where !values.keys.contains(path) && random.chance(85) {
                values[path] = sample(type(of: path), path, &random)
            }
        }
        for (path, type) in fields where !values.keys.contains(path) && random.chance(25) {
            values[path] = switch random.below(10) {
            case 0..<5: literals[path].map { random.pick($0) } ?? sample(type, path, &random)
            case 5..<8: sample(type, path, &random)
            default: junk(&random)
            }
        }
        if random.chance(5) { values["unknown"] = junk(&random) }
        if random.chance(3) { return random.pick([[:], ["aps": "x"], .null, [1, 2]]) }
        var payload: JSONValue = [:]
        for (path, value) in values.sorted(by: { $0.key < $1.key }) {
            set(&payload, path.split(separator: ".").map(String.init)[...], value)
        }
        return payload
    }

    /// A value of `type` for `path`; user ids for strings often, so `{user: uid}` routes match.
    func sample(_ type: FieldType, _ path: String, _ random: inout SplitMix64) -> JSONValue {
        switch type {
        case .int:
            return .int(random.pick([1, 2, 3, 42] + intLiterals))
        case .double:
            return random.pick([1.5, 2.0, 3])
        case .string:
            if random.chance(50) { return .string(random.pick(users)) }
            return .string(random.pick(["x", "3", "About"] + stringLiterals))
        case .bool:
            return .bool(random.chance(50))
        case .any:
            return random.pick(["Hello", ["body": "Hi there", "title": "T"], 3, ["title": "T"]])
        case .list(let element):
            return .array([sample(element, path, &random)])
        }
    }

    /// A literal as the table spells it, or sometimes in the other form backends send (an int
    /// as text, integer text as a number) or a near miss.
    private func otherForm(_ value: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        guard random.chance(30) else { return value }
        switch value {
        case .int(let number):
            return random.pick([.string(String(number)), .double(Double(number)), .int(number + 1)])
        case .string(let text):
            if let number = Int64(text), random.chance(70) { return .int(number) }
            return .string(text + "x")
        case .bool(let flag):
            return random.pick([.string(String(flag)), .bool(!flag)])
        default:
            return value
        }
    }

    private func junk(_ random: inout SplitMix64) -> JSONValue {
        random.pick([.null, "abc", 3.5, true, [1], ["a": 1], "", -1, "007", 1e20, " 3", "+3"])
    }

    private func type(of path: String) -> FieldType {
        fields.first { $0.path == path }?.type ?? .any
    }

    private func set(_ value: inout JSONValue, _ path: ArraySlice<String>, _ member: JSONValue) {
        guard let first = path.first else { return }
        guard case .object(var members) = value else { return }
        if path.count == 1 {
            members[first] = member
        } else {
            var child = members[first] ?? [:]
            if case .object = child {} else { child = [:] }
            set(&child, path.dropFirst(), member)
            members[first] = child
        }
        value = .object(members)
    }

    // MARK: UI snapshots

    /// A snapshot over the table's tabs and screens, with params the routes also produce (so a
    /// route finds its screen on top and reloads) in the forms an app may report them.
    func ui(_ random: inout SplitMix64) -> UISnapshot {
        let pushed = table.screens.filter { $0.show == .push }
        let presented = table.screens.filter { $0.show == .present && $0.name != table.loginScreen }
        var stacks: [String: [ScreenInstance]] = [:]
        for tab in table.tabs {
            let own = pushed.filter { $0.tab == tab || $0.tab == nil }
            stacks[tab] = (0..<random.below(3)).map { _ in
                if !own.isEmpty, random.chance(80) { return instance(random.pick(own), &random) }
                if random.chance(20) { return ScreenInstance(screen: "elsewhere") }
                return instance(random.pick(table.screens), &random)
            }
        }
        let modals = (0..<random.below(3)).map { _ in
            if !presented.isEmpty, random.chance(85) {
                return instance(random.pick(presented), &random)
            }
            return instance(random.pick(table.screens), &random)
        }
        return UISnapshot(selectedTab: random.pick(table.tabs), stacks: stacks, modals: modals)
    }

    private func instance(_ screen: Screen, _ random: inout SplitMix64) -> ScreenInstance {
        var params: [String: JSONValue] = [:]
        for param in screen.params where random.chance(95) {
            params[param.name] = switch param.type {
            case .int:
                random.pick([.int(1), .int(2), "2", 3.0, .int(42)] + intLiterals.map(JSONValue.int))
            case .string:
                random.chance(70) ? .string(random.pick(users)) : random.pick(["x", 7, "About"])
            default:
                sample(param.type, param.name, &random)
            }
        }
        return ScreenInstance(screen: screen.name, params: params)
    }

    // MARK: Reading the table

    /// Constraints under which `expr` holds, for `==`, `in`, ranges and `has` joined by `&&`
    /// and `||`; anything else constrains nothing (the payload is then left to chance).
    static func alternatives(_ expr: Expr) -> [Assignment] {
        switch expr.kind {
        case .binary(.and, let left, let right):
            let product = alternatives(left).flatMap { a in alternatives(right).map { a + $0 } }
            return Array(product.prefix(8))
        case .binary(.or, let left, let right):
            return alternatives(left) + alternatives(right)
        case .binary(.equal, let left, let right):
            if let path = path(left), let value = literal(right) {
                return [[(path, .values([value]))]]
            }
            if let path = path(right), let value = literal(left) {
                return [[(path, .values([value]))]]
            }
        case .binary(.in, let left, let right):
            if let path = path(left), case .list(let items) = right.kind {
                let values = items.compactMap(literal)
                if !values.isEmpty { return [[(path, .values(values))]] }
            }
        case .binary(let op, let left, let right)
        where [.less, .lessOrEqual, .greater, .greaterOrEqual, .notEqual].contains(op):
            guard let path = path(left) else { break }
            guard case .int(let bound) = literal(right) else { return [[(path, .present)]] }
            let value: Int64 = switch op {
            case .less: bound - 1
            case .greater, .notEqual: bound + 1
            default: bound
            }
            return [[(path, .values([.int(value)]))]]
        case .presence(let operand):
            if let path = path(operand) { return [[(path, .present)]] }
        default:
            break
        }
        return [[]]
    }

    /// The fields a route's params and login user read.
    static func fields(of route: CheckedRoute) -> [String] {
        let steps = route.push + (route.present.map { [$0] } ?? [])
        let expressions = steps.flatMap { $0.params.map(\.expression) }
            + (route.loginUser.map { [$0] } ?? [])
        return Array(Set(expressions.flatMap(\.fields))).sorted()
    }

    private static func path(_ expr: Expr) -> String? {
        switch expr.kind {
        case .identifier(let name): return name
        case .select(let operand, let field): return path(operand).map { "\($0).\(field)" }
        case .index(let operand, let key):
            guard case .literal(.string(let name)) = key.kind else { return nil }
            return path(operand).map { "\($0).\(name)" }
        default: return nil
        }
    }

    private static func literal(_ expr: Expr) -> JSONValue? {
        guard case .literal(let literal) = expr.kind else { return nil }
        return switch literal {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        }
    }
}
