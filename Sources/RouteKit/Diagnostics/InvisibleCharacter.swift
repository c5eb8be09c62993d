/// Characters that do not show, or show as a plain space, pasted into route files from web pages,
/// chat apps and word processors: a no-break space or a zero-width space makes `de​tail` another
/// name than `detail` and `tab: home` no key at all, while the file looks right. A message that
/// is about such text names the character, since the reader cannot see it.
///
/// ```swift
/// InvisibleCharacter.first(in: "de\u{200B}tail")?.description // "U+200B ZERO WIDTH SPACE"
/// ```
package struct InvisibleCharacter: CustomStringConvertible {
    /// The character, and where it is in the text, in Unicode scalars from 0.
    package let scalar: Unicode.Scalar
    package let offset: Int

    /// The first character of `text` that does not show as itself: a format character, a
    /// space other than U+0020, or a control character other than tab, LF and CR.
    package static func first(in text: some StringProtocol) -> InvisibleCharacter? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isInvisible(scalar) {
            return InvisibleCharacter(scalar: scalar, offset: offset)
        }
        return nil
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x80 || scalar.value < 0x20 else { return false }
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        switch scalar.properties.generalCategory {
        case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return true
        default: return false
        }
    }

    /// `U+00A0 NO-BREAK SPACE`.
    package var description: String {
        let code = Self.code(Int(scalar.value))
        return scalar.properties.name.map { "\(code) \($0)" } ?? code
    }

    /// A code point as Unicode writes it, four hex digits at least: `U+00A0`.
    package static func code(_ value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The advice for a name or key that holds one.
    /// After a ':' (`tab:<U+00A0>home` in a flow mapping, read as one key) the space was meant.
    package static func advice(for text: some StringProtocol) -> String? {
        first(in: text).map { hidden in
            let scalars = Array(text.unicodeScalars)
            let afterColon = hidden.offset > 0 && scalars[hidden.offset - 1] == ":"
                && hidden.scalar.properties.generalCategory == .spaceSeparator
            return "'\(text)' contains \(hidden), which does not show; "
                + (afterColon ? "type a plain space instead" : "delete it or retype the name")
        }
    }
}
