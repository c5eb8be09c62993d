import RouteKit
import RouteKitYAML
import Testing

/// SPEC §3 and §8, route files whose YAML is well encoded but hostile or surprising in shape:
/// alias bombs, deep nesting, huge files and scalars, duplicate keys, YAML 1.1 booleans, custom
/// tags, several documents, empty and non-mapping files, huge and non-finite numbers, and
/// pathological `matches` patterns. Each case pins every diagnostic, or that the table loads.
@Suite struct HostileStructureTests {
    typealias F = HostileRouteFiles
    typealias Case = HostileFileCase

    /// Diagnostics at one position are sorted by message.
    static let missingVersionAndTabs = [
        "routes.yaml:1:1: error: missing required key 'tabs' in the route table [missing-key]",
        "routes.yaml:1:1: error: missing required key 'version' in the route table [missing-key]",
    ]

    /// A file with nothing in it yet gets one error saying what a table starts with.
    static let emptyTable = [
        "routes.yaml:1:1: error: the route table is empty; a table starts with 'version: 1' and its tabs, e.g. 'tabs: [home, me]' [missing-key]",
    ]

    /// Nine levels of ten aliases each: 10^9 nodes if expanded ("billion laughs").
    static let billionLaughs: String = {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        return text
    }()

    static let bombsAndNesting: [Case] = [
        // Measured ~0.2 ms: the expansion stops at the limit without allocating it.
        Case("billion-laughs", billionLaughs,
             ["routes.yaml:4:36: error: aliases expand to more than 10000 nodes; write the values out or use fewer aliases [alias-expansion-limit]"]),
        // 100,000 unclosed '[': measured ~3 ms; libyaml alone would be quadratic.
        Case("deep-flow-sequences", "a: " + String(repeating: "[", count: 100_000),
             ["routes.yaml:1:67: error: collections nest deeper than 64 levels; flatten them [nesting-too-deep]"]),
        Case("deep-flow-mappings", "a: " + String(repeating: "{a: ", count: 100_000),
             ["routes.yaml:1:256: error: collections nest deeper than 64 levels; flatten them [nesting-too-deep]"]),
        // 2,000 levels of block mappings (about 2 MB of indentation): measured ~70 ms.
        Case("deep-block-mappings", (0..<2_000).map { String(repeating: " ", count: $0) + "k:\n" }.joined(),
             ["routes.yaml:65:65: error: collections nest deeper than 64 levels; flatten them [nesting-too-deep]"]),
    ]

    static let fiveMegabyteName = F.table(replacing: "name: a", with: "name: " + String(repeating: "x", count: 5 * 1024 * 1024))
    static let fiveMegabyteComments = F.table + String(repeating: "#" + String(repeating: "x", count: 99) + "\n", count: 50_000)

    static let sizes: [Case] = [
        // Past 4 MiB nothing is parsed; the message gives the file's real size.
        Case("huge-scalar-5mb", fiveMegabyteName,
             ["routes.yaml:1:1: error: file is \(fiveMegabyteName.utf8.count) bytes, more than the limit of 4194304; split it into several files [file-too-large]"]),
        Case("huge-file-5mb-of-comments", fiveMegabyteComments,
             ["routes.yaml:1:1: error: file is \(fiveMegabyteComments.utf8.count) bytes, more than the limit of 4194304; split it into several files [file-too-large]"]),
        // A 3 MB rule name is under the limit and loads: measured ~0.5 s in a debug build; 30 s = 60×.
        Case("big-scalar-3mb-loads",
             F.table(replacing: "name: a", with: "name: " + String(repeating: "x", count: 3 * 1024 * 1024)),
             [], loads: true, bound: .seconds(30)),
    ]

    static let keysAndScalars: [Case] = [
        Case("duplicate-top-level-key", F.table + "version: 1\n",
             ["routes.yaml:11:1: error: duplicate key 'version'; remove one of them [duplicate-key]"]),
        Case("duplicate-key-in-flow-mapping",
             F.table(replacing: "{show: push, tab: home,", with: "{show: push, tab: home, show: present,"),
             ["routes.yaml:4:35: error: duplicate key 'show'; remove one of them [duplicate-key]"]),
        // YAML 1.1 booleans: strings in YAML 1.2; an error where a boolean is expected (SPEC §3,
        // as the JSON Schema says), a warning where a name is.
        Case("yes-for-a-boolean",
             F.table(replacing: "screens:\n", with: "screens:\n  x: {show: push, hides_bottom_bar: yes}\n"),
             ["routes.yaml:4:37: error: expected a boolean, found the string 'yes'; write true [boolean-word]"]),
        Case("on-for-a-boolean", F.table(replacing: "push: detail", with: "push: detail\n    pop_to_root: on"),
             ["routes.yaml:10:18: error: expected a boolean, found the string 'on'; write true [boolean-word]"]),
        Case("no-as-a-name", F.table(replacing: "tabs: [home, me]", with: "tabs: [home, no]"),
             ["routes.yaml:2:14: warning: 'no' looks like a YAML 1.1 boolean but is read as the name 'no'; quote it to say so [yaml11-boolean]"],
             loads: true),
        Case("custom-tag-on-a-predicate", F.table(replacing: "when: type == 3", with: "when: !cel type == 3"),
             ["routes.yaml:8:11: error: custom tag '!cel' is not allowed; remove it, or, for an expression that starts with '!', put the whole value in quotes: '!cel type == 3' [custom-tag]"]),
        // The tag is the only problem: no second error about the tagged value.
        Case("custom-tag-python-object", F.table(replacing: "version: 1", with: "version: !!python/object:os.system 1"),
             ["routes.yaml:1:10: error: custom tag '!!python/object:os.system' is not allowed; remove it [custom-tag]"]),
    ]

