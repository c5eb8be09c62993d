import RouteKit

/// `routecheck schema TABLE`: prints a JSON Schema (draft 2020-12) for the payloads the table
/// understands, for a backend to validate a push before sending it.
///
/// ```
/// $ routecheck schema routes/ > payload.schema.json
/// $ check-jsonschema --schemafile payload.schema.json push.json
/// ```
struct SchemaCommand: Command {
    static let configuration = CommandConfiguration(
        name: "schema",
        abstract: "Print a JSON Schema for the payloads a table understands",
        discussion: """
            Prints a JSON Schema (draft 2020-12) that a backend can validate notification
            payloads against before sending them: an object whose declared payload fields
            each have a form their declared type accepts (int: an integer or decimal text;
            double: a number or number text; string: a string or a number; bool: a boolean or
            "true"/"false"; [T]: an array of T), dotted paths as nested properties, other keys
            allowed. x-routekit-rules lists every rule in table order with its 'when', the
            fields it reads and, where the predicate is simple, example payloads that route to
            it (each checked by deciding it). The output is deterministic, pretty JSON.
            """,
        options: [.key, .color],
        arguments: [
            .table()
        ],
        exitStatuses: [
            (0, "Printed"),
            (1, "The table has errors (reported on standard error)"),
            (2, "Usage error, or a file could not be read"),
        ])

    var table: String
    var color: ColorMode
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        keys = arguments.values(of: "key")
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let program = try ProgramLoader.load(table, context: context, color: color, keys: keys)
        context.console.out(JSONWriter.write(PayloadSchema.generate(for: program), pretty: true) + "\n")
        return .success
    }
}
