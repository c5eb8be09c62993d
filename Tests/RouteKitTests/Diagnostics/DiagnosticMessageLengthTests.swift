import RouteKit
import Testing

/// `Diagnostic.maxMessageLength`: a message quoting a huge scalar is shortened, one at the limit
/// is kept whole.
@Suite struct DiagnosticMessageLengthTests {
    private func message(quoting text: String, filling total: Int) -> String {
        let start = "unknown screen '" + text + "'; declare it under 'screens' "
        return start + String(repeating: ".", count: max(0, total - start.unicodeScalars.count))
    }

    @Test func aMessageAtTheLimitIsKeptWhole() {
        let text = message(quoting: String(repeating: "é", count: 500), filling: Diagnostic.maxMessageLength)
        #expect(text.unicodeScalars.count == Diagnostic.maxMessageLength)
        #expect(Diagnostic(.error, "unknown-screen", text, at: .wholeFile("t.yaml")).message == text)
    }

    @Test func pastTheLimitEachLongQuotedTextKeepsItsEnds() {
        let name = "s" + String(repeating: "é", count: 3_000_000) + "e"
        let text = message(quoting: name, filling: 0)
        let kept = Diagnostic(.error, "unknown-screen", text, at: .wholeFile("t.yaml")).message
        #expect(kept == "unknown screen 's" + String(repeating: "é", count: 59) + "…" + String(repeating: "é", count: 19)
                    + "e'; declare it under 'screens' ")
        // One scalar past the limit is enough for the quoted text to be cut.
        let justPast = message(quoting: String(repeating: "x", count: 500), filling: Diagnostic.maxMessageLength + 1)
        #expect(Diagnostic(.error, "x", justPast, at: .wholeFile("t.yaml")).message.contains("x…x"))
    }

    @Test func aLongMessageWithoutQuotesIsCutInTheMiddle() {
        let text = String(repeating: "a", count: 5_000) + "z"
        let kept = Diagnostic(.error, "x", text, at: .wholeFile("t.yaml")).message
        #expect(kept.unicodeScalars.count == Diagnostic.maxMessageLength)
        #expect(kept.hasSuffix("a…" + String(repeating: "a", count: Diagnostic.maxMessageLength / 4 - 1) + "z"))
    }
}
