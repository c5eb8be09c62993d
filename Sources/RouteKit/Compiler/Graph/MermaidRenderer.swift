/// Writes a `RouteGraph` as a Mermaid flowchart (left to right), for Markdown that GitHub and
/// GitLab render.
///
/// Tabs are stadiums, pushed screens boxes, modal screens double-sided boxes, rules flags and the
/// fallback a hexagon; screens that need a logged-in user have a dashed border (class `gated`),
/// the login screen class `login`. Back-stack edges are thick, login edges dotted. Node ids are
/// `n0`, `n1`, … in node order and group ids `g0`, `g1`, …, so any table name is safe; label text
/// is written with Mermaid's entity codes (`#34;` for `"`).
///
/// ```swift
/// let mermaid = MermaidRenderer.render(RouteGraph.draw(program))
/// // flowchart LR
/// //   subgraph g0["tab bar"]
/// ```
public enum MermaidRenderer {
    /// The whole graph as a Mermaid flowchart, ending with a newline.
    ///
    /// ```swift
    /// let flowchart = MermaidRenderer.render(RouteGraph.draw(program))
    /// // paste into a `mermaid` code block of a Markdown file
    /// ```
    public static func render(_ graph: RouteGraph) -> String {
        var ids: [String: String] = [:]
        for (index, node) in graph.nodes.enumerated() where ids[node.id] == nil {
            ids[node.id] = "n\(index)"
        }
        let byID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var output = "flowchart LR\n"
        var groupCount = 0
        for group in graph.groups {
            append(group, byID: byID, ids: ids, depth: 1, groupCount: &groupCount, to: &output)
        }
        for node in graph.ungroupedNodes {
            output += "  " + statement(node, id: ids[node.id] ?? node.id) + "\n"
        }
        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let arrow = switch edge.kind {
            case .route: "-->"
            case .backStack: "==>"
            case .login: "-.->"
            }
            let label = edge.lines.isEmpty ? "" : "|" + text(edge.lines) + "|"
            output += "  \(from) \(arrow)\(label) \(to)\n"
        }
        output += "  classDef tab fill:#dce9fb,stroke:#333,stroke-width:2px\n"
        output += "  classDef modal fill:#fff7dc\n"
        output += "  classDef rule fill:#eeeeee\n"
        output += "  classDef fallback fill:#ffd9a8\n"
        output += "  classDef login fill:#fbdcdc\n"
        output += "  classDef gated stroke-dasharray:5 5\n"
        for (className, members) in classes(graph, ids: ids) where !members.isEmpty {
            output += "  class \(members.joined(separator: ",")) \(className)\n"
        }
        return output
    }

    private static func append(
        _ group: RouteGraph.Group, byID: [String: RouteGraph.Node], ids: [String: String],
        depth: Int, groupCount: inout Int, to output: inout String
    ) {
        let indent = String(repeating: "  ", count: depth)
        output += "\(indent)subgraph g\(groupCount)[\(text([group.title]))]\n"
        groupCount += 1
        if group.id == "rules" { output += "\(indent)  direction TB\n" }
        for id in group.nodes {
            guard let node = byID[id] else { continue }
            output += indent + "  " + statement(node, id: ids[id] ?? id) + "\n"
        }
        for inner in group.groups {
            append(inner, byID: byID, ids: ids, depth: depth + 1, groupCount: &groupCount, to: &output)
        }
        output += "\(indent)end\n"
    }

    private static func statement(_ node: RouteGraph.Node, id: String) -> String {
        let label = text(node.lines)
        return switch node.kind {
        case .tab: "\(id)([\(label)])"
        case .pushedScreen: "\(id)[\(label)]"
        case .modalScreen: "\(id)[[\(label)]]"
        case .rule: "\(id)>\(label)]"
        case .fallback: "\(id){{\(label)}}"
        }
    }

    /// Class assignments in a fixed order: tab, modal, rule, fallback, login, gated.
    private static func classes(_ graph: RouteGraph, ids: [String: String])
        -> [(String, [String])]
    {
        func members(_ include: (RouteGraph.Node) -> Bool) -> [String] {
            graph.nodes.filter(include).compactMap { ids[$0.id] }
        }
        return [
            ("tab", members { $0.kind == .tab }),
            ("modal", members { $0.kind == .modalScreen && !$0.isLoginScreen }),
            ("rule", members { $0.kind == .rule }),
            ("fallback", members { $0.kind == .fallback }),
            ("login", members { $0.isLoginScreen }),
            ("gated", members { $0.loginGated }),
        ]
    }

    /// Lines as one quoted Mermaid label, joined by `<br/>`.
    static func text(_ lines: [String]) -> String {
        "\"" + lines.map(escaped).joined(separator: "<br/>") + "\""
    }

    /// Label text with every character Mermaid could read as markup written as an entity code:
    /// `"` `#` `&` `<` `>` `|` and the backtick; line breaks become `<br/>`, other control
    /// characters spaces.
    ///
    /// ```swift
    /// MermaidRenderer.escaped(#"type == "3""#) // type == #34;3#34;
    /// ```
    public static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "#", "&", "<", ">", "|", "`":
                output += "#\(scalar.value);"
            case "\n": output += "<br/>"
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
