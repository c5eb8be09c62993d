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
        var node = self
        for (position, key) in error.path.enumerated() {
            guard case .mapping(let pairs) = node.content,
                let pair = pairs.first(where: { $0.key.jsonValue == .string(key) })
            else { break }
            let isLast = position == error.path.count - 1
            node = isLast && error.isKey ? pair.key : pair.value
        }
        return node.range
    }
}
