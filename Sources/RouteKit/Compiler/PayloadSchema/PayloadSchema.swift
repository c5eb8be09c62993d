/// A JSON Schema (draft 2020-12) for the payloads a table understands, for a backend to
/// validate a push before it sends it.
///
/// The schema accepts an object whose declared fields each have a form their declared type
/// accepts at the payload boundary (SPEC §4), so it rejects exactly the values that
/// `routecheck eval --explain` reports as "treated as missing" (two limits JSON Schema cannot
/// express are noted in the descriptions: decimal strings beyond 64 bits and number strings
/// beyond `Double`). Dotted paths (`aps.badge`) become nested `properties`; other keys are
/// allowed, since APNs adds its own. `x-routekit-rules` lists each rule in table order with its
/// `when`, the fields it reads and, where the predicate is simple (equality, `in`, `has` joined
/// by `&&` and `||`), payloads that route to it; every example is checked by deciding it.
///
/// ```swift
/// let schema = PayloadSchema.generate(for: program)
/// print(JSONWriter.write(schema, pretty: true))
/// // {
/// //   "$schema": "https://json-schema.org/draft/2020-12/schema",
/// //   ...
/// ```
public enum PayloadSchema {
    /// The dialect every generated schema declares.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema for `program`'s payloads, as a JSON value (write it with `JSONWriter`).
    ///
    /// ```swift
    /// let schema = PayloadSchema.generate(for: program)
    /// schema["$schema"] == .string(PayloadSchema.dialect) // true
    /// ```
    public static func generate(for program: RoutingProgram) -> JSONValue {
        let reads = readers(program)
        var root = FieldTree()
        for field in program.table.payloadFields {
            root.insert(field.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                        type: field.type)
        }
        var schema: JSONObject = [
            "$schema": .string(dialect),
            "title": "RouteKit notification payload",
            "description": .string("""
                A notification payload this route table understands: a JSON object whose \
                declared fields each have a form their declared type accepts. A value of another \
                form would be treated as missing by the app. Other keys are allowed (APNs adds \
                its own). Passing does not mean a rule matches: see x-routekit-rules. The app \
                refuses a whole payload, whatever its keys, over RouteKit's limits, which this \
                schema does not check: \(PayloadLimits.maxBytes) bytes of JSON, nesting deeper \
                than \(PayloadLimits.maxDepth) levels, a string of more than \
                \(PayloadLimits.maxStringBytes) bytes, a key given twice.
                """),
            "type": "object",
            "additionalProperties": true,
            "$comment": """
                x-routekit-rules lists the rules in table order (the first that matches wins): \
                name, when, the payload fields the predicate reads (reads) and those its params \
                and login user read (route_reads), what it does (action), and payloads that \
                route to it (examples), where the predicate is simple enough to derive them.
                """,
        ]
        let properties = root.properties(reads: reads, prefix: [])
        if !properties.isEmpty { schema["properties"] = .object(properties) }
        let rules = program.rules.map { rule in RuleAnnotation(rule: rule, program: program) }
        schema["x-routekit-rules"] = .array(rules.map(\.json))
        schema["x-routekit-fallback"] = .string(program.fallback.map(RuleAnnotation.describe) ?? "none")
        let examples = rules.flatMap(\.examples)
        if !examples.isEmpty { schema["examples"] = .array(examples) }
        return .object(schema)
    }

    /// The forms a declared type accepts at the payload boundary, as a schema.
    ///
    /// ```swift
    /// PayloadSchema.forms(of: .bool)
    /// // {"anyOf": [{"type": "boolean"}, {"enum": ["true", "false"]}]}
    /// ```
    public static func forms(of type: FieldType) -> JSONValue {
        switch type {
        case .int:
            return ["anyOf": [
                ["type": "integer", "minimum": .int(.min), "maximum": .int(.max)],
                ["type": "string", "pattern": .string(decimalPattern)],
            ]]
        case .double:
            return ["anyOf": [["type": "number"], ["type": "string", "pattern": .string(numberPattern)]]]
        case .string:
            return ["type": ["string", "number"]]
        case .bool:
            return ["anyOf": [["type": "boolean"], ["enum": ["true", "false"]]]]
        case .any:
            return [:]
        case .list(let element):
            return ["type": "array", "items": forms(of: element)]
        }
    }

