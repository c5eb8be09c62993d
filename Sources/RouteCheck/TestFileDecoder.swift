import RouteKit
import RouteKitYAML

/// Reads a test file (SPEC §7) from YAML into a `TestFile`, reporting every problem with its
/// exact position, as `routecheck validate` does for route files.
///
/// The checks follow `schemas/tests.schema.json`: unknown keys (with a suggestion), missing
/// keys, wrong kinds, unknown outcomes and commands, events in their JSON form (SPEC §6), and
/// one expectation per event in a scenario.
///
/// ```swift
/// let file = TestFileDecoder.decode(path: "app.test.yaml", bytes: bytes, table: table)
/// file.isMalformed // true when the YAML does not parse
/// ```
enum TestFileDecoder {
    static let topKeys = ["cases", "scenarios"]
    static let caseKeys = ["name", "payload", "app_state", "user", "ui", "expect"]
    static let caseExpectKeys = ["rule", "outcome", "commands"]
    static let scenarioKeys = ["name", "user", "ui", "events", "expect"]
    static let stepKeys = ["outcome", "commands"]
    static let uiKeys = ["selected_tab", "stacks", "modals"]

    /// Reads `bytes` as the test file at `path`; `table` gives the starting tab of a `ui` that
    /// leaves `selected_tab` out.
    static func decode(path: String, bytes: [UInt8], table: RouteTable) -> TestFile {
        let source = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
        let document = YAMLReader.read(bytes, file: path)
        var file = TestFile(path: path, source: source, items: [], diagnostics: document.diagnostics)
        guard !file.isMalformed, let root = document.root else { return file }
        if case .null? = root.resolvedScalar { return file }
        var reader = ItemReader(table: table)
        let top = reader.mapping(root, "the test file", allowed: topKeys)
        file.diagnostics += reader.problems
        guard let top, !file.isMalformed else { return file }
        var items: [TestItem] = []
        for kind in [TestItem.Kind.case, .scenario] {
            let key = kind == .case ? "cases" : "scenarios"
            guard let list = top[key] else { continue }
            guard case .sequence(let nodes) = list.content else {
                file.diagnostics.append(wrongType("a list", for: "'\(key)'", list))
                continue
            }
            for (index, node) in nodes.enumerated() {
                var reader = ItemReader(table: table)
                items.append(kind == .case
                    ? reader.testCase(node, number: index + 1)
                    : reader.scenario(node, number: index + 1))
            }
        }
        if !file.isMalformed { file.items = items }
        return file
    }

    static func wrongType(_ expected: String, for what: String, _ node: Node) -> Diagnostic {
        Diagnostic(.error, "wrong-type",
                   "expected \(expected) for \(what), found \(node.kindDescription)", at: node.range)
    }

}
