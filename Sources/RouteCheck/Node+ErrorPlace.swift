import RouteKit

extension Node {
    /// The part of this node (an event, a UI) that `error` is about: the value at its path, or
    /// the key itself when the key is the problem. The path is followed through mappings as far
    /// as it goes, so an error inside a list entry is placed at the list; with no path, the whole
    /// node.
    ///
    /// ```swift
    /// // - {event: notification, payload: {type: 3}, app_state: backgrond}
    /// eventNode.range(of: error) // the range of 'backgrond'
    /// ```
    func range(of error: NavigatorJSONError) -> SourceRange {
        range(atPath: error.path, isKey: error.isKey)
    }

    /// The part of this node (a payload) that a `PayloadLimits.Problem` is about.
    ///
    /// ```swift
    /// // payload: {type: 3, x: .inf}
    /// payloadNode.range(of: PayloadLimits.problem(in: payloadNode.jsonValue)!) // the range of '.inf'
    /// ```
    func range(of problem: PayloadLimits.Problem) -> SourceRange {
        range(atPath: problem.path, isKey: problem.isKey)
    }

    private func range(atPath path: [String], isKey: Bool) -> SourceRange {
        var node = self
        for (position, key) in path.enumerated() {
            guard case .mapping(let pairs) = node.content,
                let pair = pairs.first(where: { $0.key.jsonValue == .string(key) })
            else { break }
            let isLast = position == path.count - 1
            node = isLast && isKey ? pair.key : pair.value
        }
        return node.range
    }
}
