import CYAML

/// libyaml's bare event parse, the floor for reading YAML: every event of the document is parsed
/// and deleted, nothing is built. It is the baseline for `YAMLReader` + decode + check + compile.
enum LibYAMLScan {
    /// Parses every event of `bytes`; returns the number of events, or -1 on a parse error.
    static func countEvents(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1, let base = buffer.baseAddress else { return -1 }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return -1 }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { return count }
            }
        }
    }
}
