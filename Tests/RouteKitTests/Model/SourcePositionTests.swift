import Foundation
import RouteKit
import Testing

/// Positions are stored in 32 bits; through the public API they behave as `Int`s.
@Suite struct SourcePositionTests {
    @Test func fieldsReadAndWriteAsInts() {
        var position = SourcePosition(line: 12, column: 11, offset: 230)
        position.column += 3
        position.line = 4_000_000
        #expect(position == SourcePosition(line: 4_000_000, column: 14, offset: 230))
        #expect(SourcePosition(line: 1, column: 2, offset: 0) < SourcePosition(line: 1, column: 3, offset: 0))
    }

    /// No input reaches 2 GiB (files are at most `YAMLLimits.maxFileSize`, compiled tables
    /// `CompiledTableFormat.maxBytes`); a larger value is clamped rather than wrapped.
    @Test func valuesBeyondInt32AreClamped() {
        let huge = SourcePosition(line: Int(Int32.max), column: Int(Int32.max) + 1, offset: Int.max)
        #expect(huge.line == Int(Int32.max))
        #expect(huge.column == Int(Int32.max))
        #expect(huge.offset == Int(Int32.max))
        #expect(SourcePosition(line: -1, column: 0, offset: 0).line == -1)
    }

    @Test func codableFormIsLineColumnOffset() throws {
        let range = SourceRange(file: "routes/app.yaml", start: SourcePosition(line: 3, column: 5, offset: 40),
                                end: SourcePosition(line: 3, column: 9, offset: 44))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(range.start), as: UTF8.self)
        #expect(json == #"{"column":5,"line":3,"offset":40}"#)
        #expect(try JSONDecoder().decode(SourceRange.self, from: encoder.encode(range)) == range)
    }
}
