import RouteKit
import Testing

/// `JSONValue.equalsByValue`: CEL's equality on JSON, numbers by value across int and double.
@Suite struct JSONValueEqualityTests {
    @Test(arguments: [
        (JSONValue.int(1), JSONValue.double(1)),
        (.double(-0.0), .int(0)),
        (JSONValue.array([1, ["k": 2]]), JSONValue.array([1.0, ["k": 2.0]])),
        (JSONValue.object(["a": [1, 2], "b": "x"]), JSONValue.object(["b": "x", "a": [1.0, 2]])),
        (.null, .null),
        ("1", "1"),
    ])
    func equalValues(_ left: JSONValue, _ right: JSONValue) {
        #expect(left.equalsByValue(right))
        #expect(right.equalsByValue(left))
    }

    @Test(arguments: [
        (JSONValue.int(1), JSONValue.string("1")),
        (.int(1), .double(1.5)),
        (.bool(true), .int(1)),
        // 2^53 + 1 has no exact double: it is not the double 2^53.
        (.int(9_007_199_254_740_993), .double(9_007_199_254_740_992)),
        (JSONValue.array([1, 2]), JSONValue.array([1])),
        (JSONValue.object(["a": 1]), JSONValue.object(["a": 1, "b": 2])),
        (JSONValue.object(["a": 1]), JSONValue.object(["b": 1])),
        (.null, .int(0)),
    ])
    func differentValues(_ left: JSONValue, _ right: JSONValue) {
        #expect(!left.equalsByValue(right))
        #expect(!right.equalsByValue(left))
    }
}
