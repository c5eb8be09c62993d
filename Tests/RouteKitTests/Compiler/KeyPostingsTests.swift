@testable import RouteKit
import Testing

/// The index's hash table finds exactly the keys it was built with, strings by their bytes.
@Suite struct KeyPostingsTests {
    @Test func findsEveryKeyAndNothingElse() {
        var entries: [IndexKey: PostingRange] = [:]
        let strings = ["", "a", "chat", "notification_kind", "notification_kine", "e\u{301}", "\u{E9}", "3", "K"]
        for (serial, text) in strings.enumerated() {
            entries[.string(text)] = PostingRange(start: serial, end: serial + 1)
        }
        for serial in 0..<200 {
            entries[.string("type\(serial)")] = PostingRange(start: 100 + serial, end: 101 + serial)
        }
        entries[.int(3)] = PostingRange(start: 50, end: 51)
        entries[.bool(true)] = PostingRange(start: 51, end: 52)
        entries[.double(Double(2.5).bitPattern)] = PostingRange(start: 52, end: 53)
        let postings = KeyPostings(entries)
        #expect(postings.count == entries.count)
        for (key, range) in entries {
            #expect(postings[key] == range, "\(key)")
            if case .string(let text) = key { #expect(postings[string: text] == range, "\(text)") }
        }
        // Canonically equivalent but other scalars, other lengths, other types: not filed.
        for missing in ["\u{212A}", "notification_kin", "notification_kinds", "type200", "chat ", "Chat"] {
            #expect(postings[string: missing] == nil, "\(missing)")
            #expect(postings[.string(missing)] == nil, "\(missing)")
        }
        #expect(postings[.int(4)] == nil)
        #expect(postings[.bool(false)] == nil)
        #expect(postings[.string("3")] == PostingRange(start: 7, end: 8))
    }
}
