import RouteKit
import Testing

/// The words that cannot name a field, told apart from names by length and first two characters
/// before the set of them is asked: every one of them is still found, and names that share their
/// length and first two characters are still names.
@Suite struct WordsNotNamesTests {
    static let reserved = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "namespace", "package", "return", "var", "void", "while",
    ]

    @Test(arguments: reserved)
    func aReservedWordIsNotAName(_ word: String) {
        let (expr, diagnostics) = ExpressionParser.parse("\(word) == 1")
        #expect(expr == nil)
        #expect(diagnostics.first?.message == "'\(word)' is a reserved word")
        // After a `.`, CEL lets a reserved word name a field.
        #expect(ExpressionParser.parse("data.\(word) == 1").0 != nil)
    }

    @Test func literalsAndInAreNotNames() throws {
        #expect(try #require(ExpressionParser.parse("true").0).kind == .literal(.bool(true)))
        #expect(try #require(ExpressionParser.parse("false").0).kind == .literal(.bool(false)))
        #expect(try #require(ExpressionParser.parse("null").0).kind == .literal(.null))
        #expect(ExpressionParser.parse("in == 1").0 == nil)
        #expect(ExpressionParser.parse("data.in == 1").1.first?.message == "'in' is a reserved word")
        #expect(ExpressionParser.parse("data.true").0 == nil)
    }

    /// Same length and first two characters as a word above, or one character more or less.
    @Test(arguments: [
        "ax", "asx", "brake", "cons", "continuo", "elsa", "fox", "functiop", "id", "is", "imposts",
        "lex", "loom", "namespacf", "packing", "retort", "val", "voids", "whilf", "trux", "fals",
        "nulls", "ii", "i", "n", "type", "target", "a_", "t1",
    ])
    func aNameLikeOneOfThemIsAName(_ name: String) throws {
        let expr = try #require(ExpressionParser.parse("\(name) == 1").0, "\(name)")
        guard case .binary(_, let left, _) = expr.kind else {
            Issue.record("\(name): \(expr)")
            return
        }
        #expect(left.kind == .identifier(name))
    }
}
