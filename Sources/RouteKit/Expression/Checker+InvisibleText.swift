extension ExpressionChecker {
    /// Warnings for characters that do not show (a no-break or zero-width space pasted from a
    /// web page or a chat), written as themselves inside the string literals of `source`:
    /// `target == "notice<U+00A0>"` equals no text typed without it, so the rule silently never
    /// matches. Written as an escape (`"\u00a0"`), the character is plainly meant and left alone.
    ///
    /// ```swift
    /// invisibleText(in: expr, source: "target == \"notice\u{A0}\"")[0].range // 17..<18
    /// ```
    static func invisibleText(in expr: Expr, source: String) -> [ExpressionDiagnostic] {
        // Nearly every expression is ASCII without control characters: nothing to look for.
        // Scanned as a buffer: through the string's UTF-8 view, this scan alone was 1.4% of
        // loading a table of 10,000 rules.
        let isSuspect = { (byte: UInt8) in byte >= 0x80 || byte < 0x20 }
        guard source.utf8.withContiguousStorageIfAvailable({ $0.contains(where: isSuspect) })
            ?? source.utf8.contains(where: isSuspect)
        else { return [] }
        let scalars = Array(source.unicodeScalars)
        var found: [ExpressionDiagnostic] = []
        func visit(_ expr: Expr) {
            if case .literal(.string) = expr.kind,
                let offset = expr.range.first(where: { $0 < scalars.count && InvisibleCharacter.isInvisible(scalars[$0]) })
            {
                let text = String(String.UnicodeScalarView(scalars[expr.range.clamped(to: 0..<scalars.count)]))
                found.append(ExpressionMessages.invisibleInText(
                    text, InvisibleCharacter(scalar: scalars[offset], offset: offset),
                    betweenWords: offset > 0 && offset + 1 < scalars.count
                        && scalars[offset - 1].properties.isAlphabetic && scalars[offset + 1].properties.isAlphabetic))
            }
            expr.kind.forEachChild(visit)
        }
        visit(expr)
        return found
    }
}
