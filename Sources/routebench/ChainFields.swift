import Foundation
import RouteKit

/// What the hand-written chain decides: the rule (index in table order, -1 for none) and the
/// values the app would navigate with — the `id` param and the user the route is addressed to.
struct ChainRoute: Sendable, Hashable {
    var rule: Int
    var id: Int64?
    var user: String?

    init(rule: Int, id: Int64? = nil, user: String? = nil) {
        self.rule = rule
        self.id = id
        self.user = user
    }

    static let none = ChainRoute(rule: -1)

    /// The same summary of a `Decision`, for checking that the chain agrees with the table.
    init(_ decision: Decision) {
        guard case .rule(_, let index) = decision.source else {
            self.init(rule: -1)
            return
        }
        let screen = decision.action?.present ?? decision.action?.push.last
        var id: Int64?
        if case .int(let value) = screen?.params["id"] { id = value }
        var user: String?
        if case .user(let name) = decision.login { user = name }
        self.init(rule: index, id: id, user: user)
    }
}

/// The field conversions an app delegate writes by hand, matching what the table declares
/// (`type: string` accepts `3` and `"3"`; `id: int` accepts `42` and `"42"`), on the decoded
/// `JSONValue` that `decide` gets.
enum ChainFields {
    static func string(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return text(of: number)
        default: return nil
        }
    }

    static func int(_ value: JSONValue?) -> Int64? {
        switch value {
        case .int(let number): return number
        case .double(let number): return integral(number)
        case .string(let text): return integer(text)
        default: return nil
        }
    }

    /// Integer text as the table accepts it: `-?[0-9]+` that fits in 64 bits.
    static func integer(_ text: String) -> Int64? {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }

    static func integral(_ number: Double) -> Int64? {
        guard number.rounded() == number, number > -0x1p63, number < 0x1p63 else { return nil }
        return Int64(number)
    }

    static func text(of number: Double) -> String? {
        guard number.isFinite else { return nil }
        if let integer = integral(number) { return String(integer) }
        return "\(number)"
    }
}

/// The same conversions on a `[String: Any]` from Foundation's `JSONSerialization`, the way apps
/// read `userInfo` today.
enum ChainAnyFields {
    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text
        case let number as NSNumber where !number.isBoolean:
            return number.int64Exact.map { String($0) } ?? ChainFields.text(of: number.doubleValue)
        default: return nil
        }
    }

    static func int(_ value: Any?) -> Int64? {
        switch value {
        case let text as String: return ChainFields.integer(text)
        case let number as NSNumber where !number.isBoolean:
            return number.int64Exact ?? ChainFields.integral(number.doubleValue)
        default: return nil
        }
    }

    static func object(_ value: Any?) -> [String: Any]? {
        value as? [String: Any]
    }
}

extension NSNumber {
    /// The value when it is exactly a 64-bit integer.
    fileprivate var int64Exact: Int64? { self as? Int64 }

    /// Whether this is JSON `true`/`false` (`objCType` "c"); `is Bool` would also accept 0 and 1.
    fileprivate var isBoolean: Bool { objCType.pointee == CChar(UInt8(ascii: "c")) }
}
