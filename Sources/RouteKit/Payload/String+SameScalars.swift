extension String {
    /// Whether two strings have the same Unicode scalars: CEL's and JSON's string equality, which
    /// unlike Swift's `==` does not equate canonically equivalent strings ("é" precomposed and
    /// decomposed differ). Equal scalars are equal UTF-8 bytes, so the bytes are compared.
    ///
    /// This and `hashScalars(into:)` are the one comparison RouteKit uses wherever a key, a name
    /// or a string value is compared (`CodePointKey` wraps them for dictionaries and sets).
    ///
    /// ```swift
    /// "\u{E9}".hasSameScalars(as: "e\u{301}") // false, though == says true
    /// ```
    func hasSameScalars(as other: String) -> Bool {
        let (left, right) = (utf8, other.utf8)
        guard left.count == right.count else { return false }
        let same = left.withContiguousStorageIfAvailable { a in
            right.withContiguousStorageIfAvailable { b in
                a.count == 0 || UnsafeRawBufferPointer(a).elementsEqual(UnsafeRawBufferPointer(b))
            }
        }
        // Only bridged strings lack contiguous UTF-8.
        return (same ?? nil) ?? left.elementsEqual(right)
    }

    /// Feeds the string's UTF-8 bytes, and their count, to `hasher`: a hash consistent with
    /// `hasSameScalars(as:)`, where `String`'s own `hash(into:)` is consistent with `==`.
    ///
    /// ```swift
    /// var hasher = Hasher()
    /// "K".hashScalars(into: &hasher) // differs from "\u{212A}" (KELVIN SIGN), which == equates
    /// ```
    func hashScalars(into hasher: inout Hasher) {
        let utf8 = utf8
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            // Bridged strings only; hashed the same way as contiguous ones.
            Array(utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
