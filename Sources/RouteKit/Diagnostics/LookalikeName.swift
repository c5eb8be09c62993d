/// Names that look the same but are different code points: `café` typed with `é` (U+00E9) and
/// with `e` and a combining accent (U+0065 U+0301), or the Kelvin sign (U+212A) for `K`. Swift's
/// `==` calls such spellings equal (canonical equivalence); RouteKit compares names by code
/// points, as JSON and CEL do, so they are different names, and a message about one of them
/// must say why, since the reader cannot see the difference.
///
/// ```swift
/// LookalikeName.note("\u{212A}", declared: "K")
/// // "'K' here is U+212A KELVIN SIGN, the declared 'K' is U+004B LATIN CAPITAL LETTER K:
/// //  they look alike, but names compare by code points"
/// ```
package enum LookalikeName {
    /// The note for `name`, written where it is used, and `declared`, the declared name it looks
    /// like; nil when the two are not canonically equivalent spellings of one text. `other` and
    /// `compared` name what `declared` is and what compares by code points (`the key`, `keys`).
    package static func note(
        _ name: String, declared: String, other: String = "the declared", compared: String = "names"
    ) -> String? {
        guard name == declared, !name.hasSameScalars(as: declared) else { return nil }
        let (here, there) = differingScalars(Array(name.unicodeScalars), Array(declared.unicodeScalars))
        return "'\(name)' here is \(here), \(other) '\(declared)' is \(there): "
            + "they look alike, but \(compared) compare by code points"
    }

    /// The notes for a diagnostic about `name`, which `hint` (the declared name suggested) may
    /// look like.
    package static func notes(_ name: String, hint: String?) -> [DiagnosticNote] {
        hint.flatMap { note(name, declared: $0) }.map { [DiagnosticNote($0)] } ?? []
    }

    /// The scalars where the two spellings differ (past their common prefix and suffix), each
    /// named when it is a single scalar: `U+212A KELVIN SIGN`, `U+0065 U+0301`.
    private static func differingScalars(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> (String, String) {
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        func describe(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            let shown = scalars.prefix(8)
            if shown.count == 1, let only = shown.first {
                return only.properties.name.map { "\(InvisibleCharacter.code(Int(only.value))) \($0)" }
                    ?? InvisibleCharacter.code(Int(only.value))
            }
            return shown.map { InvisibleCharacter.code(Int($0.value)) }.joined(separator: " ")
                + (scalars.count > shown.count ? " …" : "")
        }
        return (describe(a[prefix..<(a.count - suffix)]), describe(b[prefix..<(b.count - suffix)]))
    }
}
