import RouteKit
import Testing

/// Base64 as signed tables and key files write it: RFC 4648's test vectors, and strict decoding
/// (one text per byte string).
@Suite struct Base64Tests {
    static let rfc4648 = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                          ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]

    @Test(arguments: rfc4648)
    func encodesAndDecodesRFC4648sVectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test func everyByteValueAndLengthRoundTrips() {
        var random = SplitMix64(seed: 64)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes, "\(length)")
        }
        let all = (0...255).map(UInt8.init)
        #expect(Base64.decode(Base64.encode(all)) == all)
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
    }

    @Test(arguments: [
        "Zg", "Zg=", "Zm9", "Z===", "====", "Zg==Zg==", "Zm9v\n", " Zm9v", "Zm 9v", "Zm9v-_==", "Zh==", "Zm9=",
        "Zg=a", "=Zg=", "Zm8=Zm8=", "\u{FF}\u{FF}\u{FF}\u{FF}", "Zm9vYmF=",
    ])
    func refusesWhatIsNotStrictBase64(_ text: String) {
        #expect(Base64.decode(text) == nil, "\(text)")
    }

    @Test func aLineMayHaveBlanksAroundIt() {
        #expect(Base64.decode(line: "  Zm9v\r\n") == Array("foo".utf8))
        #expect(Base64.decode(line: "Zm 9v\n") == nil)
        #expect(Base64.decode(line: "\n") == [])
    }
}
