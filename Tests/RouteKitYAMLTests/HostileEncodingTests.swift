import RouteKit
import RouteKitYAML
import Testing

/// SPEC §8, route files as editors write them and as attackers craft them, byte by byte: byte
/// order marks, UTF-16, CRLF and CR line ends, tabs, invalid UTF-8, NUL bytes, lone surrogates.
/// Each case pins every diagnostic `TableLoader` reports, or that the table loads.
@Suite struct HostileEncodingTests {
    typealias F = HostileRouteFiles
    typealias Case = HostileFileCase

    static let unknownScreenAt9 =
        "routes.yaml:9:11: error: unknown screen 'detial'; did you mean 'detail'? [unknown-screen]"
    static let detial = F.table(replacing: "push: detail", with: "push: detial")

    static let lineEnds: [Case] = [
        // Windows editors: CRLF everywhere; columns must not count the CR.
        Case("crlf-accepted", F.crlf(F.table), [], loads: true),
        Case("crlf-positions", F.crlf(detial), [unknownScreenAt9]),
        // Classic Mac OS line ends: libyaml breaks lines at a lone CR, but positions follow
        // `SourceFile`, which breaks only at LF, so the whole file is line 1 (by design), and a
        // warning at the first lone CR says so.
        Case("cr-only-positions", detial.replacingOccurrences(of: "\n", with: "\r"), [
            "routes.yaml:1:11: warning: a line here ends with a lone CR (classic Mac line ending); lines in messages are counted at LF only, so positions after it are off; save the file with LF or CRLF line endings [lone-carriage-return]",
            "routes.yaml:1:184: error: unknown screen 'detial'; did you mean 'detail'? [unknown-screen]",
        ]),
    ]

    static let byteOrderMarks: [Case] = [
        // Notepad saves "UTF-8" with a byte order mark; YAML 1.2 allows one at the start.
        Case("utf8-bom-accepted", F.bom + Array(F.table.utf8), [], loads: true),
        // The mark is not a column: 'version: 2' still has its value at column 10.
        Case("utf8-bom-line-one-columns",
             F.bom + Array(F.table(replacing: "version: 1", with: "version: 2").utf8),
             ["routes.yaml:1:10: error: unsupported route file version '2'; this routecheck reads version 1, so write 'version: 1' [unsupported-version]"]),
        Case("utf8-bom-crlf-notepad", F.bom + Array(F.crlf(detial).utf8), [unknownScreenAt9]),
        // UTF-16 (some Windows editors' "Unicode"): rejected at once, and saying what it is.
        Case("utf16le-bom", [0xFF, 0xFE] + F.utf16(F.table, bigEndian: false),
             ["routes.yaml:1:1: error: file is encoded as UTF-16; save it as UTF-8 [invalid-encoding]"]),
        Case("utf16be-bom", [0xFE, 0xFF] + F.utf16(F.table, bigEndian: true),
             ["routes.yaml:1:1: error: file is encoded as UTF-16; save it as UTF-8 [invalid-encoding]"]),
        // Without a mark UTF-16 is indistinguishable from UTF-8 with NUL bytes; the first NUL is named.
        Case("utf16le-no-bom", F.utf16(F.table, bigEndian: false),
             ["routes.yaml:1:1: error: file is encoded as UTF-16 or UTF-32, without a byte order mark; save it as UTF-8 [invalid-encoding]"]),
    ]

    static let tabs: [Case] = [
        // Some lines indented with a tab where spaces indent the block.
        Case("tab-indents-one-line", F.table(replacing: "    when:", with: "\twhen:"),
             ["routes.yaml:8:1: error: found a tab character where indentation is expected; YAML indents with spaces [yaml-syntax]"]),
        // An editor set to "indent with tabs": the first tab-indented line is reported as a tab.
        Case("tabs-indent-everything",
             F.table.replacingOccurrences(of: "    ", with: "\t\t").replacingOccurrences(of: "  ", with: "\t"),
             ["routes.yaml:4:1: error: found a tab character where indentation is expected; YAML indents with spaces [yaml-syntax]"]),
        // A tab after 'key:' is separation, not indentation: fine.
        Case("tab-after-colon-accepted", F.table(replacing: "push: detail", with: "push:\tdetail"),
             [], loads: true),
    ]

