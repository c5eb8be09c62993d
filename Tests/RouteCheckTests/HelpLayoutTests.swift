@testable import RouteCheck
import Testing

/// `--help` reads on an 80-column terminal: prose is refilled, option help wraps under its
/// column, usage breaks between options, and no word is lost or split.
@Suite struct HelpLayoutTests {
    static var helps: [String] {
        RouteCheckCLI.commands.map { HelpFormatter.help(for: $0.configuration) }
            + [HelpFormatter.toolHelp(commands: RouteCheckCLI.commands)]
    }

    @Test func everyHelpLineFitsTheWidth() {
        for help in Self.helps {
            for line in help.split(separator: "\n") {
                #expect(line.count <= HelpFormatter.width, "\(line.count) columns: \(line)")
            }
        }
    }

    @Test func wrappingKeepsEveryWord() {
        for command in RouteCheckCLI.commands {
            let configuration = command.configuration
            let help = HelpFormatter.help(for: configuration)
            let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let discussion = configuration.discussion.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains(discussion), "\(configuration.name)")
            let usage = configuration.usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("USAGE: " + usage), "\(configuration.name)")
        }
    }

    @Test func optionHelpWrapsUnderItsColumn() {
        let help = HelpFormatter.help(for: EvalCommand.configuration)
        let margin = String(repeating: " ", count: HelpFormatter.nameColumn)
        #expect(help.contains("""
              --color auto|always|never
            \(margin)When to color the output; auto: on a terminal.
            \(margin)NO_COLOR, set and not empty, turns color off in
            \(margin)every mode (default: auto)

            """))
        #expect(help.contains("""
            USAGE: routecheck eval [--payload JSON|@FILE|-] [--payloads FILE.jsonl|-]
                                   [--explain] [--format text|json] [--key PUB...]
                                   [--color auto|always|never] TABLE

            """))
    }

    @Test func indentedDiscussionLinesStayLinesOfTheirOwn() {
        let help = HelpFormatter.help(for: GraphCommand.configuration)
        #expect(help.contains("\nRender DOT with Graphviz:\n  routecheck graph routes/ | dot -Tsvg -o graph.svg\n"))
    }

    @Test func wrappedBreaksBetweenWords() {
        #expect(HelpFormatter.wrapped("aa bb cc", width: 5) == ["aa bb", "cc"])
        #expect(HelpFormatter.wrapped("a " + String(repeating: "x", count: 9) + " b", width: 5)
            == ["a", String(repeating: "x", count: 9), "b"])
        #expect(HelpFormatter.wrapped("  aa bb cc", width: 7) == ["  aa bb", "  cc"])
        #expect(HelpFormatter.wrapped("", width: 5) == [""])
    }
}
