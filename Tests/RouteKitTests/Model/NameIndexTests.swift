@testable import RouteKit
import Testing

/// `NameIndex` finds names as `[CodePointKey: Int]` does: by code points, never by Swift's
/// canonical equivalence, before and after it grows.
@Suite struct NameIndexTests {
    @Test func keepsTheFirstPositionOfEachName() {
        var index = NameIndex()
        #expect(index.insert("home") == (true, 0))
        #expect(index.insert("inbox") == (true, 1))
        #expect(index.insert("home") == (false, 0))
        #expect(index.names == ["home", "inbox"])
        #expect(index.position(of: "inbox") == 1)
        #expect(index.position(of: "Inbox") == nil)
        #expect(NameIndex(["a", "b", "a", "c"]).names == ["a", "b", "c"])
    }

    /// Names of every length up to three words, so every tail length is hashed; names that
    /// differ only in their last byte, or only past the first word, are told apart.
    @Test(arguments: [0, 1, 1_000])
    func findsEveryNameAfterGrowing(minimumCapacity: Int) {
        let names = (0..<1_000).map { number in
            String(repeating: "x", count: number % 25) + String(number)
        }
        var index = NameIndex(minimumCapacity: minimumCapacity)
        var reference: [CodePointKey: Int] = [:]
        for name in names + names.reversed() {
            let inserted = index.insert(name)
            #expect(inserted.inserted == (reference[CodePointKey(name)] == nil))
            if reference[CodePointKey(name)] == nil { reference[CodePointKey(name)] = inserted.position }
        }
        for (name, position) in reference { #expect(index.position(of: name.string) == position) }
        for absent in ["", "x", "xxxxxxxxxxxxxxxxxxxxxxxxx1000", "1000", "0x"] {
            #expect(index.position(of: absent) == reference[CodePointKey(absent)])
        }
    }

    /// Canonically equivalent spellings are different names, whichever is added first: a name is
    /// what its bytes say (SPEC §4), although Swift's `==` calls each pair equal.
    @Test(arguments: [
        ("Key", "\u{212A}ey"), ("\u{212A}ey", "Key"), ("a;b", "a\u{037E}b"), ("`q", "\u{1FEF}q"),
        ("caf\u{E9}", "cafe\u{301}"), ("cafe\u{301}", "caf\u{E9}"), ("\u{C5}", "\u{212B}"),
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
    ])
    func equivalentSpellingsAreDifferentNames(added: String, looked: String) {
        #expect(added == looked)
        for others in [[], ["home", "me"], ["\u{F6}ffnen"]] {
            var index = NameIndex(others)
            let position = index.insert(added).position
            #expect(index.position(of: looked) == nil)
            #expect(index.insert(looked) == (true, position + 1))
            #expect(index.position(of: added) == position)
            #expect(index.position(of: looked) == position + 1)
        }
    }

    /// ASCII names added before and after one that is not ASCII are all found by their bytes.
    @Test func asciiAndOtherNamesLiveTogether() {
        var index = NameIndex(["home", "me"])
        index.insert("\u{F6}ffnen")
        index.insert("search")
        #expect(index.position(of: "home") == 0)
        #expect(index.position(of: "\u{F6}ffnen") == 2)
        #expect(index.position(of: "o\u{308}ffnen") == nil)
        #expect(index.position(of: "search") == 3)
        #expect(index.insert("me") == (false, 1))
    }
}
