#if canImport(Foundation)
import Foundation

extension JSONValue {
    /// Converts a notification's `userInfo` (or the remote-notification entry of launch options)
    /// into a payload; nil when it holds something JSON cannot (a non-string key, a date, NaN, …)
    /// or nests deeper than `PayloadLimits.maxDepth`.
    ///
    /// ```swift
    /// let payload = JSONValue(userInfo: response.notification.request.content.userInfo)
    /// ```
    public init?(userInfo: [AnyHashable: Any]) {
        guard let value = JSONValue(foundation: userInfo, depth: 1) else { return nil }
        self = value
    }

    private init?(foundation value: Any, depth: Int) {
        guard depth <= PayloadLimits.maxDepth else { return nil }
        switch value {
        case is NSNull:
            self = .null
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            if Self.isBoolean(number) {
                self = .bool(number.boolValue)
                return
            }
            switch String(cString: number.objCType) {
            case "f", "d":
                guard number.doubleValue.isFinite else { return nil }
                self = .double(number.doubleValue)
            case "Q" where number.uint64Value > UInt64(Int64.max):
                self = .double(number.doubleValue)
            default:
                self = .int(number.int64Value)
            }
        case let elements as [Any]:
            var converted: [JSONValue] = []
            converted.reserveCapacity(elements.count)
            for element in elements {
                guard let item = JSONValue(foundation: element, depth: depth + 1) else { return nil }
                converted.append(item)
            }
            self = .array(converted)
        case let members as [AnyHashable: Any]:
            var converted = JSONObject(minimumCapacity: members.count)
            for (key, member) in members {
                guard let key = key.base as? String,
                    let item = JSONValue(foundation: member, depth: depth + 1)
                else { return nil }
                converted[key] = item
            }
            self = .object(converted)
        default:
            return nil
        }
    }

    /// Booleans are NSNumbers too. On Apple platforms only the CFBoolean singletons are true
    /// booleans; swift-corelibs-foundation stores them as `char` (JSON never gives an Int8).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
            return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
            return String(cString: number.objCType) == "c"
        #endif
    }
}
#endif
