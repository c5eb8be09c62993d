import Testing

@testable import RouteKit

struct ParserTests {
    @Test func symbolsOfOneAndTwoCharacters() {
        let lessOrEqual: Symbol = "<=", open: Symbol = "("
        #expect(lessOrEqual == Symbol(UInt8(ascii: "<"), UInt8(ascii: "=")))
        #expect(open == Symbol(UInt8(ascii: "(")))
        #expect(lessOrEqual != "<" && open != "((")
        #expect((lessOrEqual.length, open.length) == (2, 1))
        #expect((lessOrEqual.description, open.description) == ("<=", "("))
    }

    @Test(arguments: [
        ("type == 3", "(== type 3)"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a && b || c", "(|| (&& a b) c)"),
        ("a + b * c - d", "(- (+ a (* b c)) d)"),
        ("a / b % c", "(% (/ a b) c)"),
        ("!a == b", "(== (! a) b)"),
        ("-x.y", "(- (. x y))"),
        ("a < b == c", "(== (< a b) c)"),
        ("x in [1, 2,]", "(in x [1 2])"),
        ("a ? b : c ? d : e", "(?: a b (?: c d e))"),
        ("(a ? b : c) ? d : e", "(?: (?: a b c) d e)"),
        ("aps[\"content-available\"]", "([] aps \"content-available\")"),
        ("data.items[0].id", "(. ([] (. data items) 0) id)"),
        ("size(x) + x.size()", "(+ (size _ x) (size x))"),
        ("s.startsWith('a')", "(startsWith s \"a\")"),
        ("has(a.b)", "(has (. a b))"),
        ("has(uid)", "(has uid)"),
        ("{'a': 1, 'b': [true, null],}", "{\"a\": 1 \"b\": [true null]}"),
        ("0x1F + 0", "(+ 31 0)"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("- 5", "-5"),
        ("--5", "(- -5)"),
        ("-(5)", "(- 5)"),
        ("-2.5e1", "-25.0"),
        (".5 + 1e3", "(+ 0.5 1000.0)"),
        ("a // comment\n == 1", "(== a 1)"),
    ])
    func parses(_ source: String, _ expected: String) throws {
        let (expr, diagnostics) = ExpressionParser.parse(source)
        #expect(diagnostics == [])
        #expect(try sexpr(#require(expr)) == expected)
    }

    @Test(arguments: [
        (#"'\x41\101\u00e9\U0001F600'"#, "A" + "A" + "\u{e9}" + "\u{1F600}"),
        (#""\a\b\f\n\r\t\v\\\"\'\`\?""#, "\u{07}\u{08}\u{0C}\n\r\t\u{0B}\\\"'`?"),
        (#"r'\n\x'"#, #"\n\x"#),
        (##"R"a\""##, #"a\"#),
        ("'''a'b\nc'''", "a'b\nc"),
        (#""""x"y""""#, "x\"y"),
        ("''", ""),
        ("'\u{01}\u{7f}'", "\u{01}\u{7f}"),
        // Without escapes the text between the quotes is taken as it is (ASCII or not).
        (#""it's""#, "it's"),
        (#"'say "hi"'"#, "say \"hi\""),
        ("'café ☕'", "café ☕"),
        (#"r"\d+""#, #"\d+"#),
    ])
    func decodesStrings(_ source: String, _ expected: String) throws {
        let (expr, diagnostics) = ExpressionParser.parse(source)
        #expect(diagnostics == [])
        guard case .literal(.string(let value))? = expr?.kind else {
            Issue.record("not a string literal: \(String(describing: expr))")
            return
        }
        #expect(value.unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    /// Parentheses belong to the operand they enclose, so the text of every node (quoted by
    /// `--explain` and underlined by diagnostics) is balanced.
    @Test func aParenthesizedOperandSpansItsParentheses() throws {
        let source = "!(type == 1) && (type + 1) * 2 == 6 && (f(x))"
        let expr = try #require(ExpressionParser.parse(source).0)
        var texts: [String] = []
        func collect(_ node: Expr) {
            texts.append(String(Array(source.unicodeScalars)[node.range].map(Character.init)))
            node.kind.forEachChild(collect)
        }
        collect(expr)
        for text in texts {
            #expect(text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count, "\(text)")
        }
        #expect(texts.contains("(type == 1)"))
        #expect(texts.contains("(type + 1) * 2"))
        #expect(texts.contains("!(type == 1)"))
        // A call keeps where its name is, in parentheses or not.
        let (_, _, callNames) = ExpressionParser.parseWithCallNames("(f(x))")
        #expect(callNames == [0..<6: 1..<2])
    }

    @Test func rangesCountUnicodeScalars() throws {
        let expr = try #require(ExpressionParser.parse(#""é😀" == aps.alert"#).0)
        guard case .binary(.equal, let lhs, let rhs) = expr.kind else {
            Issue.record("not an equality")
            return
        }
        #expect(expr.range == 0..<17)
        #expect(lhs.range == 0..<4)
        #expect(rhs.range == 8..<17)
        guard case .select(let base, _) = rhs.kind else { return }
        #expect(base.range == 8..<11)
    }

    @Test(arguments: [
        ("type 1️⃣= 3", "unexpected '='; did you mean '=='? [syntax-error] fix: =="),
        ("a 1️⃣& b", "unexpected '&'; did you mean '&&'? [syntax-error] fix: &&"),
        ("a &&1️⃣", "expected an expression, found end of expression [syntax-error]"),
        ("(a1️⃣", "expected ')', found end of expression [syntax-error]"),
        ("f(a 1️⃣b)", "expected ')', found 'b' [syntax-error]"),
        ("a 1️⃣b", "expected an operator or the end of the expression, found 'b' [syntax-error]"),
        ("1️⃣'abc", "unterminated string literal [syntax-error]"),
        ("'a1️⃣\nb'", "line break in a quoted string; use '\\n' or triple quotes [syntax-error]"),
        (#""a1️⃣\qb""#, #"invalid escape sequence '\q' [syntax-error]"#),
        (#""1️⃣\uD800""#, #"invalid escape sequence '\uD800' [syntax-error]"#),
        (#""1️⃣\400""#, #"invalid escape sequence '\4' [syntax-error]"#),
        ("x == 1️⃣b'a'", "bytes literals are not supported [unsupported-syntax]"),
        ("11️⃣u", "unsigned integers are not supported [unsupported-syntax]"),
        ("1️⃣9223372036854775808", "integer literal is out of range [syntax-error]"),
        ("1️⃣-9223372036854775809", "integer literal is out of range [syntax-error]"),
        ("1️⃣0x", "expected hexadecimal digits after '0x' [syntax-error]"),
        ("a.1️⃣in", "'in' is a reserved word [syntax-error]"),
        ("1️⃣while", "'while' is a reserved word [syntax-error]"),
        ("x 1️⃣$ y", "unexpected character '$' [syntax-error]"),
        ("1️⃣é == 1", "unexpected character 'é' [syntax-error]"),
        ("type ==1️⃣\u{00A0}3", "unexpected U+00A0 NO-BREAK SPACE, which does not show; type a plain space instead [syntax-error] fix:  "),
        ("type1️⃣\u{200B} == 3", "unexpected U+200B ZERO WIDTH SPACE, which does not show; delete it [syntax-error] fix: "),
        // Pasted from a document: typographic quotes are named, with the text in straight ones.
        ("target == 1️⃣“home”", "unexpected character '“', a curly quote; write text in straight quotes: \"home\" [syntax-error]"),
        ("target == 1️⃣‘me’ || x", "unexpected character '‘', a curly quote; write text in straight quotes: \"me\" [syntax-error]"),
        ("target == 1️⃣”home", "unexpected character '”', a curly quote; write text in straight quotes: \"…\" [syntax-error]"),
        ("\"é\" 1️⃣= 1", "unexpected '='; did you mean '=='? [syntax-error] fix: =="),
        ("1️⃣.x", "names with a leading '.' are not supported [unsupported-syntax]"),
        ("1️⃣`a`", "quoted identifiers are not supported [unsupported-syntax]"),
        ("1️⃣", "expected an expression, found end of expression [syntax-error]"),
        ("Msg1️⃣{a: 1}", "expected an operator or the end of the expression, found '{' [syntax-error]"),
        ("a.1️⃣?b", "optional selections and indexes ('.?', '[?') are not supported [unsupported-syntax]"),
        ("a[1️⃣?0]", "optional selections and indexes ('.?', '[?') are not supported [unsupported-syntax]"),
    ])
    func reportsSyntaxErrorsAtTheOffendingCharacter(_ source: String, _ expected: String) {
        let (text, markers) = marked(source)
        let (expr, diagnostics) = ExpressionParser.parse(text)
        #expect(expr == nil)
        #expect(diagnostics.count == 1)
        guard let d = diagnostics.first else { return }
        #expect(d.range.lowerBound == markers.first)
        #expect(d.severity == .error)
        let fix = d.fixIt.map { " fix: \($0.replacement)" } ?? ""
        #expect("\(d.message) [\(d.code)]\(fix)" == expected)
    }

    @Test func minimumIntegerIsALiteral() throws {
        #expect(evaluate("-9223372036854775808").description == "-9223372036854775808")
        #expect(evaluate("-(-9223372036854775808)").description == "error: integer overflow")
        #expect(evaluate("--------------------------------19").description == "19")
    }
}
