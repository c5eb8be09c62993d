import Testing

@testable import RouteKit

/// Rules the analysis must flag, with the exact warnings, and look-alikes it must leave alone.
@Suite struct RuleAnalysisTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rules: [String]
        var expected: [String]
        var testDescription: String { rules.joined(separator: " / ") }

        init(_ rules: [String], _ expected: String...) {
            self.rules = rules
            self.expected = expected
        }
    }

    static let neverMatching: [Case] = [
        // Many alternatives, all empty: within the limits.
        Case([
            #"a: (type == 1 || type == 2) && (id == 1 || id == 2) && (score == 1 || score == 2)"#
                + #" && (target == "1" || target == "2") && (uid == "1" || uid == "2") && (flag || !flag)"#
                + " && (aps.badge == 1 || aps.badge == 2) && type == 3",
        ], "1: [never-matches] rule 'a' can never match: '(type == 1 || type == 2)' and 'type == 3' cannot both be true"),
        Case(["a: type == 1 && type == 2"],
             "1: [never-matches] rule 'a' can never match: 'type' cannot be both 1 and 2"),
        // Fields of no declared type, as SPEC §4 writes its examples: undeclared, or `any`.
        Case(["a: undeclared == 1 && undeclared == 2"],
             "1: [never-matches] rule 'a' can never match: 'undeclared' cannot be both 1 and 2"),
        Case(["a: extra == 1 && extra == 2"],
             "1: [never-matches] rule 'a' can never match: 'extra' cannot be both 1 and 2"),
        Case([#"a: extra.k == "x" && extra.k != "x""#],
             #"1: [never-matches] rule 'a' can never match: 'extra.k' cannot be both "x" and not "x""#),
        Case(["a: type in [1, 2] && type == 3"],
             "1: [never-matches] rule 'a' can never match: 'type' cannot be both in [1, 2] and 3"),
        Case(["a: id > 5 && id < 3"],
             "1: [never-matches] rule 'a' can never match: 'id' cannot be both > 5 and < 3"),
        Case(["a: id > 1 && id < 2"],
             "1: [never-matches] rule 'a' can never match: 'id' cannot be both > 1 and < 2"),
        Case(["a: id >= 3 && id <= 2.5"],
             "1: [never-matches] rule 'a' can never match: 'id' cannot be both >= 3 and <= 2.5"),
        Case(["a: 5 < id && 3 > id"],
             "1: [never-matches] rule 'a' can never match: 'id' cannot be both > 5 and < 3"),
        Case([#"a: target < "b" && target > "c""#],
             #"1: [never-matches] rule 'a' can never match: 'target' cannot be both < "b" and > "c""#),
        Case([#"a: target > "a" && target < "a\u0000""#],
             #"1: [never-matches] rule 'a' can never match: 'target' cannot be both > "a" and < "a\u0000""#),
        Case([#"a: target < """#],
             #"1: [never-matches] rule 'a' can never match: 'target' can never be < """#),
        Case([#"a: target >= "b" && target in ["a", "a\uFFFF"]"#],
             #"1: [never-matches] rule 'a' can never match: 'target' cannot be both >= "b" and in ["a", "a\uFFFF"]"#),
        Case(["a: score > 1.0 && score < 1.0"],
             "1: [never-matches] rule 'a' can never match: 'score' cannot be both > 1.0 and < 1.0"),
        Case(["a: has(uid) && !has(uid)"],
             "1: [never-matches] rule 'a' can never match: 'uid' cannot be both present and absent"),
        Case([#"a: !has(uid) && uid == "u1""#],
             #"1: [never-matches] rule 'a' can never match: 'uid' cannot be both absent and "u1""#),
        Case(["a: aps.badge > 0 && !has(aps.badge)"],
             "1: [never-matches] rule 'a' can never match: 'aps.badge' cannot be both > 0 and absent"),
        Case(["a: flag && !flag"],
             "1: [never-matches] rule 'a' can never match: 'flag' cannot be both true and false"),
        Case(["a: !(type != 3) && type == 4"],
             "1: [never-matches] rule 'a' can never match: 'type' cannot be both 3 and 4"),
        Case(["a: type == 3 && id == 1 && type == 4"],
             "1: [never-matches] rule 'a' can never match: 'type' cannot be both 3 and 4"),
        Case(["a: type in [1, 2] && type != 1 && type != 2"],
             "1: [never-matches] rule 'a' can never match: 'type' cannot be in [1, 2], not 1 and not 2 at once"),
        Case(["a: (type == 1 || type == 2) && type == 3"],
             "1: [never-matches] rule 'a' can never match: '(type == 1 || type == 2)' and 'type == 3' cannot both be true"),
        Case(["a: type == 1 && type == 2 || id > 2 && id < 1"],
             "1: [never-matches] rule 'a' can never match: 'type' cannot be both 1 and 2, and 'id' cannot be both > 2 and < 1"),
        Case(["a: type == 1.5"], "1: [never-matches] rule 'a' can never match: 'type' can never be 1.5"),
        Case(["a: type in []"], "1: [never-matches] rule 'a' can never match: 'type' can never be in []"),
        Case(["a: type == null"], "1: [never-matches] rule 'a' can never match: 'type' can never be null"),
        Case(["a: id > 9223372036854775807"],
             "1: [never-matches] rule 'a' can never match: 'id' can never be > 9223372036854775807"),
        Case(["a: !(type != 1 && id != 1) && !has(type) && !has(id)"],
             "1: [never-matches] rule 'a' can never match: '!(type != 1 && id != 1)', '!has(type)' and '!has(id)' cannot all be true"),
        Case(["a: !(type == 1 || id == 1) && (type == 1 || id == 1)"],
             "1: [never-matches] rule 'a' can never match: '!(type == 1)', '!(id == 1)' and '(type == 1 || id == 1)' cannot all be true"),
        Case(["a: !(!(false))"], "1: [never-matches] rule 'a' can never match: '!(!(false))' is never true"),
        Case(["a: false"], "1: [never-matches] rule 'a' can never match: 'false' is never true"),
        Case(["a: type == 3.5", "b: type == 3"],
             "1: [never-matches] rule 'a' can never match: 'type' can never be 3.5"),
    ]

    static let shadowed: [Case] = [
        Case(["a: type in [1, 2, 3]", "b: type == 3"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        // The same for a field of no declared type; 3.0 is the same value as 3.
        Case(["a: undeclared in [1, 2, 3]", "b: undeclared == 3.0"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: undeclared != null", #"b: undeclared == "x""#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 3", "b: type == 3 && id == 1"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 1", "b: type == 2", "c: type in [1, 2]"],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case(["a: type == 1", "b: type == 2", "c: type == 1 || type == 2"],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case(["a: type == 3.0", "b: type == 3"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: id > 5", "b: id >= 6"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: score > 5", "b: score >= 6"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: id < 1e30", "b: has(id)"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case([#"a: has(uid)"#, #"b: uid == "u1""#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type != 3", "b: type == 4"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: !(type == 1)", "b: type == 2"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 1", "b: !(type != 1 || id == 2)"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case([#"a: target < "b""#, #"b: target == "a\U0010FFFF""#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case([#"a: target >= "m""#, #"b: target < "m""#, #"c: has(target)"#],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case([#"a: target <= "a""#, #"b: target > "a" && target < "a\u0000\u0000""#, #"c: target < "a\u0000\u0000""#],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case([#"a: target > """#, #"b: target != """#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: id < 1", "b: id > 1", "c: id != 1"],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case(["a: score <= 1.0", "b: score > 1.0", "c: score == 2"],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rule 'b' | note 2: 'b' matches first here"),
        Case(["a: flag", "b: !flag", "c: has(flag)"],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case(["a: has(uid) || !has(uid)", "b: type == 1"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: true", "b: type == 3"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case([#"a: target in ["x", "y"]"#, #"b: target == "y" && has(uid)"#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 3 && has(id) => id=id:int", "b: type == 3 && id == 7"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 3 && id > 0 => id=id:string", "b: type == 3 && id == 7"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case([#"a: has(uid) && uid != "" => user=uid"#, #"b: uid == "u1""#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        // Where its params compute, a rule takes the payload: `id` present covers `id > 5`.
        Case(["a: type == 3 => id=id:int", "b: type == 3 && id > 5"],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 3 => x=target:string; y=aps.badge:int", #"b: type == 3 && target == "x" && aps.badge == 1"#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: has(uid) => user=uid", #"b: uid == "u1""#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: has(type) => user=uid", #"b: type == 1 && uid in ["u1", "u2"]"#],
             "2: [shadowed-rule] rule 'b' is never reached: every payload it matches is matched by earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 3 => id=id:int", "b: type == 3 && !has(id)", "c: type == 3"],
             "3: [shadowed-rule] rule 'c' is never reached: every payload it matches is matched by earlier rules 'a' and 'b' | note 1: 'a' matches first here | note 2: 'b' matches first here"),
        Case(["a: type == 3 && id == 1", "b: id == 1 && 3 == type"],
             "2: [duplicate-predicate] rule 'b' is never reached: it has the same condition as earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: type == 3 => id=42:int", "b: type == 3"],
             "2: [duplicate-predicate] rule 'b' is never reached: it has the same condition as earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: size(target) > 0", "b: size(target) > 0"],
             "2: [duplicate-predicate] rule 'b' is never reached: it has the same condition as earlier rule 'a' | note 1: 'a' matches first here"),
        Case(["a: has(extra)", "b: has(extra)"],
             "2: [duplicate-predicate] rule 'b' is never reached: it has the same condition as earlier rule 'a' | note 1: 'a' matches first here"),
    ]

    static let lookAlikes: [Case] = [
        // CEL converts 2^53 + 1 to the double 2^53 before comparing: both can match.
        Case(["a: score == 9007199254740993"]),
        Case(["a: score < 9007199254740993", "b: score <= 9007199254740992"]),
        Case(["a: type == 3 && id == 1", "b: type == 3"]),
        Case(["a: type == 4", "b: type != 3"]),
        // `type != 3` is an error, not true, when `type` is missing.
        Case(["a: type == 3 || type != 3", "b: has(uid)"]),
        Case(["a: !(type == 1)", "b: !has(type)"]),
        // With `aps` missing, `has(aps.badge)` is an error.
        Case(["a: has(aps.badge) || !has(aps.badge)", "b: type == 1"]),
        Case(["a: size(target) > 0", #"b: target == "x""#]),
        Case(["a: size(target) > 0 && size(target) < 0"]),
        Case(["a: type == 3", "b: id == 3"]),
        Case(["a: type == 3 => id=id:int", "b: type == 3"]),
        Case(["a: has(id) => user=uid", "b: has(id)"]),
        // An empty user id cannot be performed (the rule does not match), and `has(uid)` lets
        // `""` through: on `{"uid": ""}` the payload goes on to 'b'.
        Case(["a: has(uid) => user=uid", #"b: uid < "u""#]),
        Case(["a: has(uid) => user=\"\"", "b: has(uid)"]),
        // `uid` may be "" (no user), `id` may be missing while `type` is 3.
        Case(["a: has(type) => user=uid", "b: has(type) && has(uid)"]),
        Case(["a: type == 3 => x=id:int; user=uid", "b: type == 3 && id == 1"]),
        Case(["a: type == 3 => x=id:int", "b: type == 3 && has(target)"]),
        // A param that reads more than a field, or converts from a type it may not fit, is not
        // proved to compute anywhere.
        Case(["a: type == 3 => x=id + 1:int", "b: type == 3 && id == 1"]),
        Case(["a: type == 3 => x=score:int", "b: type == 3 && score == 1"]),
        Case(["a: type == 3 => x=\"a\":int", "b: type == 3"]),
        Case(["a: type == 3 || size(target) > 0", "b: type == 3"]),
        Case(["a: type == 3", "b: type == 3 || size(target) > 0"]),
        Case(["a: type == 1 && type == 2 || size(target) > 0"]),
        Case([#"a: target.startsWith("x")"#, #"b: target == "xy""#]),
        Case([#"a: target == "xy""#, #"b: target.startsWith("x") && target == "xy""#]),
        // String ranges: code point order, and the strings between are never all excluded.
        Case([#"a: target > "a" && target < "b""#]),
        Case([#"a: target > "a" && target < "a\u0000\u0000""#]),
        Case([#"a: target < "b""#, #"b: target == "b""#]),
        Case([#"a: target <= "a""#, #"b: target < "a\u0000\u0000""#]),
        Case([#"a: target < "Z""#, #"b: target == "\u00E9""#, #"c: target < "a""#]),
        Case(["a: score > 1 && score < 2"]),
        Case(["a: score > 1.0", "b: score >= 1.0"]),
        // NaN is neither below nor above 1, but it is not 1.
        Case(["a: score < 1", "b: score > 1", "c: score != 1"]),
        // Untyped fields (undeclared, or `any`): int and double are equal by value, other kinds
        // never equal a number, and ordering is not analysed.
        Case(["a: undeclared == 1", #"b: undeclared == "1""#, "c: undeclared == [1]", "d: undeclared == null"]),
        Case(["a: extra in [1, 2]", "b: extra > 1"]),
        Case(["a: undeclared == 9007199254740992.0", "b: undeclared == 9007199254740993"]),
        Case(["a: undeclared != 1", "b: undeclared == 1.5 || !has(undeclared)"]),
        Case(["a: type == 1 ? true : false", "b: type == 1"]),
        Case(["a: type + 1 == 2 && type == 5"]),
        // Canonically equivalent strings that CEL tells apart.
        Case(["a: target == \"\u{E9}\"", "b: target == \"e\u{301}\""]),
        Case(["a: type == 1 && type == 1.0", "b: type == 2"]),
        // Too many alternatives: the analysis gives up rather than guess.
        Case([
            "a: type in [1, 2]",
            #"b: (type == 1 || type == 2) && (id == 1 || id == 2) && (score == 1 || score == 2)"#
                + #" && (target == "1" || target == "2") && (uid == "1" || uid == "2") && (flag || !flag)"#
                + " && (aps.badge == 1 || aps.badge == 2)",
        ]),
    ]

    @Test(arguments: neverMatching)
    func flagsRulesThatCanNeverMatch(_ c: Case) throws {
        #expect(try analyze(c.rules) == c.expected)
    }

    @Test(arguments: shadowed)
    func flagsRulesThatAreNeverReached(_ c: Case) throws {
        #expect(try analyze(c.rules) == c.expected)
    }

    @Test(arguments: lookAlikes)
    func leavesLookAlikesAlone(_ c: Case) throws {
        #expect(try analyze(c.rules) == c.expected)
    }

    @Test func warningsPointAtTheWhenValue() throws {
        let rules = try checkedRules(["a: type == 1", "b: type == 1 && id == 2"])
        let warning = try #require(RuleAnalyzer.analyze(rules, fieldTypes: analysisFields).first)
        #expect(warning.severity == .warning)
        #expect(warning.range == rules[1].rule.when.range)
        #expect(warning.notes.first?.range == rules[0].rule.when.range)
    }
}
