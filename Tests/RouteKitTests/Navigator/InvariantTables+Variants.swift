import RouteKit

extension InvariantTables {
    /// Another version of `table`, as a table delivered without an app release may be: the same
    /// tabs, screens and payload fields (an app contract keeps them), but every rule takes
    /// another rule's route, the defaults' policies and badge change, and screens hide the bottom
    /// bar, embed in navigation and need login otherwise. Payloads steered at `table`'s rules
    /// then mostly lead elsewhere in the variant.
    ///
    /// ```swift
    /// let variant = InvariantTables.variant(of: program.table, seed: 3)
    /// let newer = TableChecker.check(variant, sources: []).program
    /// ```
    static func variant(of table: RouteTable, seed: UInt64) -> RouteTable {
        var random = SplitMix64(seed: seed ^ 0x5A4B_0000_0000_0045)
        var variant = table
        let routes = table.rules.map(\.route)
        let shift = routes.count > 1 ? 1 + random.below(routes.count - 1) : 0
        variant.rules = table.rules.enumerated().map { position, rule in
            var rule = rule
            rule.route = routes[(position + shift) % routes.count]
            return rule
        }
        variant.defaults.foreground = random.pick(ForegroundPolicy.allCases)
        variant.defaults.ifVisible = random.pick(IfVisiblePolicy.allCases)
        variant.defaults.clearBadge.toggle()
        variant.screens = table.screens.map { screen in
            var screen = screen
            switch screen.show {
            case .push: screen.hidesBottomBar = random.chance(50)
            case .present: screen.embedInNavigation = random.chance(50)
            }
            if let login = table.loginScreen, screen.name != login { screen.loginRequired = random.chance(30) }
            return screen
        }
        return variant
    }
}

extension InvariantHarness {
    /// `events` with table swaps between them, about one in `every`, each to another of
    /// `deciders` deciders than the one in use.
    static func withSwaps(_ events: [NavigatorEvent], among deciders: Int, every: Int,
                          _ random: inout SplitMix64) -> [HarnessEvent] {
        var result: [HarnessEvent] = []
        result.reserveCapacity(events.count + events.count / every + 1)
        var current = 0
        for event in events {
            if deciders > 1, random.below(every) == 0 {
                current = (current + 1 + random.below(deciders - 1)) % deciders
                result.append(.swap(to: current))
            }
            result.append(.send(event))
        }
        return result
    }
}
