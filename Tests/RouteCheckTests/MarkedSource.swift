import RouteKit

/// A source file written with `⟨` and `⟩` around the range a diagnostic points at, so tests
/// mark positions instead of counting columns by hand.
///
/// ```swift
/// let marked = MarkedSource("a.yaml", "push: ⟨mesage_detail⟩\n")
/// marked.range // 1:7 ..< 1:20
/// ```
struct MarkedSource {
    let file: SourceFile
    let range: SourceRange

    init(_ path: String, _ marked: String) {
        var text = String.UnicodeScalarView()
        var start = SourcePosition(line: 1, column: 1, offset: 0)
        var end = start
        var line = 1
        var column = 1
        var offset = 0
        for scalar in marked.unicodeScalars {
            switch scalar {
            case "⟨": start = SourcePosition(line: line, column: column, offset: offset)
            case "⟩": end = SourcePosition(line: line, column: column, offset: offset)
            default:
                text.append(scalar)
                offset += String(scalar).utf8.count
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
        file = SourceFile(path: path, text: String(text))
        range = SourceRange(file: path, start: start, end: end)
    }
}
