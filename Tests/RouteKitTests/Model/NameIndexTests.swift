@testable import RouteKit
import Testing

/// `NameIndex` finds names as `[String: Int]` does, Swift's canonical equivalence included,
/// through its ASCII fast path, its switch to a dictionary, and its growth.
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
        var reference: [String: Int] = [:]
        for name in names + names.reversed() {
            let inserted = index.insert(name)
            #expect(inserted.inserted == (reference[name] == nil))
            if reference[name] == nil { reference[name] = inserted.position }
        }
        for (name, position) in reference { #expect(index.position(of: name) == position) }
        for absent in ["", "x", "xxxxxxxxxxxxxxxxxxxxxxxxx1000", "1000", "0x"] {
            #expect(index.position(of: absent) == reference[absent])
        }
    }

    /// Canonically equivalent spellings are one name, whichever is added first and whether
    /// the index is still all ASCII.
    @Test(arguments: [
        ("Key", "\u{212A}ey"), ("\u{212A}ey", "Key"), ("a;b", "a\u{037E}b"), ("`q", "\u{1FEF}q"),
        ("caf\u{E9}", "cafe\u{301}"), ("cafe\u{301}", "caf\u{E9}"),
    ])
    func equivalentSpellingsAreOneName(added: String, looked: String) {
        for others in [[], ["home", "me"], ["\u{F6}ffnen"]] {
            var index = NameIndex(others)
            let position = index.insert(added).position
            #expect(index.position(of: looked) == position)
            #expect(index.insert(looked) == (false, position))
            #expect(index.position(of: "Kelvin") == nil)
            #expect(index.position(of: "\u{212A}elvin") == nil)
        }
    }

    /// Lookups through the dictionary, after a name that is not ASCII, still find the ASCII
    /// names added before and after it.
    @Test func asciiNamesAreFoundAfterTheSwitch() {
        var index = NameIndex(["home", "me"])
        index.insert("\u{F6}ffnen")
        index.insert("search")
        #expect(index.position(of: "home") == 0)
        #expect(index.position(of: "o\u{308}ffnen") == 2)
        #expect(index.position(of: "search") == 3)
        #expect(index.insert("me") == (false, 1))
    }

    /// `asciiEquivalents` is exactly the scalars that Swift's `==` finds equal to an ASCII
    /// character: the fast path relies on no other string that is not ASCII equaling an ASCII
    /// one (a canonical decomposition of more than one scalar always holds a combining mark).
    @Test func asciiEquivalentsAreEveryScalarEqualToAnASCIICharacter() {
        let ascii = Set((0..<128).map { String(Unicode.Scalar(UInt8($0))) })
        var found: [Unicode.Scalar: Unicode.Scalar] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let equal = ascii.firstIndex(of: String(scalar))
            else { continue }
            found[scalar] = ascii[equal].unicodeScalars.first
        }
        #expect(found == NameIndex.asciiEquivalents)
    }
}
