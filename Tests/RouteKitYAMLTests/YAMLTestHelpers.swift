import Foundation
import RouteKit
import RouteKitYAML

func readYAML(_ text: String) -> YAMLDocument {
    YAMLReader.read(Array(text.utf8), file: "t.yaml")
}

/// Loads `yaml` as a product would: written as `t.yaml` in a fresh temporary directory, then
/// `TableLoader.load`.
func loadTable(yaml: String) throws -> CheckedTable {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("routekit-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("t.yaml")
    try Data(yaml.utf8).write(to: file)
    return try TableLoader.load(path: file.path)
}

extension Node {
    /// The value under a string key of a mapping.
    subscript(key: String) -> Node? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalarValue == key }?.value
    }

    subscript(index: Int) -> Node? {
        guard case .sequence(let items) = content, items.indices.contains(index) else { return nil }
        return items[index]
    }

    var scalarValue: String? {
        if case .scalar(let scalar) = content { return scalar.value }
        return nil
    }

    var style: ScalarStyle? {
        if case .scalar(let scalar) = content { return scalar.style }
        return nil
    }

    var keys: [String] {
        guard case .mapping(let pairs) = content else { return [] }
        return pairs.map { $0.key.scalarValue ?? "?" }
    }

    /// `line:column` of the start, for compact assertions.
    var at: String { "\(range.start.line):\(range.start.column)" }
}

extension Diagnostic {
    /// The diagnostic as `line:column: code: message`, for pinning whole diagnostics.
    var rendered: String {
        "\(range.start.line):\(range.start.column): \(code): \(message)"
    }
}
