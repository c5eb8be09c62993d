import RouteKit
import Testing

/// `Rule` and `Route` keep their fields in shared copy-on-write boxes; they must still behave as
/// plain values: a copy never sees a later change to the original, and equality and hashing
/// are by content.
struct ModelValueSemanticsTests {
    @Test func changingARouteLeavesItsCopiesAlone() {
        var route = Route(action: Action(tab: "home"))
        let copy = route
        route.foreground = .navigate
        route.action.push.append(ScreenStep(screen: "detail"))
        #expect(copy.foreground == nil)
        #expect(copy.action.push.isEmpty)
        #expect(route.foreground == .navigate)
        #expect(route.action.push.map(\.screen) == ["detail"])
        #expect(route != copy)
    }

    @Test func changingARuleLeavesItsCopiesAndItsRouteAlone() {
        let route = Route(action: Action(tab: "home"))
        var rule = Rule(name: "first", when: ExpressionSource("type == 1"), route: route)
        let copy = rule
        rule.name = "renamed"
        rule.route.action.tab = "me"
        #expect(copy.name == "first")
        #expect(copy.route.action.tab == "home")
        #expect(route.action.tab == "home")
        #expect(rule.route.action.tab == "me")
    }

    @Test func equalContentIsEqualAndHashesAlike() {
        let a = Route(action: Action(tab: "home"), foreground: .ignore)
        let b = Route(action: Action(tab: "home"), foreground: .ignore)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        let ruleA = Rule(name: "r", when: ExpressionSource("true"), route: a)
        let ruleB = Rule(name: "r", when: ExpressionSource("true"), route: b)
        #expect(ruleA == ruleB)
        #expect(ruleA.hashValue == ruleB.hashValue)
        #expect(ruleA != Rule(name: "s", when: ExpressionSource("true"), route: a))
    }
}
