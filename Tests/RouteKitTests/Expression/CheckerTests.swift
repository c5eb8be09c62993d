import Testing

@testable import RouteKit

struct CheckerTests {
    static let env = ExpressionEnvironment(fields: [
        "type": .int, "target": .string, "uid": .string, "id": .int, "score": .double,
        "flag": .bool, "tags": .list(.string), "aps.alert": .any, "aps.badge": .int,
    ])

    static func diagnostics(_ source: String) -> [String] {
        ExpressionChecker.compile(source, in: env).1.map(render)
    }

    @Test(arguments: [
        "type == 3", "type == 3.0", "3.0 != type", "score > 1", "type < score", "target == null",
        "has(uid) && uid == \"10086\"", "has(aps.alert)", "aps.alert.title == 'x'", "aps.alert == 1",
        "aps.badge + 1 > 2", "aps['badge'] == 1", "type in [1, 2, 3]", "target in ['a', 'b']",
        "'a' in tags", "tags[0].startsWith('x')", "size(tags) > 0 && tags.size() < 9",
        "target.matches('^[a-z]+$')", "matches(target, 'a')", "int(target) == id",
        "string(type) + target == 'x'", "double(type) / 2.0 > 1.0", "flag ? 1 : 2",
        "[1, 'a'] == [1, 2]", "{'k': 1} == {'k': 1.0}", "!flag || !(type > 1)",
        // Mixed lists whose every element can equal the left side: numbers across int and
        // double, null, and a left side of unknown type.
        "type in [1, 2.5, null]", "score in [1, 2.5]", "target in ['a', null]", "aps.alert in [1, 'a']",
        // Look-alike map keys that are different keys: kinds differ, case differs, or the key is
        // computed (a repeat of it is only known when the map is built).
        "{1: 'a', '1': 'b', true: 'c'}[1] == 'a'", "{'a': 1, 'A': 2}['a'] == 1", "{target: 1, target: 2}['x'] == 1",
    ])
    func acceptsWellTypedExpressions(_ source: String) {
        #expect(Self.diagnostics(source) == [])
    }

