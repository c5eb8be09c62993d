import RouteKit
import Testing

/// A table finds its screens by name, the first of a name declared twice, and keeps finding them
/// when its `screens` are set after it is made (the lookup is indexed once per list of screens).
struct RouteTableScreensTests {
    @Test func findsTheFirstScreenOfEachName() {
        let table = RouteTable(tabs: ["home"], screens: [
            Screen(name: "inbox", show: .push), Screen(name: "notice", show: .present),
            Screen(name: "inbox", show: .present),
        ], rules: [])
        #expect(table.screen(named: "inbox")?.show == .push)
        #expect(table.screen(named: "notice")?.show == .present)
        #expect(table.screen(named: "missing") == nil)
    }

    @Test func screensSetLaterAreFound() {
        var table = RouteTable(tabs: ["home"], screens: [
            Screen(name: "a", show: .push), Screen(name: "b", show: .push), Screen(name: "c", show: .push),
        ], rules: [])
        table.screens = [Screen(name: "c", show: .present)]
        #expect(table.screen(named: "c")?.show == .present)
        #expect(table.screen(named: "a") == nil)
        table.screens.append(Screen(name: "d", show: .push))
        #expect(table.screen(named: "d")?.show == .push)
        table.screens.removeAll()
        #expect(table.screen(named: "c") == nil)
    }
}
