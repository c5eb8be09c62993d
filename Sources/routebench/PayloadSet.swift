import Foundation
import RouteKit

/// One size's payloads in every form the measurements need: JSON bytes for `JSONReader`,
/// `Data` for `JSONSerialization`, and decoded values for `decide`.
struct PayloadSet {
    var bytes: [[UInt8]]
    var data: [Data]
    var values: [JSONValue]
    /// Payloads the strict reader rejected (a generator bug if not zero).
    var unreadable: Int
    var averageBytes: Double

    init(rules: [RuleSpec], count: Int, seed: UInt64) {
        let texts = PayloadGenerator.generate(for: rules, count: count, seed: seed)
        bytes = texts.map { Array($0.utf8) }
        data = bytes.map { Data($0) }
        var values: [JSONValue] = []
        values.reserveCapacity(count)
        var unreadable = 0
        for payload in bytes {
            if let value = try? JSONReader.read(payload) {
                values.append(value)
            } else {
                unreadable += 1
            }
        }
        self.values = values
        self.unreadable = unreadable
        averageBytes = Double(bytes.reduce(0) { $0 + $1.count }) / Double(max(1, count))
    }
}
