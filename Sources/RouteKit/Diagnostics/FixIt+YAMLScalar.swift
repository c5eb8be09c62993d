extension FixIt {
    /// This fix-it for text inside a YAML scalar of `style`, escaped as that style escapes; nil
    /// when the scalar cannot hold it. An expression's fix-it is written in the expression's
    /// own terms (`"3"` for a string), and copied as it is into `when: "x == 3"` it would close
    /// the YAML string early.
    ///
    /// ```swift
    /// FixIt(replacement: "\"3\"").spelled(in: .doubleQuoted, atStart: false) // \"3\"
    /// FixIt(replacement: "\"3\"").spelled(in: .plain, atStart: true)         // nil
    /// ```
    func spelled(in style: Node.ScalarStyle, atStart: Bool) -> FixIt? {
        switch style {
        case .doubleQuoted: FixIt(replacement: Self.escaping(replacement, ["\"", "\\"], with: "\\"))
        case .singleQuoted: FixIt(replacement: Self.escaping(replacement, ["'"], with: "'"))
        case .plain:
            // A plain scalar that starts with a quote would be read as a quoted one.
            atStart && (replacement.first == "\"" || replacement.first == "'") ? nil : self
        case .literal, .folded:
            self
        }
    }

    /// `text` with `escape` before each of `characters`.
    private static func escaping(_ text: String, _ characters: Set<Character>, with escape: Character) -> String {
        var escaped = ""
        for character in text {
            if characters.contains(character) { escaped.append(escape) }
            escaped.append(character)
        }
        return escaped
    }
}
