/// The members of a JSON object, keyed by code points as JSON and CEL key them.
///
/// Two keys are one key exactly when their Unicode code points are the same (`CodePointKey`):
/// `{"\u00e9": 1, "e\u0301": 2}` has two members, and `object["\u{E9}"]` does not find
/// `"e\u{301}"`, although Swift's `String` calls the two equal. Member order is not kept
/// (`JSONWriter` writes keys sorted, so output is deterministic).
///
/// It reads like a `[String: JSONValue]`: a subscript by `String`, a dictionary literal, and
/// iteration over `(key, value)` pairs. `init(_:)` and `dictionary` convert to and from
/// `[String: JSONValue]`, exactly when every key is ASCII (two different ASCII strings are never
/// canonically equivalent).
///
/// ```swift
/// var members: JSONObject = ["type": 3]
/// members["uid"] = "10086"
/// members["type"]                           // .int(3)
/// members.count                             // 2
/// for (key, value) in members { print(key, value) }
/// JSONObject(["\u{E9}": 1])["e\u{301}"]      // nil: different code points
/// ```
public struct JSONObject: Sendable, Hashable {
    private var storage: [CodePointKey: JSONValue]

    /// An empty object, with room for `minimumCapacity` members.
    ///
    /// ```swift
    /// var members = JSONObject(minimumCapacity: 12)
    /// ```
    public init(minimumCapacity: Int = 0) {
        storage = Dictionary(minimumCapacity: minimumCapacity)
    }

    /// The members of a Swift dictionary. Its keys were already compared by canonical
    /// equivalence when it was built, so two canonically equivalent keys it was given became
    /// one; with ASCII keys nothing is lost.
    ///
    /// ```swift
    /// let params: [String: JSONValue] = ["id": 42]
    /// JSONValue.object(JSONObject(params))
    /// ```
    public init(_ dictionary: [String: JSONValue]) {
        storage = Dictionary(minimumCapacity: dictionary.count)
        for (key, value) in dictionary { storage[CodePointKey(key)] = value }
    }

    /// The members of a sequence of key-value pairs; `combine` gives the value of a key that
    /// occurs more than once (by code points), from the one kept so far and the next.
    ///
    /// ```swift
    /// JSONObject(fields.map { ($0.path, .string($0.type.description)) }, uniquingKeysWith: { first, _ in first })
    /// ```
    public init(
        _ members: some Sequence<(String, JSONValue)>,
        uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows {
        storage = try Dictionary(members.lazy.map { (CodePointKey($0.0), $0.1) }, uniquingKeysWith: combine)
    }

    /// The members as a Swift dictionary, whose keys compare by canonical equivalence: of keys
    /// that are canonically equivalent but different (`"\u{E9}"` and `"e\u{301}"`), one entry
    /// is left, with the value of the key last in code point order. Exact when every key is ASCII.
    ///
    /// ```swift
    /// let object: JSONObject = ["id": 42]
    /// object.dictionary // ["id": .int(42)]
    /// ```
    public var dictionary: [String: JSONValue] {
        var result: [String: JSONValue] = Dictionary(minimumCapacity: storage.count)
        for (key, value) in storage.sorted(by: { $0.key < $1.key }) { result[key.string] = value }
        return result
    }

    /// The member named `key` (by code points), or nil; setting nil removes it.
    ///
    /// ```swift
    /// var object: JSONObject = ["aps": ["badge": 1]]
    /// object["aps"]        // .object(["badge": 1])
    /// object["aps"] = nil  // removed
    /// ```
    public subscript(key: String) -> JSONValue? {
        get { storage[CodePointKey(key)] }
        set { storage[CodePointKey(key)] = newValue }
    }

    /// Sets the member `key` to `value`; returns the value it replaced, or nil when it is new.
    ///
    /// ```swift
    /// if members.updateValue(value, forKey: key) != nil { /* duplicate key */ }
    /// ```
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        storage.updateValue(value, forKey: CodePointKey(key))
    }

    /// Removes the member `key`; returns its value, or nil when there was none.
    ///
    /// ```swift
    /// members.removeValue(forKey: "aps")
    /// ```
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        storage.removeValue(forKey: CodePointKey(key))
    }

    /// Where the member `key` is, for reading it again without looking it up, or nil.
    ///
    /// ```swift
    /// if let index = members.index(forKey: "type") { members.values[index] }
    /// ```
    public func index(forKey key: String) -> Index? { storage.index(forKey: CodePointKey(key)) }

    /// The keys, in the members' (unspecified) order.
    ///
    /// ```swift
    /// JSONObject(["a": 1]).keys.sorted() // ["a"]
    /// ```
    public var keys: LazyMapCollection<Dictionary<CodePointKey, JSONValue>.Keys, String> {
        storage.keys.lazy.map(\.string)
    }

    /// The values, in the order of `keys`.
    public var values: Dictionary<CodePointKey, JSONValue>.Values { storage.values }

    /// The same keys with each value transformed.
    ///
    /// ```swift
    /// let object: JSONObject = ["a": 1]
    /// object.mapValues { _ in JSONValue.null } // ["a": nil]
    /// ```
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = self
        result.storage = try storage.mapValues(transform)
        return result
    }

    /// The members for which `isIncluded` is true.
    ///
    /// ```swift
    /// let object: JSONObject = ["a": 1, "b": 2]
    /// object.filter { $0.key != "a" } // ["b": 2]
    /// ```
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        var result = self
        result.storage = try storage.filter { try isIncluded(($0.key.string, $0.value)) }
        return result
    }

    /// Makes room for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        storage.reserveCapacity(minimumCapacity)
    }
}

extension JSONObject: Collection {
    /// A position of a member; valid until the object is changed.
    public typealias Index = Dictionary<CodePointKey, JSONValue>.Index
    /// A member: its key and its value.
    public typealias Element = (key: String, value: JSONValue)

    public var startIndex: Index { storage.startIndex }
    public var endIndex: Index { storage.endIndex }
    public func index(after index: Index) -> Index { storage.index(after: index) }
    public func formIndex(after index: inout Index) { storage.formIndex(after: &index) }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    /// The member at `position`.
    public subscript(position: Index) -> Element {
        let (key, value) = storage[position]
        return (key.string, value)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A dictionary literal; the last of repeated keys wins.
    ///
    /// ```swift
    /// let object: JSONObject = ["type": 3, "aps": ["alert": "Hi"]]
    /// ```
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        storage = Dictionary(minimumCapacity: elements.count)
        for (key, value) in elements { storage[CodePointKey(key)] = value }
    }
}
