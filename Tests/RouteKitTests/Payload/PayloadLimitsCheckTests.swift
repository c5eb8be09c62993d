import RouteKit
import Testing

/// Payloads built some other way than by `JSONReader` — from YAML, or in code — are held to the
/// same limits and to JSON's finite numbers, each at its limit and one past it.
@Suite struct PayloadLimitsCheckTests {
    static func nested(_ depth: Int) -> JSONValue {
        var value: JSONValue = [:]
        for _ in 1..<depth { value = ["a": value] }
        return value
    }

    @Test func acceptsWhatJSONReaderAccepts() throws {
        #expect(PayloadLimits.problem(in: ["type": 3, "aps": ["alert": "Hi"], "ids": [1, 2.5, nil, true]]) == nil)
        #expect(PayloadLimits.problem(in: Self.nested(PayloadLimits.maxDepth)) == nil)
        let longest = String(repeating: "x", count: PayloadLimits.maxStringBytes)
        #expect(PayloadLimits.problem(in: ["s": .string(longest)]) == nil)
        #expect(PayloadLimits.problem(in: [longest: 1]) == nil)
        // {"a":"…","b":"…","c":"…","d":"…"} is 29 bytes around the strings: 65,507 of them.
        let quarter = String(repeating: "x", count: PayloadLimits.maxBytes / 4 - 7)
        let largest: JSONValue = ["a": .string(quarter), "b": .string(quarter), "c": .string(quarter),
                                  "d": .string(String(quarter.dropLast()))]
        #expect(JSONWriter.write(largest).utf8.count == PayloadLimits.maxBytes)
        #expect(PayloadLimits.problem(in: largest) == nil)
        // The same payload read from its text is accepted too.
        #expect(throws: Never.self) { try JSONReader.read(JSONWriter.write(largest)) }
    }

    @Test func refusesNonFiniteNumbersWhereTheyAre() throws {
        for number in [Double.infinity, -.infinity, .nan] {
            let problem = try #require(PayloadLimits.problem(in: ["type": 1, "data": ["x": .double(number)]]))
            #expect(problem.code == JSONReadError.numberOutOfRange)
            #expect(problem.message == "number out of range: JSON has no \(number)")
            #expect(problem.path == ["data", "x"] && !problem.isKey)
        }
        // Inside a list, the path stops at the list.
        let inList = try #require(PayloadLimits.problem(in: ["ids": [1, .double(.infinity)]]))
        #expect(inList.path == ["ids"])
    }

    @Test func refusesPastEachLimit() throws {
        let tooDeep = try #require(PayloadLimits.problem(in: Self.nested(PayloadLimits.maxDepth + 1)))
        #expect(tooDeep.code == JSONReadError.tooDeep)
        #expect(tooDeep.message == "nesting deeper than 32 levels")
        #expect(tooDeep.path == Array(repeating: "a", count: PayloadLimits.maxDepth))

        let long = String(repeating: "x", count: PayloadLimits.maxStringBytes + 1)
        let string = try #require(PayloadLimits.problem(in: ["s": .string(long)]))
        #expect(string.code == JSONReadError.stringTooLong && string.path == ["s"] && !string.isKey)
        #expect(string.message == "string longer than 16384 bytes")
        let key = try #require(PayloadLimits.problem(in: ["data": [long: 1]]))
        #expect(key.code == JSONReadError.stringTooLong && key.path == ["data", long] && key.isKey)

        let quarter = String(repeating: "x", count: PayloadLimits.maxBytes / 4 - 7)
        let large: JSONValue = ["a": .string(quarter), "b": .string(quarter), "c": .string(quarter),
                                "d": .string(quarter)]
        let size = try #require(PayloadLimits.problem(in: large))
        #expect(size.code == JSONReadError.tooLarge && size.path == [])
        #expect(size.message == "payload is larger than 65536 bytes as compact JSON")
        // Escapes count: 12,000 control characters are 72,000 bytes written (`\u0001` each).
        let escaped: JSONValue = ["s": .string(String(repeating: "\u{01}", count: 12_000))]
        #expect(PayloadLimits.problem(in: escaped)?.code == JSONReadError.tooLarge)
        #expect(throws: JSONReadError.self) { try JSONReader.read(JSONWriter.write(escaped)) }
        // Far past the limit, the payload is refused without being written out.
        let huge = JSONValue.array(Array(repeating: .string(quarter), count: 1_000))
        #expect(PayloadLimits.problem(in: huge)?.code == JSONReadError.tooLarge)
    }

    @Test func namesTheSameProblemEveryTime() throws {
        // Keys are visited in order, whatever the dictionary's: 'a' before 'b'.
        let payload: JSONValue = ["b": .double(.nan), "a": .double(.infinity)]
        #expect(PayloadLimits.problem(in: payload)?.path == ["a"])
    }

    @Test func readerLimitsCanBeWidenedForAFileOfPayloads() throws {
        let limits = JSONReadLimits(maxBytes: 1_000, maxDepth: 3, maxStringBytes: 5)
        #expect(try JSONReader.read(#"[{"a": [1]}]"#.utf8.map { $0 }, limits: limits) == [["a": [1]]])
        #expect(throws: JSONReadError(code: JSONReadError.tooDeep, message: "nesting deeper than 3 levels", offset: 8)) {
            try JSONReader.read(#"[{"a": [[1]]}]"#.utf8.map { $0 }, limits: limits)
        }
        #expect(try JSONReader.read(#"["12345"]"#.utf8.map { $0 }, limits: limits) == ["12345"])
        #expect(throws: JSONReadError(code: JSONReadError.stringTooLong, message: "string longer than 5 bytes", offset: 1)) {
            try JSONReader.read(#"["123456"]"#.utf8.map { $0 }, limits: limits)
        }
        let padded = "[" + String(repeating: " ", count: 997) + "1]"
        #expect(try JSONReader.read(Array(padded.utf8), limits: limits) == [1])
        #expect(throws: JSONReadError(code: JSONReadError.tooLarge, message: "input is larger than 1000 bytes", offset: 1_000)) {
            try JSONReader.read(Array((padded + " ").utf8), limits: limits)
        }
        // The payload limits keep their own wording.
        #expect(throws: JSONReadError(code: JSONReadError.tooLarge, message: "payload is larger than 65536 bytes", offset: 65_536)) {
            try JSONReader.read([UInt8](repeating: 0x20, count: PayloadLimits.maxBytes + 1))
        }
    }

    @Test func nonFiniteValuesAreNotNormalizedNorOutput() throws {
        for type in [FieldType.int, .double, .string, .bool, .any, .list(.double)] {
            let value: JSONValue = type == .list(.double) ? [1.0, .double(.infinity)] : .double(.infinity)
            #expect(PayloadNormalizer.normalize(value, as: type) == nil, "\(type)")
            #expect(PayloadNormalizer.normalize(.double(.nan), as: type) == nil, "\(type)")
        }
        #expect(Value.double(.infinity).json == nil)
        #expect(Value.list([.double(1), .double(.nan)]).json == nil)
        #expect(Value.double(1.5).json == 1.5)
    }
}
