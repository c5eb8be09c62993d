/// Keeps a value in a shared box that is copied only when a shared box is written to: model
/// values such as `Rule` and `Route` are copied into the table, the checked program and the
/// compiled table, and a box makes each copy one reference instead of hundreds of inline bytes.
///
/// ```swift
/// struct Route {
///     @CopyOnWrite private var fields: Fields
/// }
/// ```
@propertyWrapper
struct CopyOnWrite<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Written to only while uniquely referenced, so sharing it between threads is safe.
    private final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    var wrappedValue: Value {
        get { box.value }
        set {
            if isKnownUniquelyReferenced(&box) {
                box.value = newValue
            } else {
                box = Box(newValue)
            }
        }
    }

    static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(box.value)
    }
}
