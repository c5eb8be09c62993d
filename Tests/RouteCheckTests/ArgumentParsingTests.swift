@testable import RouteCheck
import Testing

/// Runs the tool in-process and returns what it printed.
func runInProcess(_ arguments: [String], environment: [String: String] = [:])
    -> (stdout: String, stderr: String, status: Int32)
{
    let console = Console.capturing()
    let status = RouteCheckCLI.run(arguments, environment: environment, console: console)
    console.flush()
    return (console.capturedOutput, console.capturedError, status)
}

@Suite struct ArgumentParsingTests {
    let validateUsage =
        "Usage: routecheck validate [--strict] [--format text|json|github] [--contract FILE] [--key PUB...] [--color auto|always|never] TABLE...\n"

    @Test func toolHelpListsCommands() {
        for flag in ["--help", "-h", "help"] {
            let result = runInProcess([flag])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout.hasPrefix("OVERVIEW: "))
            #expect(result.stdout.contains(
                "\nCOMMANDS:\n  validate                  Check route tables and report their problems\n"))
        }
    }

    @Test func commandHelp() {
        let expected = HelpFormatter.help(for: ValidateCommand.configuration)
        #expect(expected.contains("USAGE: routecheck validate [--strict]"))
        #expect(expected.contains("  --strict                  Report warnings as errors"))
        for arguments in [["validate", "--help"], ["validate", "x", "-h"], ["help", "validate"],
                          ["validate", "--bogus", "--help"]] {
            let result = runInProcess(arguments)
            #expect(result.status == 0)
            #expect(result.stdout == expected)
            #expect(result.stderr == "")
        }
    }

    @Test func version() {
        #expect(runInProcess(["--version"]) == ("0.1.0\n", "", 0))
        #expect(runInProcess(["--version", "extra"]) == ("", """
            Error: unexpected argument 'extra' after '--version'
            Usage: routecheck <command> [options]
            See 'routecheck --help'

            """, 2))
    }

    /// Help wins over `--version` beside it, in either order, as in most tools.
    @Test func helpWinsOverVersion() {
        let help = runInProcess(["--help"])
        #expect(help.status == 0)
        #expect(runInProcess(["--help", "--version"]) == help)
        #expect(runInProcess(["--version", "--help"]) == help)
        #expect(runInProcess(["--version", "-h"]) == help)
    }

    @Test func missingCommand() {
        #expect(runInProcess([]) == ("", """
            Error: missing command
            Usage: routecheck <command> [options]
            See 'routecheck --help'

            """, 2))
    }

    @Test func unknownCommandSuggests() {
        #expect(runInProcess(["valdate", "routes/"]).stderr == """
            Error: unknown command 'valdate'; did you mean 'validate'?
            Usage: routecheck <command> [options]
            See 'routecheck --help'

            """)
        #expect(runInProcess(["frobnicate"]).stderr.hasPrefix("Error: unknown command 'frobnicate'\n"))
        #expect(runInProcess(["--verison"]).stderr.hasPrefix(
            "Error: unknown option '--verison'; did you mean '--version'?\n"))
    }

    @Test func helpBeforeACommandIsThatCommandsHelp() {
        let validateHelp = runInProcess(["help", "validate"])
        #expect(runInProcess(["--help", "validate"]) == validateHelp)
        #expect(runInProcess(["-h", "validate"]).stdout == validateHelp.stdout)
        #expect(validateHelp.stdout.hasPrefix("OVERVIEW: Check route tables"))
        #expect(runInProcess(["version"]).stderr.hasPrefix("Error: unknown command 'version'; did you mean '--version'?\n"))
    }

    @Test func unknownOptionSuggests() {
        let result = runInProcess(["validate", "--strcit", "routes/"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: unknown option '--strcit'; did you mean '--strict'?\n"
            + validateUsage + "See 'routecheck validate --help'\n")
    }

    struct Rejection: Sendable, CustomStringConvertible {
        var arguments: [String]
        var error: String
        var description: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Rejection(arguments: [], error: "missing argument 'TABLE'"),
        Rejection(arguments: ["--strict"], error: "missing argument 'TABLE'"),
        Rejection(arguments: ["--format", "xml", "t"],
                  error: "invalid value 'xml' for option '--format'; expected one of text, json, github"),
        Rejection(arguments: ["--format=jsn", "t"],
                  error: "invalid value 'jsn' for option '--format'; did you mean 'json'?"),
        Rejection(arguments: ["t", "--format"],
                  error: "missing value for option '--format'; for a value that starts with '-', write --format=VALUE"),
        Rejection(arguments: ["--format", "--strict", "t"],
                  error: "missing value for option '--format'; for a value that starts with '-', write --format=VALUE"),
        Rejection(arguments: ["--format", "-s", "t"],
                  error: "invalid value '-s' for option '--format'; expected one of text, json, github"),
        Rejection(arguments: ["--strict=yes", "t"], error: "option '--strict' does not take a value"),
        Rejection(arguments: ["-x", "t"], error: "unknown option '-x'"),
        Rejection(arguments: ["--fromat", "json", "t"],
                  error: "unknown option '--fromat'; did you mean '--format'?"),
        Rejection(arguments: ["--color", "sometimes", "t"],
                  error: "invalid value 'sometimes' for option '--color'; expected one of auto, always, never"),
    ])
    func rejects(_ rejection: Rejection) {
        let result = runInProcess(["validate"] + rejection.arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: \(rejection.error)\n" + validateUsage
            + "See 'routecheck validate --help'\n")
    }

    @Test func parsesBothValueSpellingsAndDoubleDash() throws {
        let configuration = ValidateCommand.configuration
        let parsed = try ArgumentParser.parse(
            ["a", "--format=json", "--strict", "b", "--color", "never", "--", "--strict", "-"],
            for: configuration)
        let expected = ParsedArguments(
            flags: ["strict"], values: ["format": ["json"], "color": ["never"]],
            positionals: ["a", "b", "--strict", "-"],
            defaults: ["format": "text", "color": "auto"])
        #expect(parsed == .arguments(expected))
        #expect(expected.value("format") == "json")
        let repeated = try ArgumentParser.parse(["t", "--format", "json", "--format", "github"], for: configuration)
        #expect(repeated == .arguments(ParsedArguments(
                flags: [], values: ["format": ["json", "github"]], positionals: ["t"],
                defaults: ["format": "text", "color": "auto"])))
    }

    /// A value may start with '-' (`-o -dash.json`, `--payload -1`) unless it is one of the
    /// command's options; a free value given twice is an error, not a silent override.
    @Test func valuesStartingWithADashAndFreeValuesGivenTwice() throws {
        let configuration = CompileCommand.configuration
        let parsed = try ArgumentParser.parse(["t", "-o", "-dash.json"], for: configuration)
        guard case .arguments(let arguments) = parsed else { Issue.record("expected arguments"); return }
        #expect(arguments.value("output") == "-dash.json")
        #expect(throws: CLIError.usage("option '--output' is given twice; give it once")) {
            try ArgumentParser.parse(["t", "-o", "a.json", "--output", "b.json"], for: configuration)
        }
        let eval = runInProcess(["eval", "t", "--payload", "{}", "--payload", "{\"type\":3}"])
        #expect(eval.status == 2)
        #expect(eval.stderr.hasPrefix("Error: option '--payload' is given twice; give it once\n"))
    }

    @Test func defaultsApplyWhenOptionsAreAbsent() throws {
        guard case .arguments(let parsed) = try ArgumentParser.parse(["t"], for: ValidateCommand.configuration)
        else { Issue.record("expected arguments"); return }
        #expect(parsed.value("format") == "text")
        let color = try parsed.choice("color", as: ColorMode.self, default: .never)
        #expect(color == .auto)
        #expect(!parsed.flag("strict"))
    }

    @Test func arityIsChecked() {
        let configuration = CommandConfiguration(
            name: "eval", abstract: "Decide",
            arguments: [ArgumentSpec("TABLE", help: "t"), ArgumentSpec("CASES", arity: .zeroOrMore, help: "c")])
        #expect(configuration.usage == "routecheck eval TABLE [CASES...]")
        #expect(throws: CLIError.usage("missing argument 'TABLE'")) {
            try ArgumentParser.parse([], for: configuration)
        }
        let single = CommandConfiguration(
            name: "graph", abstract: "Draw", options: [.value("output", short: "o", placeholder: "FILE", help: "o")],
            arguments: [ArgumentSpec("TABLE", help: "t")])
        #expect(throws: CLIError.usage("unexpected argument 'b'")) {
            try ArgumentParser.parse(["a", "b"], for: single)
        }
        let short = try? ArgumentParser.parse(["-o", "out.json", "a"], for: single)
        #expect(short == .arguments(ParsedArguments(values: ["output": ["out.json"]], positionals: ["a"])))
    }

    @Test func missingTableIsAnIOErrorNamingThePath() {
        let result = runInProcess(["validate", "/nonexistent/routes.yaml"])
        #expect(result == ("", "Error: cannot read '/nonexistent/routes.yaml': no such file or directory\n", 2))
    }

    @Test(arguments: [
        (ColorMode.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, ["NO_COLOR": "1"], false),
        (.never, true, [:], false),
    ])
    func colorMode(_ mode: ColorMode, _ terminal: Bool, _ environment: [String: String], _ expected: Bool) {
        #expect(mode.isEnabled(terminal: terminal, environment: environment) == expected)
    }
}
