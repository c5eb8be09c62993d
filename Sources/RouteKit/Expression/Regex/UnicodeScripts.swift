/// Unicode scripts for `\p{Greek}`, `\P{Han}` and `[\p{Latin}]`, as RE2 names them (the long
/// names of Unicode's Scripts.txt: `Latin`, `Old_Italic`; case matters, as in RE2).
///
/// Swift's `Unicode.Scalar.Properties` has no script, so the ranges come from a generated table
/// (`UnicodeScripts+Table.swift`, by `scripts/generate-unicode-scripts.py`), read once on first use.
///
/// ```swift
/// UnicodeScripts.ranges(named: "Greek")?.contains { $0.contains(0x3B1) } // true: 'α'
/// UnicodeScripts.ranges(named: "greek")                                  // nil
/// ```
enum UnicodeScripts {
    /// The script's scalars as sorted, disjoint, non-adjacent ranges; nil for an unknown name.
    static func ranges(named name: String) -> [ClosedRange<UInt32>]? {
        parsed[name]
    }

    private static let parsed: [String: [ClosedRange<UInt32>]] = rangeText.mapValues { text in
        text.split(separator: " ").map { part in
            let bounds = part.split(separator: "-").map { UInt32($0, radix: 16)! }
            return bounds[0]...bounds[bounds.count - 1]
        }
    }
}
