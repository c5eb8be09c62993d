internal import CYAML

/// Owns one libyaml event parser over a caller-owned buffer; the only place C memory lives.
///
/// The input buffer must outlive the parser: `YAMLReader` creates both inside one
/// `withUnsafeBufferPointer` scope.
final class LibYAMLParser {
    /// A failure reported by libyaml, with its marks still 0-based.
    struct Failure {
        var isEncoding: Bool
        var problem: String
        var problemMark: yaml_mark_t
        /// For encoding errors libyaml leaves `problemMark` at 0:0 and sets this byte offset.
        var problemOffset: Int
        var problemValue: Int
        var context: String?
        var contextMark: yaml_mark_t
    }

    private let parser: UnsafeMutablePointer<yaml_parser_t>

    init?(input: UnsafeBufferPointer<UInt8>) {
        guard let base = input.baseAddress else { return nil }
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return nil
        }
        // Forcing UTF-8 keeps libyaml's character indices in step with our UTF-8 offsets.
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, base, input.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Parses the next event into `event`; false on error (see ``failure``).
    ///
    /// The caller must `yaml_event_delete` a successfully parsed event.
    func parse(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        yaml_parser_parse(parser, event) == 1
    }

    var failure: Failure {
        let p = parser.pointee
        return Failure(
            isEncoding: p.error == YAML_READER_ERROR,
            problem: p.problem.map { String(cString: $0) } ?? "",
            problemMark: p.problem_mark,
            problemOffset: p.problem_offset,
            problemValue: Int(p.problem_value),
            context: p.context.map { String(cString: $0) },
            contextMark: p.context_mark
        )
    }
}
