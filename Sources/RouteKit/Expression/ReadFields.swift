/// The distinct field paths an expression reads, as the checker collects them.
///
/// Kept in a list while there are few (nearly every expression reads one to three fields, and
/// a set's storage and hashing cost more than checking the rest of such an expression) and in
/// a set past `listLimit`, so that an expression naming thousands of fields stays linear.
///
/// ```swift
/// var fields = ReadFields()
/// fields.insert("type"); fields.insert("id"); fields.insert("type")
/// fields.sorted() // ["id", "type"]
/// ```
struct ReadFields {
    /// The most paths kept in the list before they move to a set.
    static let listLimit = 16
    /// The paths the list's storage is first made for: most expressions read one to three.
    static let usualCount = 4

    private var list: [String] = []
    private var set: Set<String>?

    mutating func insert(_ path: String) {
        if set != nil {
            set?.insert(path)
        } else if !list.contains(path) {
            // One allocation for nearly every expression, not one per doubling.
            if list.isEmpty { list.reserveCapacity(Self.usualCount) }
            list.append(path)
            if list.count > Self.listLimit {
                set = Set(list)
                list = []
            }
        }
    }

    /// The paths in ascending order.
    func sorted() -> [String] {
        if let set { return set.sorted() }
        // Most expressions read one field: that list is in order, and is returned without the
        // copy sorting makes.
        return list.count < 2 ? list : list.sorted()
    }

    /// The paths as a set, in no order.
    var asSet: Set<String> { self.set ?? Set(list) }
}
