extension String {
    /// Whether two strings have the same Unicode scalars: CEL's string equality, which unlike
    /// Swift's `==` does not equate canonically equivalent strings ("é" precomposed and
    /// decomposed differ). Equal scalars are equal UTF-8 bytes, so the bytes are compared.
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
}