    @Test(arguments: [
        (#"type == "3""#, #"8..<11: error: 'type' is declared 'int', and "3" is of type 'string'; write 3 [type-mismatch] fix: 3"#),
        (#"type == "3a""#, "0..<12: error: operator '==' cannot be applied to 'int' and 'string'; compare values of one type, or convert one side with int(), double() or string() [type-mismatch]"),
        ("tpye == 3", "0..<4: warning: undeclared payload field 'tpye'; did you mean 'type'? [undeclared-field] fix: type"),
        ("aps.alrt == 'x'",
         "0..<8: warning: undeclared payload field 'aps.alrt'; did you mean 'aps.alert'? [undeclared-field] fix: aps.alert"),
        ("pageKey == 'session'", "0..<7: warning: undeclared payload field 'pageKey'; declare it under 'payload' to have it checked [undeclared-field]"),
        ("type.x == 1", "0..<6: error: a value of type 'int' has no field 'x' [type-mismatch]"),
        ("sise(target) > 1", "0..<4: error: unknown function 'sise'; did you mean 'size'? [unknown-function] fix: size"),
        // At the name of a method, which the fix replaces; the range is not the whole call.
        ("target . startswith('a')", "9..<19: error: unknown function 'startswith'; did you mean 'startsWith'? [unknown-function] fix: startsWith"),
        ("lowerAscii(target)", "0..<10: error: unknown function 'lowerAscii' [unknown-function]"),
        ("tags.exists(t, t == 'a')", "0..<24: error: macro 'exists' is not supported [unknown-function]"),
        ("target.startsWith()", "0..<19: error: method 'startsWith' takes 1 argument, not 0 [wrong-arity]"),
        ("size(target, 1) > 0", "0..<15: error: function 'size' takes 1 argument, not 2 [wrong-arity]"),
        ("target.size(1) > 0", "0..<14: error: method 'size' takes 0 arguments, not 1 [wrong-arity]"),
        ("startsWith(target, 'a')",
         "0..<23: error: function 'startsWith' must be called as a method, as in 'x.startsWith(y)' [type-mismatch]"),
        ("target.int() == 1", "0..<12: error: function 'int' cannot be called as a method, write 'int(x)' [type-mismatch]"),
        ("has(1)", "4..<5: error: argument of 'has' must be a field selection such as 'a.b' or a field name [invalid-has-argument]"),
        ("size(type) > 1", "0..<10: error: function 'size' cannot be applied to 'int' [type-mismatch]"),
        ("type.startsWith('a')", "0..<20: error: function 'startsWith' cannot be applied to 'int' and 'string' [type-mismatch]"),
        ("int(tags) == 1", "0..<9: error: function 'int' cannot be applied to 'list(string)' [type-mismatch]"),
        ("type + 1.0 > 1", "0..<10: error: operator '+' cannot be applied to 'int' and 'double'; convert one side with int(), double() or string() [type-mismatch]"),
        ("score % 2.0 > 1.0", "0..<11: error: operator '%' cannot be applied to 'double' and 'double'; convert one side with int(), double() or string() [type-mismatch]"),
        ("target < 1", "9..<10: error: 'target' is declared 'string', and 1 is of type 'int'; write \"1\" [type-mismatch] fix: \"1\""),
        ("target < 1.5", "0..<12: error: operator '<' cannot be applied to 'string' and 'double'; compare values of one type, or convert one side with int(), double() or string() [type-mismatch]"),
        ("!type", "0..<5: error: operator '!' cannot be applied to 'int'; it needs a bool [type-mismatch]"),
        ("-target == 'a'", "0..<7: error: operator '-' cannot be applied to 'string'; it needs a number [type-mismatch]"),
        ("type && flag", "0..<12: error: operator '&&' cannot be applied to 'int' and 'bool'; both sides must be bool [type-mismatch]"),
        ("type in ['a']", "0..<13: error: operator 'in' cannot be applied to 'int' and 'list(string)'; compare values of one type, or convert one side with int(), double() or string() [type-mismatch]"),
        ("'a' in target", "0..<13: error: operator 'in' needs a list or a map on its right, not 'string'; for text inside text, write y.contains(x) [type-mismatch]"),
        ("type in 3", "0..<9: error: operator 'in' needs a list or a map on its right, not 'int' [type-mismatch]"),
        // A mixed list type-checks (CEL's list(dyn)), but an element of another kind never matches.
        ("id in [1, 2, \"3\"]", "13..<16: warning: \"3\" is of type 'string' and 'id' is of type 'int': they are never equal, so this element never matches; write 3 [type-mismatch]"),
        ("target in ['a', 3]", "16..<17: warning: 3 is of type 'int' and 'target' is of type 'string': they are never equal, so this element never matches; write \"3\" [type-mismatch]"),
        ("flag in [true, 1]", "15..<16: warning: 1 is of type 'int' and 'flag' is of type 'bool': they are never equal, so this element never matches [type-mismatch]"),
        ("(id + 1) in [1, 'x']", "16..<19: warning: \"x\" is of type 'string' and the left side is of type 'int': they are never equal, so this element never matches [type-mismatch]"),
        ("target ? 1 : 2", "0..<6: error: condition must be of type 'bool', not 'string' [type-mismatch]"),
        ("target[0] == 'a'", "0..<9: error: a value of type 'string' cannot be indexed [type-mismatch]"),
        ("tags['a'] == 'a'", "0..<9: error: a value of type 'list(string)' has no field 'a' [type-mismatch]"),
        ("tags[true] == 'a'", "0..<10: error: a value of type 'list(string)' cannot be indexed by 'bool' [type-mismatch]"),
        ("{1.5: 'a'}[1.5] == 'a'", "1..<4: error: map keys must be of type 'int', 'string' or 'bool', not 'double' [type-mismatch]"),
        ("{'a': 1, 'a': 2}['a'] == 1", "9..<12: error: map key \"a\" is given twice; remove one of them: a map literal with a repeated key is an error whenever it is built [duplicate-key]"),
        ("{1: 'x', 2: 'y', 1: 'z'}[1] == 'x'", "17..<18: error: map key 1 is given twice; remove one of them: a map literal with a repeated key is an error whenever it is built [duplicate-key]"),
        ("'k' in {true: 1, \"k\": 2, true: 3}", "25..<29: error: map key true is given twice; remove one of them: a map literal with a repeated key is an error whenever it is built [duplicate-key]"),
    ])
    func reportsProblems(_ source: String, _ expected: String) {
        #expect(Self.diagnostics(source) == [expected])
    }

    /// A bare word compared with a string is likely text written without quotes.
    @Test(arguments: [
        ("target == notice", ["10..<16: warning: undeclared payload field 'notice'; for the text \"notice\", write it in quotes, or declare the field under 'payload' [undeclared-field]"]),
        ("notice != target", ["0..<6: warning: undeclared payload field 'notice'; for the text \"notice\", write it in quotes, or declare the field under 'payload' [undeclared-field]"]),
        ("target in [news, 'promo']", ["11..<15: warning: undeclared payload field 'news'; for the text \"news\", write it in quotes, or declare the field under 'payload' [undeclared-field]"]),
    ])
    func bareWordComparedWithAStringIsLikelyText(_ source: String, _ expected: [String]) {
        #expect(Self.diagnostics(source) == expected)
    }

    /// Where text is unlikely (a number compared, a field path) or a declared field is close, the
    /// warning stays as it was.
    @Test(arguments: [
        ("type == three", "8..<13: warning: undeclared payload field 'three'; declare it under 'payload' to have it checked [undeclared-field]"),
        ("target == page.key", "10..<18: warning: undeclared payload field 'page.key'; declare it under 'payload' to have it checked [undeclared-field]"),
        ("target == trget", "10..<15: warning: undeclared payload field 'trget'; did you mean 'target'? [undeclared-field] fix: target"),
        ("target == 'x' || promo == 'y'", "17..<22: warning: undeclared payload field 'promo'; declare it under 'payload' to have it checked [undeclared-field]"),
        ("notice > target", "0..<6: warning: undeclared payload field 'notice'; declare it under 'payload' to have it checked [undeclared-field]"),
    ])
    func bareWordsElsewhereKeepTheUndeclaredWarning(_ source: String, _ expected: String) {
        #expect(Self.diagnostics(source) == [expected])
    }

    /// CEL's booleans are `true` and `false`; `yes`, `On` or `True` are names.
    @Test func aBooleanWordComparedWithABoolOrAsTheWholePredicateIsLikelyABoolean() {
        #expect(Self.diagnostics("flag == yes") == [
            "8..<11: warning: undeclared payload field 'yes'; for the boolean, write true, or declare the field under 'payload' [undeclared-field]",
        ])
        #expect(Self.diagnostics("Off != flag") == [
            "0..<3: warning: undeclared payload field 'Off'; for the boolean, write false, or declare the field under 'payload' [undeclared-field]",
        ])
        #expect(ExpressionChecker.compilePredicate("True", in: Self.env).1.map(render) == [
            "0..<4: warning: undeclared payload field 'True'; for the boolean, write true, or declare the field under 'payload' [undeclared-field]",
        ])
        // Not next to a bool: a field named `on` is as likely.
        #expect(Self.diagnostics("type == 1 && on") == [
            "13..<15: warning: undeclared payload field 'on'; declare it under 'payload' to have it checked [undeclared-field]",
        ])
    }

    @Test func aParamOrUserThatIsABareWordIsLikelyText() {
        var hints = Suggestion.Budget()
        let found = ExpressionChecker.compile("promo", in: Self.env, hints: &hints, isValue: true).1
        #expect(found.map(render) == [
            "0..<5: warning: undeclared payload field 'promo'; for the text \"promo\", quote it inside the YAML value: '\"promo\"', or declare the field under 'payload' [undeclared-field]",
        ])
        #expect(ExpressionChecker.compile("promo", in: Self.env).1.map(\.message) == [
            "undeclared payload field 'promo'; declare it under 'payload' to have it checked",
        ])
    }

    @Test func invalidLiteralPatternIsReportedWithTheEngineMessage() throws {
        let source = "target.matches('a(b')"
        var engineMessage = ""
        do { _ = try RE2Pattern("a(b") } catch { engineMessage = "\(error.message) at offset \(error.offset)" }
        #expect(!engineMessage.isEmpty)
        #expect(Self.diagnostics(source) == ["15..<20: error: invalid pattern: \(engineMessage) [invalid-pattern]"])
    }

    @Test func predicatesMustBeBool() {
        let diagnostics = ExpressionChecker.compilePredicate("size(target)", in: Self.env).1
        #expect(diagnostics.map(render) == [
            "0..<12: error: predicate must be of type 'bool', not 'int'; compare it, e.g. 'type == 3' [expression-not-bool]",
        ])
        #expect(ExpressionChecker.compilePredicate("unknown_field", in: Self.env).1.map(\.code) == ["undeclared-field"])
        #expect(ExpressionChecker.compilePredicate("aps.alert", in: Self.env).1 == [])
    }

    @Test func compileStopsAfterParseErrors() {
        let (checked, diagnostics) = ExpressionChecker.compile("tpye = 3", in: Self.env)
        #expect(checked == nil)
        #expect(diagnostics.map(\.code) == ["syntax-error"])
    }

    @Test(arguments: [
        ("id", FieldType.int, true), ("id", .double, true), ("score", .int, false),
        ("target", .int, false), ("target", .string, true), ("nope", .int, true),
        ("tags", .list(.string), true), ("tags", .list(.int), false), ("[1, 2]", .list(.double), true),
        ("aps.alert", .string, true), ("type", .any, true), ("null", .string, false),
    ])
    func exposesTypesForAssignability(_ source: String, _ field: FieldType, _ assignable: Bool) throws {
        let checked = try #require(ExpressionChecker.compile(source, in: Self.env).0)
        #expect(checked.type.isAssignable(to: field) == assignable)
    }

    @Test func reportsTheFieldsItReads() throws {
        let source = "type == 3 && aps.alert == 'x' && has(uid) && aps['badge'] > 0"
        let checked = try #require(ExpressionChecker.compile(source, in: Self.env).0)
        #expect(checked.fields == ["aps.alert", "aps.badge", "type", "uid"])
        #expect(checked.type == .bool)
    }

    @Test func typesOfCompositeExpressions() throws {
        func type(_ source: String) throws -> String {
            try #require(ExpressionChecker.compile(source, in: Self.env).0).type.description
        }
        #expect(try type("[1, 2]") == "list(int)")
        #expect(try type("[1, 'a']") == "list(dyn)")
        #expect(try type("{'a': 1}") == "map(string, int)")
        #expect(try type("aps") == "map(string, dyn)")
        #expect(try type("flag ? 1 : 2.0") == "dyn")
        #expect(try type("tags + tags") == "list(string)")
    }

    /// A character that does not show, written as itself in a string literal, is named where it
    /// is; as an escape it is meant, and in a name it is already a syntax error.
    @Test func invisibleCharactersInTextAreNamed() {
        #expect(Self.diagnostics("target == \"notice\u{A0}\"") == [
            "17..<18: warning: the text \"notice\u{A0}\" contains U+00A0 NO-BREAK SPACE, which does not show, so it equals no text typed without it; delete it, or write \\u00A0 if it is meant [invisible-character] fix: ",
        ])
        #expect(Self.diagnostics("target in ['a', 'big\u{A0}sale']").map { $0.hasSuffix("[invisible-character] fix:  ") } == [true])
        #expect(Self.diagnostics("target == '1\u{200B}' || uid == '\u{2060}'").count == 2)
        #expect(Self.diagnostics(#"target == "notice\u00a0" && uid == 'a\tb'"#) == [])
    }

    /// Slips from other languages get the spelling of this one: `||` between values, their names
    /// for `size` and `contains`, a capitalized `True`.
    @Test func otherLanguagesHabitsAreTranslated() {
        #expect(Self.diagnostics("type == 3 || 4") == [
            "0..<14: error: operator '||' cannot be applied to 'bool' and 'int'; '||' joins conditions, not values: to test for either value, write type in [3, 4] [type-mismatch] fix: type in [3, 4]",
        ])
        #expect(Self.diagnostics("'a' == target || 'b'").first?.hasSuffix("write target in [\"a\", \"b\"] [type-mismatch] fix: target in [\"a\", \"b\"]") == true)
        #expect(Self.diagnostics("len(target) > 1") == [
            "0..<3: error: unknown function 'len'; did you mean 'size'? [unknown-function] fix: size",
        ])
        #expect(Self.diagnostics("target.includes('a')") == [
            "7..<15: error: unknown function 'includes'; did you mean 'contains'? [unknown-function] fix: contains",
        ])
        // `string` is no method: nothing to offer for `type.str()`.
        #expect(Self.diagnostics("type.str() == 'a'") == ["5..<8: error: unknown function 'str' [unknown-function]"])
        #expect(Self.diagnostics("target.contains('a') == True") == [
            "24..<28: warning: undeclared payload field 'True'; for the boolean, write true, or declare the field under 'payload' [undeclared-field]",
        ])
    }
}
