import RouteKit
import Testing

@Suite struct NodeCoreSchemaTests {
    static let here = SourceRange.wholeFile("t.yaml")

    static func scalar(_ value: String, _ style: Node.ScalarStyle = .plain, tag: String? = nil)
        -> Node
    {
        Node(.scalar(Node.Scalar(value, style: style)), tag: tag, range: here)
    }

    static let plainCases: [(String, Node.ResolvedScalar)] = [
        ("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
        ("nULL", .string("nULL")),
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
        ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
        ("yes", .string("yes")), ("no", .string("no")), ("on", .string("on")),
        ("off", .string("off")), ("tRUE", .string("tRUE")),
        ("0", .int(0)), ("42", .int(42)), ("-17", .int(-17)), ("+5", .int(5)),
        ("007", .int(7)), ("0o17", .int(15)), ("0x1F", .int(31)), ("0xff", .int(255)),
        ("0o8", .string("0o8")), ("0x", .string("0x")), ("-0x1", .string("-0x1")),
        ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("1.5", .double(1.5)), ("-.5", .double(-0.5)), ("1.", .double(1)),
        ("1e3", .double(1000)), ("2.5E-1", .double(0.25)), (".inf", .double(.infinity)),
        ("-.Inf", .double(-.infinity)), ("+.INF", .double(.infinity)),
        (".", .string(".")), ("1e", .string("1e")), ("1_000", .string("1_000")),
        ("0x1p3", .string("0x1p3")), ("inf", .string("inf")), ("nan", .string("nan")),
        ("1.2.3", .string("1.2.3")), ("3 == 3", .string("3 == 3")), ("message_detail", .string("message_detail")),
        ("2001-12-14", .string("2001-12-14")), ("1:20", .string("1:20")),
    ]

    @Test func plainScalarsResolveByTheCoreSchema() {
        for (text, expected) in Self.plainCases {
            #expect(Self.scalar(text).resolvedScalar == expected, "\(text)")
        }
        if case .double(let nan)? = Self.scalar(".NaN").resolvedScalar {
            #expect(nan.isNaN)
        } else {
            Issue.record(".NaN is not a double")
        }
    }

    @Test func quotedAndBlockScalarsAreStrings() {
        for style in [Node.ScalarStyle.singleQuoted, .doubleQuoted, .literal, .folded] {
            #expect(Self.scalar("3", style).resolvedScalar == .string("3"))
            #expect(Self.scalar("true", style).resolvedScalar == .string("true"))
            #expect(Self.scalar("", style).resolvedScalar == .string(""))
        }
    }

    @Test func explicitTagsForceTheType() {
        let core = "tag:yaml.org,2002:"
        #expect(Self.scalar("3", tag: core + "str").resolvedScalar == .string("3"))
        #expect(Self.scalar("3", .doubleQuoted, tag: core + "int").resolvedScalar == .int(3))
        #expect(Self.scalar("3", tag: core + "float").resolvedScalar == .double(3))
        #expect(Self.scalar("true", .singleQuoted, tag: core + "bool").resolvedScalar == .bool(true))
        #expect(Self.scalar("", .singleQuoted, tag: core + "null").resolvedScalar == .null)
        #expect(Self.scalar("3", tag: "!").resolvedScalar == .string("3"))
        // A value its tag cannot represent stays a string (the reader reports it).
        #expect(Self.scalar("abc", tag: core + "int").resolvedScalar == .string("abc"))
        #expect(Self.scalar("1", tag: "!custom").resolvedScalar == .string("1"))
    }

    @Test func collectionsHaveNoScalarValue() {
        #expect(Node(.sequence([]), range: Self.here).resolvedScalar == nil)
        #expect(Node(.mapping([]), range: Self.here).resolvedScalar == nil)
    }

    @Test func yaml11BooleansAreRecognized() {
        for text in ["yes", "No", "ON", "off", "y", "N", "YES"] {
            #expect(Self.scalar(text).isYAML11Boolean, "\(text)")
        }
        #expect(!Self.scalar("yes", .doubleQuoted).isYAML11Boolean)
        #expect(!Self.scalar("true").isYAML11Boolean)
        #expect(!Self.scalar("yess").isYAML11Boolean)
        #expect(!Self.scalar("yes", tag: "tag:yaml.org,2002:str").isYAML11Boolean)
    }

    @Test func jsonValueConvertsTheTree() {
        let pair = { (key: String, value: Node) in Node.Pair(key: Self.scalar(key), value: value) }
        let node = Node(.mapping([
            pair("type", Self.scalar("3")),
            pair("id", Self.scalar("3", .doubleQuoted)),
            pair("list", Node(.sequence([Self.scalar("true"), Self.scalar("~"), Self.scalar("1.5")]),
                              range: Self.here)),
            pair("1", Self.scalar("big")),
            pair("~", Self.scalar("null key")),
            // Past 64 bits: the nearest double, as JSONReader reads it (SPEC §4).
            pair("huge", Self.scalar("99999999999999999999")),
            pair("exact", Self.scalar("+0100000000000000000000")),
        ]), range: Self.here)
        #expect(node.jsonValue == [
            "type": 3, "id": "3", "list": [true, nil, 1.5], "1": "big", "": "null key",
            "huge": .double(1e20), "exact": .double(1e20),
        ])
    }
}
