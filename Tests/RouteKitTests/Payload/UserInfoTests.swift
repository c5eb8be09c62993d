import Foundation
import RouteKit
import Testing

/// `JSONValue(userInfo:)`: what an app delegate gets from `userInfo` (Foundation objects) becomes
/// the same payload as the JSON it was sent as.
@Suite struct UserInfoTests {
    static let json = #"{"aps":{"alert":{"title":"t","body":"b"},"badge":1,"sound":"default"},"type":3,"ok":true,"off":false,"ratio":1.5,"uid":"10086","ids":[1,2],"none":null}"#

    @Test func foundationObjectsConvertLikeTheJSONReader() throws {
        let object = try JSONSerialization.jsonObject(with: Data(Self.json.utf8))
        let userInfo = try #require(object as? [AnyHashable: Any])
        #expect(JSONValue(userInfo: userInfo) == (try JSONReader.read(Self.json)))
    }

    @Test func swiftValuesInALiteralConvert() {
        let userInfo: [AnyHashable: Any] = [
            "type": 3, "flag": true, "name": "x", "ratio": 2.5, "list": [1, 2] as [Int],
        ]
        #expect(JSONValue(userInfo: userInfo)
            == ["type": 3, "flag": true, "name": "x", "ratio": 2.5, "list": [1, 2]])
    }

    @Test func unrepresentableValuesGiveNil() {
        #expect(JSONValue(userInfo: ["when": Date()]) == nil)
        #expect(JSONValue(userInfo: [1: "non-string key"]) == nil)
        #expect(JSONValue(userInfo: ["x": Double.nan]) == nil)
    }
}
