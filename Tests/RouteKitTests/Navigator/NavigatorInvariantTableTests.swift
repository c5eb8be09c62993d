import RouteKit
import RouteKitYAML
import Testing

/// The navigator invariants (`InvariantHarness`) over real tables decided by `CompiledTable`:
/// the example app's table in `routes/`, and seeded generated tables (`InvariantTables`).
/// Payloads are steered to every rule of the table, and each seed checks that every rule (and
/// the fallback, or an unmatched payload) was reached.
///
/// 10 seeds × 10,000 events over `routes/`, 25 generated tables × 4,000 events; set
/// `ROUTEKIT_NAV_EVENTS` for more events per seed.
@Suite struct NavigatorInvariantTableTests {
    /// `routes/` at the repository root, three levels above this file's directory.
    static let routesPath: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return (components + ["routes"]).joined(separator: "/")
    }()

    /// The example table, loaded once for every seed; a description of why it did not load.
    static let example: Result<RoutingProgram, LoadFailure> = {
        do {
            let checked = try TableLoader.load(path: routesPath)
            guard let program = checked.program else {
                let errors = checked.diagnostics.filter { $0.severity == .error }
                return .failure(LoadFailure(description: "\(routesPath): \(errors)"))
            }
            return .success(program)
        } catch {
            return .failure(LoadFailure(description: "\(error)"))
        }
    }()

    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    @Test(arguments: Array(UInt64(0)..<10))
    func invariantsHoldOverTheExampleTable(seed: UInt64) throws {
        let program = try Self.example.get()
        let user: String? = [nil, "u1", "u2"][Int(seed % 3)]
        check(program, seed: seed, user: user, events: 10_000,
              label: "routes/ (\(Self.routesPath))")
    }

    @Test(arguments: Array(UInt64(0)..<25))
    func invariantsHoldOverGeneratedTables(seed: UInt64) throws {
        let table = InvariantTables.generate(seed: seed)
        let yaml = InvariantTables.yaml(table)
        let checked = TableChecker.check(table, sources: [])
        let program = try #require(
            checked.program, "table \(seed) does not check: \(checked.diagnostics)\n\(yaml)")
        let user: String? = [nil, "u1", "u2", "u3"][Int(seed % 4)]
        check(program, seed: seed, user: user, events: 4_000,
              label: "generated table \(seed):\n\(yaml)\n")
    }

    /// Tables swapped in between events (`Navigator.replaceDecider`): the example table and
    /// three variants of it (other routes for the same rules, other policies and screen flags),
    /// about one swap in 40 events. 10 seeds × 10,000 events.
    @Test(arguments: Array(UInt64(0)..<10))
    func invariantsHoldWithTablesSwappedOverTheExampleTable(seed: UInt64) throws {
        let program = try Self.example.get()
        let user: String? = [nil, "u1", "u2"][Int(seed % 3)]
        try checkWithSwaps(program, seed: seed, user: user, events: 10_000, label: "routes/ with swaps")
    }

    /// The same over generated tables and their variants. 25 tables × 4,000 events.
    @Test(arguments: Array(UInt64(0)..<25))
    func invariantsHoldWithTablesSwappedOverGeneratedTables(seed: UInt64) throws {
        let table = InvariantTables.generate(seed: seed)
        let program = try #require(TableChecker.check(table, sources: []).program)
        let user: String? = [nil, "u1", "u2", "u3"][Int(seed % 4)]
        try checkWithSwaps(program, seed: seed, user: user, events: 4_000,
                           label: "generated table \(seed) with swaps:\n\(InvariantTables.yaml(table))\n")
    }

    /// The swap checks have teeth: a navigator that ignores a swap, and goes on deciding with
    /// the old table, is caught at the next notification the two tables decide differently.
    @Test func checksCatchANavigatorThatIgnoresASwap() throws {
        let program = try Self.example.get()
        let variant = try #require(TableChecker.check(InvariantTables.variant(of: program.table, seed: 1), sources: []).program)
        let old = CompiledTable(program)
        let new = CompiledTable(variant)
        let payload: JSONValue = ["type": "3", "id": 42]
        #expect(old.decide(payload).action != new.decide(payload).action)
        let harness = InvariantHarness(decider: old, alternates: [new], navigatorAlternates: [old])
        let events: [HarnessEvent] = [.swap(to: 1), .send(.notification(payload, .background))]
        let failure = try #require(harness.firstViolation(events, user: "u1"))
        #expect(failure.index == 1, "\(failure.message)")
        #expect(InvariantHarness(decider: old, alternates: [new]).firstViolation(events, user: "u1") == nil)
    }

    private func checkWithSwaps(_ program: RoutingProgram, seed: UInt64, user: String?, events: Int,
                                label: String) throws {
        let source = TableEventSource(program: program)
        var random = SplitMix64(seed: seed &+ 45)
        let count = InvariantHarness.eventsPerSeed(default: events)
        let sent = (0..<count).map { _ in source.randomEvent(&random) }
        var alternates: [any RouteDecider] = []
        for variantSeed in 1...3 {
            let variant = InvariantTables.variant(of: program.table, seed: seed &* 10 &+ UInt64(variantSeed))
            let checked = TableChecker.check(variant, sources: [])
            let program = try #require(checked.program, "variant \(variantSeed) does not check: \(checked.diagnostics)")
            alternates.append(CompiledTable(program))
        }
        let withSwaps = InvariantHarness.withSwaps(sent, among: 1 + alternates.count, every: 40, &random)
        let swaps = withSwaps.filter { if case .swap = $0 { true } else { false } }.count
        #expect(swaps > count / 80, "\(label): only \(swaps) swaps")
        InvariantHarness(decider: CompiledTable(program), alternates: alternates)
            .run(withSwaps, user: user, seed: seed, label: label)
    }

    /// The checks have teeth: a navigator deciding with a table that forgets who may see what
    /// (no `login: required` screens, routes without their login requirement, or `{user: …}`
    /// routes that only ask for some login) is caught within a few thousand events, and the
    /// failure shrinks to a handful of events.
    @Test(arguments: [LoginBlindDecider.Blindness.login, .user])
    func checksCatchANavigatorBlindToLogin(blindness: LoginBlindDecider.Blindness) throws {
        let program = try Self.example.get()
        let source = TableEventSource(program: program)
        var random = SplitMix64(seed: 1)
        let events = (0..<5_000).map { _ in source.randomEvent(&random) }
        let decider = CompiledTable(program)
        let harness = InvariantHarness(
            decider: decider,
            navigatorDecider: LoginBlindDecider(base: decider, blindness: blindness))
        let failure = try #require(harness.firstViolation(events, user: nil))
        let smallest = harness.shrink(events, failure, user: nil)
        #expect(smallest.events.count <= 6, "\(smallest.events)")
        let expected = blindness == .login ? "logged out" : "shown to"
        #expect(smallest.violation.message.contains(expected), "\(smallest.violation.message)")
    }

    private func check(_ program: RoutingProgram, seed: UInt64, user: String?, events: Int,
                       label: String) {
        let source = TableEventSource(program: program)
        var random = SplitMix64(seed: seed)
        let count = InvariantHarness.eventsPerSeed(default: events)
        let events = (0..<count).map { _ in source.randomEvent(&random) }
        let decider = CompiledTable(program)
        InvariantHarness(decider: decider).run(events, user: user, seed: seed, label: label)

        // The payloads reached every rule, and the fallback or no route at all.
        var reached = Set<Decision.Source>()
        for event in events {
            switch event {
            case .notification(let payload, _), .launch(.some(let payload), _):
                reached.insert(decider.decide(payload).source)
            default:
                break
            }
        }
        var expected = Set(program.rules.map {
            Decision.Source.rule(name: $0.rule.name, index: $0.index)
        })
        expected.insert(program.fallback == nil ? .none : .fallback)
        let missed = expected.subtracting(reached)
        #expect(missed.isEmpty, "\(label): seed \(seed) never reached \(missed)")
    }
}

/// A decider that forgets login: with `.login`, screens lose `login: required` and routes their
/// login requirement; with `.user`, a `{user: …}` route only asks for some login.
struct LoginBlindDecider: RouteDecider {
    enum Blindness: Sendable, CustomTestStringConvertible {
        case login
        case user

        var testDescription: String { self == .login ? "login" : "user" }
    }

    let base: any RouteDecider
    let blindness: Blindness

    var table: RouteTable {
        var table = base.table
        if blindness == .login {
            table.screens = table.screens.map { screen in
                var screen = screen
                screen.loginRequired = false
                return screen
            }
        }
        return table
    }

    func decide(_ payload: JSONValue) -> Decision {
        var decision = base.decide(payload)
        switch (blindness, decision.login) {
        case (.login, _): decision.login = .none
        case (.user, .user): decision.login = .required
        case (.user, _): break
        }
        return decision
    }
}
