/// One option a command accepts: a flag (`--strict`) or an option with a value (`--format json`).
///
/// ```swift
/// static let options: [OptionSpec] = [
///     .flag("strict", help: "Report warnings as errors"),
///     .choice("format", ["text", "json", "github"], default: "text", help: "Output format"),
///     .value("output", short: "o", placeholder: "FILE", help: "Where to write"),
/// ]
/// ```
public struct OptionSpec: Sendable, Equatable {
    /// What follows the option's name.
    ///
    /// ```swift
    /// OptionSpec.flag("strict", help: "Report warnings as errors").kind // .flag
    /// OptionSpec.choice("format", ["text", "json"], help: "Output format").kind
    /// // .value(placeholder: "text|json", choices: ["text", "json"], defaultValue: nil)
    /// ```
    public enum Kind: Sendable, Equatable {
        /// No value: present or not.
        case flag
        /// A value, shown as `placeholder` in help; `choices` restricts it when not nil.
        case value(placeholder: String, choices: [String]?, defaultValue: String?)
    }

    /// The long name without dashes: `format` for `--format`.
    public var name: String
    /// A one-letter alias: `o` for `-o`.
    public var short: Character?
    /// What follows the name: nothing for a flag, else a value, its placeholder, choices and default.
    ///
    /// ```swift
    /// OptionSpec.value("payload", placeholder: "JSON", help: "One payload to decide").kind
    /// // .value(placeholder: "JSON", choices: nil, defaultValue: nil)
    /// ```
    public var kind: Kind
    /// One line for `--help`.
    public var help: String
    /// Whether the command cannot run without it: shown without brackets in usage lines.
    public var isRequired = false
    /// Whether it may be given several times, each value kept (`--key A --key B`); any other
    /// option with a free value given twice is a usage error.
    public var isRepeatable = false

    /// An option of any kind; `flag`, `value` and `choice` are shorter to write.
    ///
    /// ```swift
    /// OptionSpec(name: "output", short: "o",
    ///            kind: .value(placeholder: "FILE", choices: nil, defaultValue: nil), help: "Where to write")
    /// ```
    public init(name: String, short: Character? = nil, kind: Kind, help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.help = help
    }

    /// A flag such as `--strict`.
    ///
    /// ```swift
    /// OptionSpec.flag("strict", help: "Report warnings as errors").takesValue // false
    /// ```
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, help: help)
    }

    /// An option with a free value such as `--payload JSON`.
    ///
    /// ```swift
    /// OptionSpec.value("payload", placeholder: "JSON|@FILE|-", help: "One payload to decide")
    /// ```
    public static func value(
        _ name: String, short: Character? = nil, placeholder: String, default defaultValue: String? = nil,
        help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short,
            kind: .value(placeholder: placeholder, choices: nil, defaultValue: defaultValue), help: help)
    }

    /// The same option, marked as one the command cannot run without.
    ///
    /// ```swift
    /// OptionSpec.value("events", placeholder: "FILE", help: "The events").required.isRequired // true
    /// ```
    public var required: OptionSpec {
        var copy = self
        copy.isRequired = true
        return copy
    }

    /// The same option, marked as one that may be given several times; every value is kept, in
    /// order, in `ParsedArguments.allValues`.
    ///
    /// ```swift
    /// OptionSpec.value("key", placeholder: "PUB", help: "A trusted key").repeatable.synopsis // "--key PUB..."
    /// ```
    public var repeatable: OptionSpec {
        var copy = self
        copy.isRepeatable = true
        return copy
    }

    /// An option whose value is one of `choices`, such as `--format text|json`.
    ///
    /// ```swift
    /// OptionSpec.choice("format", ["text", "json"], default: "text", help: "Output format").synopsis
    /// // "--format text|json"
    /// ```
    public static func choice(
        _ name: String, _ choices: [String], default defaultValue: String? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name,
            kind: .value(
                placeholder: choices.joined(separator: "|"), choices: choices,
                defaultValue: defaultValue),
            help: help)
    }

    /// `--color auto|always|never`, shared by every command that can color its output.
    public static let color = OptionSpec.choice(
        "color", ColorMode.allCases.map(\.rawValue), default: ColorMode.auto.rawValue,
        help: "When to color the output; auto: on a terminal. NO_COLOR, set and not empty, turns color off in every mode")

    /// `--key PUB`, shared by every command that takes a TABLE: a signed table is used only when
    /// its signature verifies with one of these public keys.
    public static let key = OptionSpec.value(
        "key", placeholder: "PUB",
        help: "Trust this public key file (keygen's KEY.pub; repeat for several): a signed TABLE is used only when its signature verifies with one of them, and any other TABLE is refused"
    ).repeatable

    /// `--help`, which every command accepts without declaring it.
    public static let help = OptionSpec.flag("help", short: "h", help: "Show help information")

    /// Whether the option takes a value.
    public var takesValue: Bool { kind != .flag }

    /// How the option is shown in usage lines: `--strict`, `--format text|json|github`.
    public var synopsis: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let placeholder, _, _): return "--\(name) \(placeholder)" + (isRepeatable ? "..." : "")
        }
    }
}

/// A positional argument of a command, such as `TABLE…`.
///
/// ```swift
/// ArgumentSpec("TABLE", arity: .oneOrMore, help: "A route table: a YAML file or a directory")
/// ```
public struct ArgumentSpec: Sendable, Equatable {
    /// How many values the argument takes.
    ///
    /// ```swift
    /// ArgumentSpec("FILE", arity: .optional, help: "An input").synopsis      // "[FILE]"
    /// ArgumentSpec("TABLE", arity: .oneOrMore, help: "Route tables").synopsis // "TABLE..."
    /// ```
    public enum Arity: Sendable, Equatable { case one, optional, oneOrMore, zeroOrMore }

    /// The name in usage lines, in capitals: `TABLE`.
    public var name: String
    /// How many values the argument takes; `.one` unless given.
    ///
    /// ```swift
    /// ArgumentSpec("TABLE", help: "A route table").arity // .one
    /// ```
    public var arity: Arity
    /// The argument's line in the ARGUMENTS list of `--help`.
    ///
    /// ```swift
    /// ArgumentSpec("TABLE", help: "A route table").help // "A route table"
    /// ```
    public var help: String

    /// A positional argument called `name` in usage lines, taking `arity` values.
    ///
    /// ```swift
    /// ArgumentSpec("CASES", arity: .zeroOrMore, help: "Test files").synopsis // "[CASES...]"
    /// ```
    public init(_ name: String, arity: Arity = .one, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    /// The `TABLE` argument every command takes: route files or a compiled table.
    ///
    /// ```swift
    /// ArgumentSpec.table(arity: .oneOrMore).synopsis // "TABLE..."
    /// ```
    public static func table(arity: Arity = .one) -> ArgumentSpec {
        ArgumentSpec("TABLE", arity: arity,
                     help: "A route table: a YAML file, a directory, or a compiled table")
    }

    /// How the argument is shown in usage lines: `TABLE`, `[CASES...]`, `TABLE...`.
    public var synopsis: String {
        switch arity {
        case .one: return name
        case .optional: return "[\(name)]"
        case .oneOrMore: return "\(name)..."
        case .zeroOrMore: return "[\(name)...]"
        }
    }
}
