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
        case .doubleQuoted:
            var escaped = ""
            for character in replacement {
                if character == "\"" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return FixIt(replacement: escaped)
        case .singleQuoted:
            var escaped = ""
            for character in replacement {
                if character == "'" { escaped.append("'") }
                escaped.append(character)
            }
            return FixIt(replacement: escaped)
        case .plain:
            // A plain scalar that starts with a quote would be read as a quoted one.
            guard atStart, let first = replacement.first, first == "\"" || first == "'" else { return self }
            return nil
        case .literal, .folded:
            return self
        }
    }
}