    static let documents: [Case] = [
        Case("two-documents", F.table + "---\nversion: 1\n",
             ["routes.yaml:11:1: error: file holds more than one YAML document; put each in a file of its own [multiple-documents]"]),
        Case("one-explicit-document-accepted", "---\n" + F.table + "...\n", [], loads: true),
        Case("empty-file", "", emptyTable),
        Case("whitespace-only", "\n\n   \n", emptyTable),
        Case("comments-only", "# routes go here\n# later\n", emptyTable),
        // A top level that is not a mapping is one error: what it meant to declare is unknown.
        Case("an-empty-document", "---\n", emptyTable),
        // Something written, but neither key: each is said.
        Case("no-version-nor-tabs", "fallback: none\n", missingVersionAndTabs),
        Case("a-list", "- version: 1\n- tabs: [home]\n",
             ["routes.yaml:1:1: error: expected a mapping for the top level of a route file, found a list [wrong-type]"]),
        Case("a-scalar", "hello\n",
             ["routes.yaml:1:1: error: expected a mapping for the top level of a route file, found the string 'hello' [wrong-type]"]),
        Case("a-null", "~\n",
             ["routes.yaml:1:1: error: expected a mapping for the top level of a route file, found null [wrong-type]"]),
    ]

    static func unsupportedVersion(_ text: String) -> String {
        "routes.yaml:1:10: error: unsupported route file version '\(text)'; this routecheck reads version 1, so write 'version: 1' [unsupported-version]"
    }

    static let numbers: [Case] = [
        Case("version-nan", F.table(replacing: "version: 1", with: "version: .nan"), [unsupportedVersion(".nan")]),
        Case("version-inf", F.table(replacing: "version: 1", with: "version: .inf"), [unsupportedVersion(".inf")]),
        Case("version-1e400", F.table(replacing: "version: 1", with: "version: 1e400"), [unsupportedVersion("1e400")]),
        Case("version-past-int64", F.table(replacing: "version: 1", with: "version: 99999999999999999999"),
             [unsupportedVersion("99999999999999999999")]),
        Case("tab-index-past-int64", F.table(replacing: "push: detail", with: "tab: 99999999999999999999\n    push: detail"),
             ["routes.yaml:9:10: error: expected a tab's name or index (0 to 1) for 'tab' of rule 'a', found the number 99999999999999999999 [wrong-type]"]),
        Case("int-literal-past-int64", F.table(replacing: "type == 3", with: "type == 99999999999999999999"),
             ["routes.yaml:8:19: error: integer literal is out of range [syntax-error]"]),
        Case("hex-literal-past-int64", F.table(replacing: "type == 3", with: "type == 0xFFFFFFFFFFFFFFFFFF"),
             ["routes.yaml:8:19: error: integer literal is out of range [syntax-error]"]),
        Case("double-literal-1e400", F.table(replacing: "type == 3", with: "type == 1e400"),
             ["routes.yaml:8:19: error: double literal is out of range [syntax-error]"]),
        Case("param-nan", F.table(replacing: "params: {id: id}", with: "params: {id: .nan}"),
             ["routes.yaml:10:18: error: names with a leading '.' are not supported [unsupported-syntax]"]),
    ]

    static let expressions: [Case] = [
        // 1,000 alternatives: 9 KB of predicate, rejected before parsing.
        Case("predicate-too-long",
             F.table(replacing: "when: type == 3", with: "when: " + Array(repeating: "type == 3", count: 1_000).joined(separator: " || ")),
             ["routes.yaml:8:4107: error: expression is longer than 4096 characters [expression-too-long]"]),
        Case("predicate-too-deep",
             F.table(replacing: "when: type == 3", with: "when: " + String(repeating: "(", count: 1_000) + "type == 3" + String(repeating: ")", count: 1_000)),
             ["routes.yaml:8:75: error: expression nests more than 64 levels deep [expression-too-deep]"]),
        Case("pattern-nested-repeat", F.table(replacing: "when: type == 3", with: "when: uid.matches('a{1000}{1000}')"),
             ["routes.yaml:8:23: error: invalid pattern: invalid nested repetition operator '{1000}{1000}' at offset 1 [invalid-pattern]"]),
        Case("pattern-program-too-big",
             F.table(replacing: "when: type == 3", with: "when: uid.matches('((((a{100}){100}){100}){100})')"),
             ["routes.yaml:8:23: error: invalid pattern: pattern compiles to more than 5000 instructions at offset 0 [invalid-pattern]"]),
        // Catastrophic for a backtracking engine, linear here: accepted.
        Case("pattern-nested-plus-accepted", F.table(replacing: "when: type == 3", with: "when: uid.matches('(a+)+$')"),
             [], loads: true),
    ]

    @Test(arguments: bombsAndNesting) func bombOrNestingStopsFast(_ c: Case) throws { try F.check(c) }
    @Test(arguments: sizes) func sizeIsBounded(_ c: Case) throws { try F.check(c) }
    @Test(arguments: keysAndScalars) func keyOrScalarIsChecked(_ c: Case) throws { try F.check(c) }
    @Test(arguments: documents) func documentShapeIsChecked(_ c: Case) throws { try F.check(c) }
    @Test(arguments: numbers) func numberIsChecked(_ c: Case) throws { try F.check(c) }
    @Test(arguments: expressions) func expressionIsBounded(_ c: Case) throws { try F.check(c) }
}
