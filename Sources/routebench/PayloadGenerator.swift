/// Generates notification payloads as JSON text for a generated table: about 265 bytes each, with
/// `aps` (alert, badge, sound), `type`, `target`, `id`, `uid` and a timestamp, as backends send
/// them — numbers sometimes as strings, `aps.alert` sometimes a dictionary, fields sometimes
/// missing. The mix hits early rules, late rules and no rule at all.
///
/// ```swift
/// let texts = PayloadGenerator.generate(for: table.rules, count: 1000, seed: 7)
/// ```
enum PayloadGenerator {
    /// Per 100 payloads: aimed at the first tenth of the rules, the last tenth, anywhere, or none.
    static let earlyPercent = 35
    static let latePercent = 35
    static let middlePercent = 10

    private static let alerts = [
        "Alex replied to your comment on \\\"Weekend hiking trip: photos and route\\\"",
        "Your order #48213 has shipped and should arrive on Thursday between 9 and 12",
        "Reminder: the design review starts in 15 minutes in room 4B, bring your notes",
        "New message from Jordan: are we still on for dinner at 7? I booked a table",
    ]

    static func generate(for rules: [RuleSpec], count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed ^ 0x5EED_0000 ^ UInt64(rules.count))
        return (0..<count).map { serial in payload(for: rules, serial: serial, &random) }
    }

    private static func payload(for rules: [RuleSpec], serial: Int,
                                _ random: inout SeededGenerator) -> String {
        var fields = Fields(random: &random)
        let roll = Int.random(in: 0..<100, using: &random)
        let tenth = max(1, rules.count / 10)
        let target: Int? = switch roll {
        case ..<earlyPercent: Int.random(in: 0..<min(tenth, rules.count), using: &random)
        case ..<(earlyPercent + latePercent):
            rules.count - 1 - Int.random(in: 0..<min(tenth, rules.count), using: &random)
        case ..<(earlyPercent + latePercent + middlePercent):
            Int.random(in: 0..<rules.count, using: &random)
        default: nil
        }
        if let target, rules.indices.contains(target) {
            fields.aim(at: rules[target], &random)
        } else {
            fields.type = random.chance(50) ? "\"unknown\(serial % 97)\"" : "\(900_000 + serial % 97)"
        }
        return fields.json(serial: serial, alert: alerts[serial % alerts.count], &random)
    }

    /// The payload's fields as JSON fragments (already quoted where they are strings).
    private struct Fields {
        var type: String? = "\"misc\""
        var target: String? = "\"news\""
        var id: String?
        var uid: String?
        var badge: Int

        init(random: inout SeededGenerator) {
            let number = Int.random(in: 1..<5000, using: &random)
            if random.chance(85) { id = random.chance(80) ? "\(number)" : "\"\(number)\"" }
            badge = Int.random(in: 0...20, using: &random)
            if random.chance(10) { uid = Self.user(&random) }
        }

        static func user(_ random: inout SeededGenerator) -> String {
            let user = Int.random(in: 10000..<99999, using: &random)
            return random.chance(70) ? "\"\(user)\"" : "\(user)"
        }

        /// A `type` value as a backend sends it: numeric text half the time as a JSON number.
        static func typeValue(_ value: String, _ random: inout SeededGenerator) -> String {
            if Int(value) != nil, random.chance(50) { return value }
            return "\"\(value)\""
        }

        mutating func aim(at rule: RuleSpec, _ random: inout SeededGenerator) {
            switch rule.predicate {
            case .typeEquals(let value):
                type = Self.typeValue(value, &random)
            case .targetEquals(let value):
                target = "\"\(value)\""
            case .typeIn(let values):
                type = "\"\(values[Int.random(in: 0..<values.count, using: &random)])\""
            case .typeWithIDRange(let value, let low, let high):
                type = Self.typeValue(value, &random)
                let inside = random.chance(90)
                id = "\(inside ? Int.random(in: low..<high, using: &random) : high + 7)"
            case .targetWithUserOrBadge(let value):
                target = "\"\(value)\""
                if random.chance(50) { uid = Self.user(&random) } else { badge = random.chance(80) ? 3 : 0 }
            case .hasUser:
                uid = Self.user(&random)
            case .badgeAtLeast(let count):
                uid = nil
                badge = count + Int.random(in: 0..<50, using: &random)
            }
        }

        func json(serial: Int, alert: String, _ random: inout SeededGenerator) -> String {
            let alertJSON = random.chance(20)
                ? "{\"title\":\"Update\",\"body\":\"\(alert.prefix(60))\"}" : "\"\(alert)\""
            var members = ["\"aps\":{\"alert\":\(alertJSON),\"badge\":\(badge),\"sound\":\"default\","
                + "\"category\":\"MESSAGE\",\"mutable-content\":1}"]
            if let type { members.append("\"type\":\(type)") }
            if let target { members.append("\"target\":\(target)") }
            if let id { members.append("\"id\":\(id)") }
            if let uid { members.append("\"uid\":\(uid)") }
            members.append("\"sent_at\":\"2024-05-\(10 + serial % 20)T12:34:56Z\"")
            members.append("\"trace\":\"c0ffee-\(String(serial &* 2_654_435_761 % 0xFFFF_FFFF, radix: 16))\"")
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}
