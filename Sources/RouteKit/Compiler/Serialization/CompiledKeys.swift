/// The keys an object of a compiled table may have: the required ones, and for every other one
/// the value its absence stands for.
///
/// The compiler leaves out a member that holds its default (`null`, `false`, an empty list or
/// object, `"none"` for `login`), and the reader puts the same default back, so one declaration
/// says both what is written and what is read. Format 1 wrote every member; its documents are
/// read the same way, every member present.
///
/// A class: every object the decoder reads is checked against one of a few shared declarations,
/// and a reference is copied where a struct's five collections would each be retained.
///
/// ```swift
/// let keys = CompiledKeys(required: ["screen"], omittable: ["params": [:]])
/// keys.omittingDefaults(["screen": "home", "params": [:]]) // {"screen": "home"}
/// ```
final class CompiledKeys: ExpressibleByArrayLiteral, Sendable {
    /// The keys that are always written, in the order a missing one is reported.
    let required: [String]
    /// Every key, required ones first.
    let declared: [String]
    /// Every key sorted by UTF-8 bytes: the order the compiler writes them.
    let sorted: [String]
    /// For each key of `sorted`, the value its absence stands for; nil for a required key.
    private let sortedDefaults: [CompiledJSONValue?]
    private let defaults: [String: JSONValue]

    /// Keys that must all be present.
    convenience init(arrayLiteral keys: String...) {
        self.init(required: keys)
    }

    /// `required` keys, and `omittable` keys with the value each one's absence stands for.
    init(required: [String], omittable: KeyValuePairs<String, JSONValue> = [:]) {
        self.required = required
        declared = required + omittable.map(\.key)
        sorted = declared.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        defaults = Dictionary(uniqueKeysWithValues: omittable.map { ($0.key, $0.value) })
        sortedDefaults = sorted.map { [defaults] key in defaults[key].map(CompiledJSONValue.init) }
    }

    /// The value the absent key `sorted[position]` stands for (`null` for a required key, which
    /// `CompiledJSONNode.object(keys:)` has already reported missing).
    func absentValue(at position: Int) -> CompiledJSONValue {
        sortedDefaults[position] ?? .null
    }

    /// An object's members without those that hold their key's default.
    func omittingDefaults(_ members: JSONObject) -> JSONValue {
        var kept = members
        for (key, value) in members where defaults[key] == value { kept[key] = nil }
        return .object(kept)
    }

    /// When `members` are in the compiler's order and their keys are known, with every required
    /// key among them: a mask with bit `i` set for each present `sorted[i]`. Nil otherwise (an
    /// object written in another order, or a wrong one, which the caller examines key by key).
    func presentInOrder(_ members: [CompiledJSONMember]) -> UInt64? {
        guard sorted.count <= UInt64.bitWidth else { return nil }
        var present: UInt64 = 0
        var position = 0
        for member in members {
            while position < sorted.count, !sameKey(member.key, sorted[position]) {
                if sortedDefaults[position] == nil { return nil }
                position += 1
            }
            guard position < sorted.count else { return nil }
            present |= 1 << position
            position += 1
        }
        while position < sorted.count {
            if sortedDefaults[position] == nil { return nil }
            position += 1
        }
        return present
    }
}
