/// The source line of a range and the caret line under it, as a compiler prints them.
///
/// Columns are Unicode scalars. The caret line repeats every tab of the source line before the
/// range so the caret stays aligned whatever the tab width; wide characters (CJK, emoji) take two
/// cells and combining marks none. Control characters and bidirectional overrides in the source
/// line are shown as U+FFFD so a hostile file cannot drive the terminal or reorder the line.
package struct SourceExcerpt: Sendable, Equatable {
    var sourceLine: String
    var caretLine: String

    /// The most scalars of a source line shown; a longer line (minified YAML, a huge scalar) is
    /// shown as a window around the range, marked with `…` where it is cut.
    static let maxShownScalars = 160
    /// How much of a long line is shown before the range starts.
    static let contextBefore = 40

    /// The excerpt for `range` in `file`, or nil when the range's line is not in the file.
    init?(_ range: SourceRange, in file: SourceFile) {
        guard let line = file.lineBounds(range.start.line) else { return nil }
        let window = Self.window(of: line, in: file, aroundColumn: range.start.column)
        let scalars = window.scalars
        let lead = window.first > 0 ? "…" : ""
        let trail = window.isCut ? "…" : ""
        let lineEnd = scalars.count + 1
        let startColumn = max(1, min(range.start.column - window.first, lineEnd))
        var endColumn = range.end.line > range.start.line
            ? lineEnd : min(range.end.column - window.first, lineEnd)
        endColumn = max(endColumn, startColumn + 1)

        var caret = lead.isEmpty ? "" : " "
        var column = 1
        for scalar in scalars {
            defer { column += 1 }
            if column < startColumn {
                caret += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(of: scalar))
            } else if column == startColumn {
                caret += "^" + String(repeating: "~", count: max(0, Self.width(of: scalar) - 1))
            } else if column < endColumn {
                caret += String(repeating: "~", count: scalar == "\t" ? 1 : Self.width(of: scalar))
            } else {
                break
            }
        }
        if startColumn == lineEnd { caret += "^" }

        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: scalars)
        sourceLine = lead + String(shown) + trail
        caretLine = caret
    }

    /// The scalars of `line` shown for a range starting at `column`: the whole line when it is
    /// short, otherwise at most `maxShownScalars` of it from `first` scalars in, `isCut` when
    /// more follow; a column past the line's end is shown at its end. Only the window is read,
    /// so rendering costs what is printed whatever the line's length (a minified file is one
    /// line of megabytes, with a diagnostic per key).
    private static func window(of line: Range<Int>, in file: SourceFile, aroundColumn column: Int)
        -> (first: Int, scalars: [Unicode.Scalar], isCut: Bool) {
        let count = file.scalarCount(in: line)
        if count <= maxShownScalars { return (0, file.scalars(in: line).map(displayed), false) }
        let first = max(0, min(column, count + 1) - 1 - contextBefore)
        let start = file.offset(ofScalar: first, in: line)
        var scalars = file.scalars(in: start..<line.upperBound).prefix(maxShownScalars + 1).map(displayed)
        let isCut = scalars.count > maxShownScalars
        if isCut { scalars.removeLast() }
        return (first, scalars, isCut)
    }

    /// A scalar as it is printed: control characters and bidi controls become U+FFFD.
    static func displayed(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return scalar }
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return "\u{FFFD}"
        default:
            return scalar
        }
    }

    /// Text with control characters made harmless, for messages that quote user input.
    package static func sanitized(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            output.append(scalar == "\t" ? " " : displayed(scalar))
        }
        return String(output)
    }

    /// Terminal cells a scalar takes: 0 for combining marks and format characters, 2 for East
    /// Asian wide and fullwidth characters and emoji, 1 otherwise.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
