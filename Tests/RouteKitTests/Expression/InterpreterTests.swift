import Testing

@testable import RouteKit

struct InterpreterTests {
    static let payload: JSONValue = [
        "type": 3, "target": "notice", "uid": "10086", "score": 2.5,
        "aps": ["alert": ["title": "Hi", "body": "There"], "badge": 1, "content-available": 1],
        "data": ["items": [5, 6]], "tags": ["a", "b"], "pattern": "a(b",
    ]

    @Test(arguments: [
        // Fields, missing fields and errors.
        ("type", "3"), ("score", "2.5"), ("aps.badge", "1"), ("aps[\"content-available\"]", "1"),
        ("aps.alert.title", "\"Hi\""), ("data.items[1]", "6"), ("data.items[1.0]", "6"),
        ("data.items[2]", "error: index 2 out of range for a list of size 2"),
        ("missing", "error: no such key 'missing'"), ("aps.sound", "error: no such key 'sound'"),
        ("type.x", "error: a value of type 'int' has no field 'x'"),
        ("{'a': 1}['b']", "error: no such key 'b'"), ("{1: 'x'}[1.0]", "\"x\""),
        // Equality: heterogeneous, numbers by value, deep.
        ("type == 3", "true"), ("type == 3.0", "true"), ("type == '3'", "false"),
        ("3 == 3.5", "false"), ("null == null", "true"), ("null == 0", "false"),
        ("[1, 2] == [1.0, 2.0]", "true"), ("{'a': 1} == {'a': 1.0}", "true"),
        ("{'a': [1]} != {'a': [2]}", "true"), ("'e\\u0301' == '\\u00e9'", "false"),
        // Int against double converts the int to a double, as every CEL implementation does.
        ("9007199254740993 == 9007199254740992.0", "true"),
        ("missing == 1", "error: no such key 'missing'"),
        // Ordering.
        ("1 < 1.5", "true"), ("2.0 >= 2", "true"), ("'a' < 'b'", "true"), ("false < true", "true"),
        ("9007199254740993 > 9007199254740992.0", "false"), ("0.0/0.0 < 1", "false"),
        ("'a' < 1", "error: operator '<' cannot be applied to 'string' and 'int'"),
        ("[1] < [2]", "error: operator '<' cannot be applied to 'list' and 'list'"),
        // Logic and error absorption, from either side.
        ("false && missing == 1", "false"), ("missing == 1 && false", "false"),
        ("true || missing == 1", "true"), ("missing == 1 || true", "true"),
        ("missing == 1 && true", "error: no such key 'missing'"),
        ("true || 'x'", "true"), ("'x' && true", "error: operator '&&' cannot be applied to 'string' and 'bool'"),
        ("!true", "false"), ("!1", "error: operator '!' cannot be applied to 'int'"),
        ("type == 3 ? 'a' : 'b'", "\"a\""), ("false ? missing : 2", "2"),
        ("target ? 1 : 2", "error: operator '? :' cannot be applied to 'string'"),
        // Arithmetic.
        ("5 + 3 * 2 - 1", "10"), ("-7 / 2", "-3"), ("-7 % 3", "-1"), ("7.0 / 2.0", "3.5"),
        ("1.0 / 0.0", "double(\"Infinity\")"), ("'a' + 'b'", "\"ab\""), ("[1] + ['a']", "[1, \"a\"]"),
        ("9223372036854775807 + 1", "error: integer overflow"),
        ("-9223372036854775808 - 1", "error: integer overflow"),
        ("5000000000 * 5000000000", "error: integer overflow"),
        ("-9223372036854775808 / -1", "error: integer overflow"),
        ("1 / 0", "error: division by zero"), ("1 % 0", "error: modulus by zero"),
        ("1 + 1.0", "error: operator '+' cannot be applied to 'int' and 'double'"),
        ("2.5 % 1.0", "error: operator '%' cannot be applied to 'double' and 'double'"),
        ("-'a'", "error: operator '-' cannot be applied to 'string'"),
        // in.
        ("type in [1, 2, 3]", "true"), ("3.0 in [1, 3]", "true"), ("'x' in tags", "false"),
        ("'badge' in aps", "true"), ("'sound' in aps", "false"),
        ("1 in 'abc'", "error: operator 'in' cannot be applied to 'int' and 'string'"),
        // size and string functions, by Unicode scalars.
        ("size('héllo')", "5"), ("'😀'.size()", "1"), ("size('e\\u0301')", "2"), ("size(tags)", "2"),
        ("size(aps)", "3"), ("size(1)", "error: function 'size' cannot be applied to 'int'"),
        ("'e\\u0301'.startsWith('e')", "true"), ("'abc'.endsWith('bc')", "true"),
        ("'abc'.endsWith('abcd')", "false"), ("'abcabd'.contains('abd')", "true"),
        ("'abc'.contains('')", "true"), ("'ab'.contains('abc')", "false"),
        ("target.startsWith(1)", "error: function 'startsWith' cannot be applied to 'string' and 'int'"),
        ("'order-42'.matches('^order-[0-9]+$')", "true"), ("'hubba'.matches('ubb')", "true"),
        ("matches('abc', 'x')", "false"),
        ("target.matches(pattern)", "error: invalid pattern: missing closing ')' at offset 1"),
        // Conversions.
        ("int('42')", "42"), ("int('-42')", "-42"), ("int('4x')", "error: cannot convert \"4x\" to int"),
        ("int(-3.7)", "-3"), ("int(3.7)", "3"), ("int(1e19)", "error: double 1e+19 is out of the int range"),
        ("int(-9223372036854775808.0)", "error: double -9.223372036854776e+18 is out of the int range"),
        ("double('1.5')", "1.5"), ("double(3)", "3.0"), ("double('x')", "error: cannot convert \"x\" to double"),
        ("string(-4.5e-3)", "\"-0.0045\""), ("string(1e6)", "\"1e+06\""), ("string(123456.0)", "\"123456\""),
        ("string(0.1)", "\"0.1\""), ("string(1.0)", "\"1\""), ("string(-0.0)", "\"-0\""),
        ("string(1.5e-5)", "\"1.5e-05\""), ("string(1.0/0.0)", "\"+Inf\""), ("string(123.456)", "\"123.456\""),
        ("string(true)", "\"true\""), ("string(type)", "\"3\""),
        ("string(null)", "error: function 'string' cannot be applied to 'null_type'"),
        // has.
        ("has(uid)", "true"), ("has(nope)", "false"), ("has(aps.badge)", "true"), ("has(aps.sound)", "false"),
        ("has(aps.alert.title)", "true"), ("has(nope.x)", "error: no such key 'nope'"),
        ("has(type.x)", "error: a value of type 'int' has no field 'x'"), ("has({'a': 1}.a)", "true"),
        // Literals.
        ("[1, missing]", "error: no such key 'missing'"), ("{'b': 2, 'a': [null]}", "{\"a\": [null], \"b\": 2}"),
        ("{'a': 1, 'a': 2}", "error: duplicate map key \"a\""), ("'\\n\"'", "\"\\n\\\"\""),
    ])
    func evaluates(_ source: String, _ expected: String) {
        #expect(evaluate(source, Self.payload).description == expected)
    }

