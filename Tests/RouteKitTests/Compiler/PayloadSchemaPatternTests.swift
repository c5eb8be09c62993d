import Foundation
import RouteKit
import Testing

/// The payload schema's pattern for integer strings accepts exactly the strings `int` accepts.
@Suite struct PayloadSchemaPatternTests {
    static let pattern = try! NSRegularExpression(pattern: PayloadSchema.decimalPattern)

    static func matches(_ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func accepted(_ text: String) -> Bool {
        PayloadNormalizer.normalize(.string(text), as: .int) != nil
    }

    @Test(arguments: [
        "0", "-0", "007", "-007", "42", "-7", "9223372036854775807", "-9223372036854775808",
        "0009223372036854775807", "9223372036854775808", "-9223372036854775809",
        "10000000000000000000", "99999999999999999999", "922337203685477580", "9223372036854775799",
        "", "-", "+1", " 1", "1 ", "1.0", "1e3", "٣", "0x10",
    ])
    func agreesWithInt(_ text: String) {
        #expect(Self.matches(text) == Self.accepted(text), "\(text)")
    }

    @Test func agreesOnIntegersAroundTheBounds() {
        var generator = SystemRandomNumberGenerator()
        for offset in -1_000...1_000 {
            for base in ["9223372036854775807", "-9223372036854775808", "1000000000000000000"] {
                let value = Decimal(string: base)! + Decimal(offset)
                let text = "\(value)"
                #expect(Self.matches(text) == Self.accepted(text), "\(text)")
            }
        }
        for _ in 0..<2_000 {
            let text = String(Int64.random(in: .min ... .max, using: &generator))
            #expect(Self.matches(text) && Self.accepted(text), "\(text)")
        }
    }
}
