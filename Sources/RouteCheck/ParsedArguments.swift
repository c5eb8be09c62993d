/// A command line after parsing: which flags were given, the values of options and the
/// positional arguments, already checked against the command's configuration.
///
/// ```swift
/// let strict = arguments.flag("strict")
/// let format = arguments.value("format") ?? "text"   // or the declared default
/// let tables = arguments.positionals
/// ```
public struct ParsedArguments: Sendable, Equatable {
    /// Long names of the flags given.
    public var flags: Set<String>
    /// The value of each option given, by long name; the last one wins when repeated.
    public var values: [String: String]
    /// Every value of each option given, in order, for options that may repeat.
    public var allValues: [String: [String]]
    /// The positional arguments, in order.
    public var positionals: [String]
    /// Declared defaults, used by `value(_:)` when an option is not given.
    var defaults: [String: String]

    /// Parsed arguments; `values` holds every value of each option in order, and the last one wins.
    ///
    /// ```swift
    /// let parsed = ParsedArguments(flags: ["strict"], values: ["format": ["text", "json"]],
    ///                              positionals: ["routes/"])
    /// parsed.value("format") // "json"
    /// ```
    public init(
        flags: Set<String> = [], values: [String: [String]] = [:], positionals: [String] = [],
        defaults: [String: String] = [:]
    ) {
        self.flags = flags
        self.allValues = values
        self.values = values.compactMapValues(\.last)
        self.positionals = positionals
        self.defaults = defaults
    }

    /// Whether the flag `--name` was given.
    ///
    /// ```swift
    /// ParsedArguments(flags: ["strict"]).flag("strict") // true
    /// ```
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name`, or its declared default, or nil.
    ///
    /// ```swift
    /// ParsedArguments(defaults: ["format": "text"]).value("format") // "text"
    /// ```
    public func value(_ name: String) -> String? { values[name] ?? defaults[name] }

    /// The value of a choice option as an enum, such as `ColorMode`.
    ///
    /// ```swift
    /// let color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    /// ```
    public func choice<T: RawRepresentable>(_ name: String, as type: T.Type, default defaultValue: T)
        throws(CLIError) -> T where T.RawValue == String
    {
        guard let text = value(name) else { return defaultValue }
        guard let chosen = T(rawValue: text) else {
            throw .usage("invalid value '\(text)' for option '--\(name)'")
        }
        return chosen
    }

    /// Every value of the repeatable option `--name`, in the order given; empty when not given.
    ///
    /// ```swift
    /// ParsedArguments(values: ["key": ["a.pub", "b.pub"]]).values(of: "key") // ["a.pub", "b.pub"]
    /// ```
    public func values(of name: String) -> [String] { allValues[name] ?? [] }

    /// The positional argument at `index`; a usage error naming `name` when it is missing.
    ///
    /// ```swift
    /// let table = try arguments.positional(0, name: "TABLE") // throws .usage("missing TABLE")
    /// ```
    public func positional(_ index: Int, name: String = "argument") throws(CLIError) -> String {
        guard index < positionals.count else { throw .usage("missing \(name)") }
        return positionals[index]
    }
}