    @Test func unnamedPayloadsHaveNoVariables() {
        #expect(evaluate("type == 3", [1, 2]).description == "error: no such key 'type'")
        #expect(evaluate("has(type)", "text").description == "false")
    }

    static let matchCases: [(String, JSONValue, Bool)] = [
        ("type == 3", ["type": 3], true), ("type == 3", ["type": "3"], false),
        ("type == 3", [:], false), ("type", ["type": 3], false), ("type", ["type": true], true),
        ("target == 'notice' || type == 3", ["type": 3], true),
    ]

    @Test(arguments: matchCases)
    func matchesOnlyOnExactlyTrue(_ source: String, _ payload: JSONValue, _ expected: Bool) throws {
        let (checked, _) = ExpressionChecker.compile(source, in: ExpressionEnvironment())
        #expect(try #require(checked).matches(payload: payload) == expected)
    }

    @Test func convertsBetweenValuesAndJSON() {
        let json: JSONValue = ["id": 42, "ratio": 1.0, "tags": ["a", nil, true]]
        let value = Value(json: json)
        #expect(value.description == "{\"id\": 42, \"ratio\": 1.0, \"tags\": [\"a\", null, true]}")
        #expect(value.json == json)
        #expect(Value.map([.int(1): .string("a")]).json == nil)
        #expect(Value.list([.int(1), .error("x")]).json == nil)
        #expect(evaluate("{'id': id}", ["id": "7"]).json == ["id": "7"])
    }

    @Test func evaluatesUncheckedExpressions() throws {
        let expr = try #require(ExpressionParser.parse("'abc'.matches('^a') && size(x) == 2").0)
        #expect(ExpressionInterpreter.evaluate(expr, payload: ["x": [1, 2]]).description == "true")
    }
}
