import Testing

@testable import RouteKit

struct ReadFieldsTests {
    /// At the list's limit and one past it (where the paths move to a set), with repeats.
    @Test(arguments: [ReadFields.listLimit, ReadFields.listLimit + 1, 3 * ReadFields.listLimit])
    func keepsEachPathOnceInOrder(distinct: Int) {
        let paths = (0..<distinct).map { "f\($0)" }
        var fields = ReadFields()
        for path in paths.reversed() + paths { fields.insert(path) }
        #expect(fields.sorted() == paths.sorted())
    }

    @Test func checkedExpressionListsTheFieldsItReads() throws {
        let names = (0..<(ReadFields.listLimit + 4)).map { "n\($0)" }
        let source = (names + names.prefix(3)).map { "\($0) == 1" }.joined(separator: " || ")
        let env = ExpressionEnvironment(fields: Dictionary(uniqueKeysWithValues: names.map { (CodePointKey($0), .int) }))
        let (checked, diagnostics) = ExpressionChecker.compile(source, in: env)
        #expect(diagnostics.isEmpty)
        #expect(try #require(checked).fields == names.sorted())
    }
}
