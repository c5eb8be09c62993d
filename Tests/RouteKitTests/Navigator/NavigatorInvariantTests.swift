import RouteKit
import Testing

private typealias F = NavFixture

/// Seeded random event sequences over the hand-made fixture table and its fake decider: whatever
/// happens, the navigator never shows a login-gated screen to a logged-out user or a user's
/// screen to another user, never has two alerts or two logins up, only emits commands that make
/// sense for the UI, and its model ends equal to what a separate UI simulator makes of the same
/// commands (`InvariantHarness`). `NavigatorInvariantTableTests` does the same over the example
/// app's table in `routes/` and over generated tables.
///
/// 20 seeds × 5,000 events by default; set `ROUTEKIT_NAV_EVENTS` for more events per seed.
@Suite struct NavigatorInvariantTests {
    static let seeds = Array(UInt64(0)..<20)

    @Test(arguments: seeds)
    func invariantsHoldForRandomEvents(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let clearBadge = seed % 2 == 0
        let user: String? = [nil, "u1", "u2"][Int(seed % 3)]
        let count = InvariantHarness.eventsPerSeed(default: 5_000)
        let events = (0..<count).map { _ in Self.randomEvent(&random) }
        let harness = InvariantHarness(decider: FakeDecider(table: F.table(clearBadge: clearBadge)),
                                       ownerParams: ["user_inbox": "uid"])
        harness.run(events, user: user, seed: seed, label: "fixture table")
    }

    /// The same with the decider swapped between events about once in 40: the fixture's, one
    /// that sends every route to the notice, and one over a table whose screens moved
    /// (`NavigatorHotSwapTests`). 20 seeds × 5,000 events.
    @Test(arguments: seeds)
    func invariantsHoldWithDecidersSwapped(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 4_500)
        let user: String? = [nil, "u1", "u2"][Int(seed % 3)]
        let count = InvariantHarness.eventsPerSeed(default: 5_000)
        let events = (0..<count).map { _ in Self.randomEvent(&random) }
        let harness = InvariantHarness(decider: FakeDecider(table: F.table()), ownerParams: ["user_inbox": "uid"],
                                       alternates: [NavigatorHotSwapTests.NoticeDecider(),
                                                    FakeDecider(table: NavigatorHotSwapTests.movedTable())])
        harness.run(InvariantHarness.withSwaps(events, among: 3, every: 40, &random), user: user, seed: seed,
                    label: "fixture table with swaps")
    }

    static func randomEvent(_ random: inout SplitMix64) -> NavigatorEvent {
        let users = ["u1", "u2"]
        switch random.below(100) {
        case 0..<45:
            return .notification(randomPayload(&random),
                                 NavigatorEvent.AppState.allCases[random.below(3)])
        case 45..<55: return .uiState(randomUI(&random))
        case 55..<63: return .alertConfirmed
        case 63..<68: return .alertCancelled
        case 68..<76: return .loginSucceeded(user: users[random.below(2)])
        case 76..<81: return .loginCancelled
        case 81..<86: return .logout
        case 86..<91:
            // Typed: JSONValue is ExpressibleByNilLiteral, so an untyped nil here is `.null`.
            let payload: JSONValue? = random.below(2) == 0 ? nil : randomPayload(&random)
            return .launch(payload: payload, user: [nil, "u1", "u2"][random.below(3)])
        default: return .ready
        }
    }

    static func randomPayload(_ random: inout SplitMix64) -> JSONValue {
        let fg = [nil, "alert", "navigate", "ignore"][random.below(4)]
        let iv = [nil, "reload", "push"][random.below(3)]
        let id = Int64(random.below(3) + 1)
        switch random.below(14) {
        case 0: return F.home(fg: fg)
        case 1: return F.discover(fg: fg)
        case 2: return F.detail(.int(id), fg: fg, iv: iv)
        case 3: return F.detail(.string(String(id)), fg: fg, iv: iv)
        case 4: return F.detail("abc", fg: fg)
        case 5: return F.notice(Int64(random.below(2) + 1), fg: fg, iv: iv)
        case 6: return F.myMessages(uid: [nil, "u1", "u2"][random.below(3)], fg: fg)
        case 7: return F.inbox(["u1", "u2"][random.below(2)], fg: fg)
        case 8: return F.thread(id, tab: [nil, "messages", "me"][random.below(3)])
        case 9: return F.backStack()
        case 10: return F.settings(fg: fg)
        case 11: return F.fallback
        case 12: return F.unmatched
        default: return ["aps": ["alert": "no route key"]]
        }
    }

    static func randomUI(_ random: inout SplitMix64) -> UISnapshot {
        let tabs = F.table().tabs
        func screen(_ random: inout SplitMix64) -> ScreenInstance {
            let id: JSONValue = [.int(1), .int(2), "2", 3.0][random.below(4)]
            switch random.below(5) {
            case 0: return ScreenInstance(screen: "message_detail", params: ["id": id])
            case 1: return ScreenInstance(screen: "thread", params: ["id": id])
            case 2: return ScreenInstance(screen: "my_messages")
            case 3: return ScreenInstance(screen: "user_inbox", params: ["uid": "u1"])
            default: return ScreenInstance(screen: "notice", params: ["id": id])
            }
        }
        var stacks: [String: [ScreenInstance]] = [:]
        for tab in tabs {
            stacks[tab] = (0..<random.below(3)).map { _ in screen(&random) }
        }
        let modals = (0..<random.below(3)).map { _ in
            random.below(3) == 0 ? ScreenInstance(screen: "settings") : screen(&random)
        }
        let selected = tabs[random.below(tabs.count)]
        return UISnapshot(selectedTab: selected, stacks: stacks, modals: modals)
    }
}
