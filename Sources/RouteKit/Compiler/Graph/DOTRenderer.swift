/// Writes a `RouteGraph` in Graphviz's DOT language, laid out left to right: the rules in a
/// column on the left in table order, the tab bar (one box per tab, its stack growing to the
/// right) and the modals to their right.
///
/// Tabs are filled blue, modal screens have a double border, screens that need a logged-in user
/// a dashed border, the login screen is filled red, the fallback orange; back-stack edges are
/// bold and login edges dashed. Every id and label is a quoted DOT string.
///
/// ```swift
/// let dot = DOTRenderer.render(RouteGraph.draw(program))
/// // digraph routes {
/// //   graph [rankdir=LR, ...];
/// ```
public enum DOTRenderer {
    /// The whole graph as DOT text, ending with a newline.
    ///
    /// ```swift
    /// let dot = DOTRenderer.render(RouteGraph.draw(program)) // pipe to `dot -Tsvg`
    /// ```
    public static func render(_ graph: RouteGraph) -> String {
        var output = """
            digraph routes {
              graph [rankdir=LR, fontname="Helvetica", fontsize=12, nodesep=0.2, ranksep=0.5, newrank=true];
              node [fontname="Helvetica", fontsize=10, shape=box, style="rounded,filled", fillcolor="white"];
              edge [fontname="Helvetica", fontsize=9, color="#444444"];

            """
        let byID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for group in graph.groups {
            append(group, byID: byID, depth: 1, to: &output)
        }
        for node in graph.ungroupedNodes {
            output += "  " + statement(node) + "\n"
        }
        for edge in graph.edges {
            output += "  \(quoted(edge.from)) -> \(quoted(edge.to))\(attributes(edge));\n"
        }
        output += "}\n"
        return output
    }

    private static func append(
        _ group: RouteGraph.Group, byID: [String: RouteGraph.Node], depth: Int, to output: inout String
    ) {
        let indent = String(repeating: "  ", count: depth)
        if group.id == "rules" {
            appendRules(group, byID: byID, indent: indent, to: &output)
            return
        }
        output += "\(indent)subgraph \(quoted("cluster_" + group.id)) {\n"
        output += "\(indent)  graph [label=\(quoted(group.title)), style=\"rounded\", color=\"#999999\"];\n"
        for id in group.nodes {
            guard let node = byID[id] else { continue }
            output += indent + "  " + statement(node) + "\n"
        }
        // A tab's stack grows to the right of the tab.
        if let first = group.nodes.first, byID[first]?.kind == .tab {
            for id in group.nodes.dropFirst() {
                output += "\(indent)  \(quoted(first)) -> \(quoted(id)) [style=invis];\n"
            }
        }
        for inner in group.groups {
            append(inner, byID: byID, depth: depth + 1, to: &output)
        }
        output += "\(indent)}\n"
    }

    /// The rules in one column, in table order under a title: not a cluster, because Graphviz
    /// keeps the order of a column only outside clusters.
    private static func appendRules(
        _ group: RouteGraph.Group, byID: [String: RouteGraph.Node], indent: String,
        to output: inout String
    ) {
        let title = quoted(group.id + ":title")
        output += "\(indent)subgraph \(quoted(group.id)) {\n"
        output += "\(indent)  \(title) [label=\(quoted(group.title)), shape=plaintext, style=\"\", "
            + "fontsize=12];\n"
        for id in group.nodes {
            guard let node = byID[id] else { continue }
            output += indent + "  " + statement(node) + "\n"
        }
        let column = [title] + group.nodes.map(quoted)
        output += "\(indent)  { rank=same; \(column.joined(separator: "; ")); }\n"
        output += "\(indent)  \(column.joined(separator: " -> ")) [style=invis];\n"
        output += "\(indent)}\n"
    }

    private static func statement(_ node: RouteGraph.Node) -> String {
        var attributes = ["label=" + label(node.lines)]
        var style = ["filled"]
        switch node.kind {
        case .tab:
            style += ["rounded", "bold"]
            attributes.append(##"fillcolor="#dce9fb""##)
        case .pushedScreen:
            style.append("rounded")
        case .modalScreen:
            attributes.append("peripheries=2")
            if !node.isLoginScreen { attributes.append(##"fillcolor="#fff7dc""##) }
        case .rule:
            attributes += ["shape=note", ##"fillcolor="#eeeeee""##]
        case .fallback:
            attributes += ["shape=note", ##"fillcolor="#ffd9a8""##]
        }
        if node.isLoginScreen { attributes.append(##"fillcolor="#fbdcdc""##) }
        if node.loginGated { style.append("dashed") }
        attributes.insert("style=" + quoted(style.joined(separator: ",")), at: 1)
        return "\(quoted(node.id)) [\(attributes.joined(separator: ", "))];"
    }

    private static func attributes(_ edge: RouteGraph.Edge) -> String {
        var attributes: [String] = []
        if !edge.lines.isEmpty {
            // A back-stack edge is short and inside a stack: its label fits on it. Other edges
            // cross the picture, so their labels go next to them without moving nodes apart.
            attributes.append((edge.kind == .backStack ? "label=" : "xlabel=") + label(edge.lines))
        }
        switch edge.kind {
        case .route: break
        case .backStack: attributes.append("style=bold")
        case .login: attributes += ["style=dashed", ##"color="#b03030""##, ##"fontcolor="#b03030""##]
        }
        return attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
    }

    /// Lines joined by centered line breaks, as one quoted DOT string.
    static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escaped).joined(separator: "\\n") + "\""
    }

    /// A DOT quoted string: `"`, `\` escaped; line breaks as `\n`; other control characters
    /// as spaces.
    ///
    /// ```swift
    /// DOTRenderer.quoted(#"type == "3""#) // "type == \"3\"" with the quotes
    /// ```
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// The inside of a DOT quoted string for `text`. A backslash is doubled so that Graphviz
    /// never reads it as one of its label escapes (`\n`, `\l`, `\N`, …).
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": break
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += " "
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