    static let invalidUTF8: [Case] = [
        Case("invalid-utf8-in-key", F.bytes(replacing: "routes:", with: Array("rou".utf8) + [0xFF] + Array("tes:".utf8)),
             ["routes.yaml:6:4: error: invalid UTF-8: byte 0xFF cannot start a character; save the file as UTF-8 (it may be in Latin-1 or Windows-1252) [invalid-encoding]"]),
        Case("invalid-utf8-in-value", F.bytes(replacing: "name: a", with: Array("name: a".utf8) + [0xC3, 0x28]),
             ["routes.yaml:7:12: error: invalid UTF-8: byte 0xC3 starts a character, but byte 0x28 does not continue it; save the file as UTF-8 (it may be in Latin-1 or Windows-1252) [invalid-encoding]"]),
        Case("invalid-utf8-truncated-at-end", Array(F.table.utf8) + Array("# ".utf8) + [0xE2, 0x82],
             ["routes.yaml:11:3: error: invalid UTF-8: the file ends inside a character [invalid-encoding]"]),
        Case("invalid-utf8-overlong", F.bytes(replacing: "name: a", with: Array("name: a".utf8) + [0xC0, 0xAF]),
             ["routes.yaml:7:12: error: invalid UTF-8: overlong encoding of a character [invalid-encoding]"]),
    ]

    static let nulBytes: [Case] = [
        Case("nul-in-key", F.bytes(replacing: "routes:", with: Array("rou".utf8) + [0] + Array("tes:".utf8)),
             ["routes.yaml:6:4: error: control character U+0000 is not allowed [invalid-encoding]"]),
        Case("nul-in-value", F.bytes(replacing: "name: a", with: Array("name: a".utf8) + [0] + Array("b".utf8)),
             ["routes.yaml:7:12: error: control character U+0000 is not allowed [invalid-encoding]"]),
        Case("nul-only", [0], ["routes.yaml:1:1: error: control character U+0000 is not allowed [invalid-encoding]"]),
    ]

    static let loneSurrogates: [Case] = [
        // U+D800 encoded as UTF-8 bytes (CESU-8 style): not a Unicode scalar.
        Case("surrogate-encoded-in-utf8", F.bytes(replacing: "name: a", with: Array("name: a".utf8) + [0xED, 0xA0, 0x80]),
             ["routes.yaml:7:12: error: invalid Unicode character U+D800 [invalid-encoding]"]),
        // A YAML escape of a lone surrogate in a double-quoted scalar.
        Case("surrogate-yaml-escape", F.table(replacing: "name: a", with: #"name: "a\ud800""#),
             ["routes.yaml:7:15: error: found invalid Unicode character escape code [yaml-syntax]"]),
        // A CEL escape of a lone surrogate inside a predicate.
        Case("surrogate-cel-escape",
             F.table(replacing: "when: type == 3", with: #"when: 'uid == "\ud800"'"#),
             [#"routes.yaml:8:20: error: invalid escape sequence '\ud800' [syntax-error]"#]),
    ]

    @Test(arguments: lineEnds) func lineEndIsHandled(_ c: Case) throws { try F.check(c) }
    @Test(arguments: byteOrderMarks) func byteOrderMarkIsHandled(_ c: Case) throws { try F.check(c) }
    @Test(arguments: tabs) func tabIsHandled(_ c: Case) throws { try F.check(c) }
    @Test(arguments: invalidUTF8) func invalidUTF8IsRejected(_ c: Case) throws { try F.check(c) }
    @Test(arguments: nulBytes) func nulByteIsRejected(_ c: Case) throws { try F.check(c) }
    @Test(arguments: loneSurrogates) func loneSurrogateIsRejected(_ c: Case) throws { try F.check(c) }
}
