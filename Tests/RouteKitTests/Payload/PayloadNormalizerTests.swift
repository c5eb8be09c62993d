import RouteKit
import Testing

struct PayloadNormalizerTests {
    struct ValueCase: CustomTestStringConvertible, Sendable {
        var value: JSONValue
        var type: FieldType
        var expected: JSONValue?
        var testDescription: String {
            "\(JSONWriter.write(value)) as \(type) -> \(expected.map { JSONWriter.write($0) } ?? "not normalizable")"
        }
        init(_ value: JSONValue, _ type: FieldType, _ expected: JSONValue?) {
            self.value = value
            self.type = type
            self.expected = expected
        }
    }

    static let valueCases: [ValueCase] = [
        // int: integers, integral doubles in range, `-?[0-9]+` strings that fit.
        .init(3, .int, 3), .init(3.0, .int, 3), .init(-0.0, .int, 0), .init(3.5, .int, nil),
        // -2^63 is in the 64-bit range (SPEC §4); 2^63 is past it. (JSON integers just below
        // Int64.min are kept as digits, never read as -2^63: `HostilePayloadTests`.)
        .init(.double(-0x1p63), .int, .int(.min)), .init(.double(0x1p63), .int, nil),
        .init(.double(-0x1p63 + 1024), .int, .int(-0x7FFF_FFFF_FFFF_FC00)),
        .init(1e300, .int, nil), .init("3", .int, 3), .init("-3", .int, -3), .init("007", .int, 7),
        .init("-0", .int, 0), .init("9223372036854775807", .int, .int(.max)),
        .init("-9223372036854775808", .int, .int(.min)), .init("9223372036854775808", .int, nil),
        .init("-9223372036854775809", .int, nil), .init("+1", .int, nil), .init(" 1", .int, nil),
        .init("1 ", .int, nil), .init("", .int, nil), .init("-", .int, nil), .init("1.0", .int, nil),
        .init("1e2", .int, nil), .init("0x10", .int, nil), .init("٣", .int, nil), .init("abc", .int, nil),
        .init(true, .int, nil), .init(nil, .int, nil), .init([1], .int, nil), .init(["a": 1], .int, nil),
        // double: numbers, strings in JSON number syntax.
        .init(1.5, .double, 1.5), .init(3, .double, 3.0), .init("1.5", .double, 1.5),
        .init("-0.5e3", .double, -500.0), .init("3", .double, 3.0), .init("1e300", .double, 1e300),
        .init("1E-2", .double, 0.01), .init("1e400", .double, nil), .init(" 1", .double, nil),
        .init("+1", .double, nil), .init("01", .double, nil), .init(".5", .double, nil),
        .init("1.", .double, nil), .init("NaN", .double, nil), .init("Infinity", .double, nil),
        .init("", .double, nil), .init(false, .double, nil), .init(nil, .double, nil),
        // string: strings, integers and integral doubles as integer text, other doubles shortest.
        .init("abc", .string, "abc"), .init("", .string, ""), .init(10086, .string, "10086"),
        .init(10086.0, .string, "10086"), .init(-0.0, .string, "0"), .init(0.5, .string, "0.5"),
        .init(0.1, .string, "0.1"), .init(1e-7, .string, "1e-07"), .init(2.5, .string, "2.5"),
        // Integral doubles past Int64 still as integer text, exactly the double's value.
        .init(.double(0x1p63), .string, "9223372036854775808"),
        .init(.double(-0x1p63), .string, "-9223372036854775808"),
        .init(9.3e18, .string, "9300000000000000000"), .init(1e21, .string, "1000000000000000000000"),
        .init(.double(0x1p64), .string, "18446744073709551616"),
        .init(1e22, .string, "10000000000000000000000"),
        .init(.double(.greatestFiniteMagnitude), .string, .string(Self.largestDouble)),
        .init(.int(.min), .string, "-9223372036854775808"), .init(true, .string, nil),
        .init(nil, .string, nil), .init([], .string, nil), .init(["a": 1], .string, nil),
        // bool: booleans and exactly "true"/"false".
        .init(true, .bool, true), .init(false, .bool, false), .init("true", .bool, true),
        .init("false", .bool, false), .init("True", .bool, nil), .init("1", .bool, nil),
        .init(1, .bool, nil), .init(0, .bool, nil), .init(nil, .bool, nil),
        // any: everything as it is.
        .init(nil, .any, nil as JSONValue), .init([1, "x"], .any, [1, "x"]), .init([:], .any, [:]),
        // lists: every element, or nothing.
        .init([1, "2", 3.0], .list(.int), [1, 2, 3]), .init([1, 2], .list(.int), [1, 2]),
        .init([], .list(.int), []), .init([1, "x"], .list(.int), nil), .init("1", .list(.int), nil),
        .init([1], .list(.string), ["1"]), .init([[1], ["2"]], .list(.list(.int)), [[1], [2]]),
        .init([[1], "2"], .list(.list(.int)), nil), .init([1, nil], .list(.any), [1, nil]),
    ]

