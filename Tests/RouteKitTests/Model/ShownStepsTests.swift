import Testing

@testable import RouteKit

struct ShownStepsTests {
    @Test func pushedInOrderThenPresented() {
        let action = Action(push: [ScreenStep(screen: "a"), ScreenStep(screen: "b")], present: ScreenStep(screen: "c"))
        #expect(action.steps.map(\.screen) == ["a", "b", "c"])
        #expect(Action(push: [ScreenStep(screen: "a")]).steps.map(\.screen) == ["a"])
        #expect(Action(present: ScreenStep(screen: "c")).steps.map(\.screen) == ["c"])
        #expect(Action(tab: "home").steps.map(\.screen).isEmpty)
    }

    @Test func forEachStepSaysWhichIsLast() {
        func visited(_ action: Action) -> [String] {
            var seen: [String] = []
            action.forEachStep { step, isLast in seen.append(step.screen + (isLast ? "!" : "")) }
            return seen
        }
        #expect(visited(Action(push: [ScreenStep(screen: "a"), ScreenStep(screen: "b")], present: ScreenStep(screen: "c")))
                == ["a", "b", "c!"])
        #expect(visited(Action(push: [ScreenStep(screen: "a"), ScreenStep(screen: "b")])) == ["a", "b!"])
        #expect(visited(Action(present: ScreenStep(screen: "c"))) == ["c!"])
        #expect(visited(Action(tab: "home")).isEmpty)
    }

    @Test func anyRequiresLoginLooksAtEveryShownScreen() {
        let table = RouteTable(
            tabs: ["home"], loginScreen: "login",
            screens: [Screen(name: "open", show: .push), Screen(name: "gated", show: .present, loginRequired: true),
                      Screen(name: "login", show: .present)],
            payloadFields: [], defaults: Defaults(), rules: [])
        let presentsGated = Action(push: [ScreenStep(screen: "open")], present: ScreenStep(screen: "gated"))
        #expect(table.anyRequiresLogin(presentsGated.steps.lazy.map(\.screen)))
        #expect(!table.anyRequiresLogin(Action(push: [ScreenStep(screen: "open")]).steps.lazy.map(\.screen)))
        #expect(!table.anyRequiresLogin(["unknown"]))
        // Read from the action's steps in place, as the checker asks.
        #expect(table.anyRequiresLogin(of: presentsGated))
        #expect(table.anyRequiresLogin(of: Action(push: [ScreenStep(screen: "gated")])))
        #expect(!table.anyRequiresLogin(of: Action(push: [ScreenStep(screen: "open"), ScreenStep(screen: "open")])))
        #expect(!table.anyRequiresLogin(of: Action(tab: "home")))
    }
}