    /// Decimal integer text exactly as `int` accepts it: `-?[0-9]+`, leading zeros allowed, whose
    /// value is within 64 bits (so `"9223372036854775808"` does not match, as the app would treat
    /// it as missing).
    public static let decimalPattern =
        "^(0*" + digits(atMost: "9223372036854775807") + "|-0*" + digits(atMost: "9223372036854775808") + ")$"
    /// RFC 8259 number syntax, as `double` accepts it in a string.
    public static let numberPattern = #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#

    /// A regular expression for a number without leading zeros that is at most `bound` (decimal
    /// digits): `0`, fewer digits than the bound, or as many with a smaller digit at the first
    /// place they differ, or the bound itself.
    static func digits(atMost bound: String) -> String {
        let places = bound.map { Int(String($0)) ?? 0 }
        var alternatives = ["0", "[1-9][0-9]{0,\(places.count - 2)}"]
        for (index, digit) in places.enumerated() {
            let lowest = index == 0 ? 1 : 0
            guard digit > lowest else { continue }
            let prefix = places[..<index].map(String.init).joined()
            let smaller = digit - 1 == lowest ? "\(lowest)" : "[\(lowest)-\(digit - 1)]"
            let rest = places.count - index - 1
            alternatives.append(prefix + smaller + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        alternatives.append(bound)
        return "(" + alternatives.joined(separator: "|") + ")"
    }

    /// What a value of `type` may be, as a phrase for descriptions.
    static func phrase(_ type: FieldType) -> String {
        switch type {
        case .int:
            "an integer in the 64-bit range (an integral number such as 42.0 counts) or a string "
                + "of decimal digits such as \"42\" or \"-7\" (also within 64 bits)"
        case .double:
            "a number, or a string in JSON number syntax such as \"1.5\" (finite)"
        case .string:
            "a string, or a number (used as its text: 10086 is \"10086\")"
        case .bool:
            "true or false, or the string \"true\" or \"false\""
        case .any:
            "any JSON value"
        case .list(let element):
            "an array whose every element is " + phrase(element)
        }
    }

    /// For each payload path, the rules that read it and where: `my-messages (when, route)`.
    private static func readers(_ program: RoutingProgram) -> [String: [String]] {
        var readers: [String: [String]] = [:]
        for rule in program.rules {
            let inWhen = Set(rule.when.fields)
            let inRoute = Set(RuleAnnotation.routeFields(rule.route))
            for path in inWhen.union(inRoute).sorted() {
                let places = [inWhen.contains(path) ? "when" : nil, inRoute.contains(path) ? "route" : nil]
                readers[path, default: []].append(
                    "\(rule.rule.name) (\(places.compactMap { $0 }.joined(separator: ", ")))")
            }
        }
        return readers
    }
}

/// The declared payload paths as a tree: `aps.badge` is the child `badge` of `aps`.
private struct FieldTree {
    var type: FieldType?
    var children: [CodePointKey: FieldTree] = [:]
    /// Child names in declaration order.
    var order: [String] = []

    mutating func insert(_ path: [String], type: FieldType) {
        guard let first = path.first else {
            self.type = type
            return
        }
        if children[CodePointKey(first)] == nil { order.append(first) }
        children[CodePointKey(first), default: FieldTree()].insert(Array(path.dropFirst()), type: type)
    }

    func properties(reads: [String: [String]], prefix: [String]) -> JSONObject {
        var properties = JSONObject()
        for name in order {
            guard let child = children[CodePointKey(name)] else { continue }
            properties[name] = child.schema(reads: reads, path: prefix + [name])
        }
        return properties
    }

    func schema(reads: [String: [String]], path: [String]) -> JSONValue {
        let dotted = path.joined(separator: ".")
        var schema = JSONObject()
        var description: [String] = []
        if let type {
            if case .object(let forms) = PayloadSchema.forms(of: type) { schema = forms }
            description.append("Declared \(type): \(PayloadSchema.phrase(type)).")
        }
        if !children.isEmpty {
            schema["properties"] = .object(properties(reads: reads, prefix: path))
            let names = order.map { dotted + "." + $0 }.joined(separator: ", ")
            description.append(
                "Holds the declared fields \(names) when it is an object (otherwise they count as missing).")
        }
        if let readers = reads[dotted], !readers.isEmpty {
            description.append("Read by \(readers.joined(separator: ", ")).")
        } else if type != nil {
            description.append("Read by no rule.")
        }
        schema["description"] = .string(description.joined(separator: " "))
        return .object(schema)
    }
}