    /// `Double.greatestFiniteMagnitude`, (2^53 - 1) · 2^971, in decimal.
    static let largestDouble = "1797693134862315708145274237317043567980705675258449965989174768031572607800285387605895"
        + "5863276687817154045895351438246423432132688946418276846754670353751698604991057655128207"
        + "6245490090389328944075868508455133942304583236903222948165808559332123348274797826204144"
        + "723168738177180919299881250404026184124858368"

    @Test(arguments: valueCases)
    func normalizesValues(_ c: ValueCase) {
        #expect(PayloadNormalizer.normalize(c.value, as: c.type) == c.expected)
    }

    static let fields: [CodePointKey: FieldType] = [
        "type": .int, "id": .int, "uid": .string, "target": .string, "price": .double, "silent": .bool,
        "ids": .list(.int), "aps.badge": .int, "aps.alert": .any, "data.item.count": .int,
    ]

    @Test func convertsDeclaredFieldsAtEveryDepth() {
        let payload: JSONValue = [
            "type": "3", "id": 42, "uid": 10086, "price": "9.5", "silent": "true", "ids": ["1", 2],
            "aps": ["badge": "1", "alert": ["body": "Hi"], "sound": "default"],
            "data": ["item": ["count": 2.0]], "other": "kept",
        ]
        let (normalized, issues) = PayloadNormalizer(fields: Self.fields).normalize(payload)
        #expect(normalized == [
            "type": 3, "id": 42, "uid": "10086", "price": 9.5, "silent": true, "ids": [1, 2],
            "aps": ["badge": 1, "alert": ["body": "Hi"], "sound": "default"],
            "data": ["item": ["count": 2]], "other": "kept",
        ])
        #expect(issues.isEmpty)
    }

    @Test func leavesNormalPayloadsAlone() {
        let payload: JSONValue = ["type": 3, "uid": "u1", "aps": ["badge": 1, "alert": "Hi"]]
        let (normalized, issues) = PayloadNormalizer(fields: Self.fields).normalize(payload)
        #expect(normalized == payload)
        #expect(issues.isEmpty)
    }

    @Test func removesAndReportsWhatCannotBeNormalized() {
        let payload: JSONValue = [
            "type": "abc", "uid": nil, "silent": "yes", "ids": [1, "x"], "price": "1e400",
            "aps": ["badge": true, "alert": nil], "target": "notice",
        ]
        let (normalized, issues) = PayloadNormalizer(fields: Self.fields).normalize(payload)
        #expect(normalized == ["aps": ["alert": nil], "target": "notice"])
        #expect(issues.map(\.message) == [
            "aps.badge: true is not an int, treated as missing",
            #"ids: [1,"x"] is not a [int], treated as missing"#,
            #"price: "1e400" is not a double, treated as missing"#,
            #"silent: "yes" is not a bool, treated as missing"#,
            #"type: "abc" is not an int, treated as missing"#,
            "uid: null is not a string, treated as missing",
        ])
        #expect(issues.last == NormalizationIssue(
            path: "uid", value: nil, expected: .string, message: "uid: null is not a string, treated as missing"))
    }

    @Test func absentFieldsAndNonObjectParentsAreNotIssues() {
        let normalizer = PayloadNormalizer(fields: Self.fields)
        let payload: JSONValue = ["aps": "just text", "data": ["item": [1, 2]]]
        let (normalized, issues) = normalizer.normalize(payload)
        #expect(normalized == payload)
        #expect(issues.isEmpty)
        #expect(normalizer.normalize([:]) == ([:], []))
    }

    @Test(arguments: [JSONValue.array([1]), "text", 3, nil])
    func payloadsThatAreNotObjectsAreReturnedUnchanged(_ payload: JSONValue) {
        let (normalized, issues) = PayloadNormalizer(fields: Self.fields).normalize(payload)
        #expect(normalized == payload)
        #expect(issues.isEmpty)
    }

    @Test func aRemovedParentTakesItsChildrenWithIt() {
        let normalizer = PayloadNormalizer(fields: ["aps": .string, "aps.badge": .int])
        let (normalized, issues) = normalizer.normalize(["aps": ["badge": "x"]])
        #expect(normalized == [:])
        #expect(issues.map(\.message) == [#"aps: {"badge":"x"} is not a string, treated as missing"#])
    }

    @Test func longValuesAreShortenedInMessages() {
        let (_, issues) = PayloadNormalizer(fields: ["type": .int]).normalize(
            ["type": .string(String(repeating: "a", count: 100))])
        #expect(issues.map(\.message) == ["type: \"" + String(repeating: "a", count: 56) + "... is not an int, treated as missing"])
    }
}
