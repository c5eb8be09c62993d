/// A parsed pattern. Captures and greediness are dropped: `matches` only asks whether a match
/// exists, and neither changes that answer.
indirect enum RegexNode: Sendable, Hashable {
    case empty
    case scalar(UInt32, foldsCase: Bool)
    case set(RegexCharClass)
    /// `.`; it matches a newline only under `(?s)`.
    case any(matchesNewline: Bool)
    case assertion(RegexAssertion)
    case concat([RegexNode])
    case alternate([RegexNode])
    /// `max == nil` is unbounded.
    case repetition(RegexNode, min: Int, max: Int?)
}

/// Zero-width tests on the scalars around a position.
enum RegexAssertion: Sendable, Hashable {
    case beginText, endText, beginLine, endLine, wordBoundary, notWordBoundary

    func holds(previous: UInt32?, next: UInt32?) -> Bool {
        switch self {
        case .beginText: previous == nil
        case .endText: next == nil
        case .beginLine: previous == nil || previous == 0x0A
        case .endLine: next == nil || next == 0x0A
        case .wordBoundary: RegexCharClass.isWord(previous) != RegexCharClass.isWord(next)
        case .notWordBoundary: RegexCharClass.isWord(previous) == RegexCharClass.isWord(next)
        }
    }
}
