internal import CYAML
import RouteKit

/// Builds the `Node` tree from libyaml events: positions, tags, anchors, aliases and limits.
///
/// Mappings are finished (merge keys, duplicate keys) in `YAMLTreeBuilder+Mapping.swift`.
struct YAMLTreeBuilder {
    private struct Frame {
        var isMapping: Bool
        /// `[…]` or `{…}`: it ends at its bracket. A block collection ends at its last entry.
        var isFlow: Bool
        var start: SourcePosition
        var tag: String?
        var anchor: String?
        /// Items of a sequence.
        var items: [Node] = []
        /// Pairs of a mapping, and the key waiting for its value.
        var pairs: [Node.Pair] = []
        var pendingKey: Node?
        /// This node and all below it, counting alias expansions, for anchors' weight.
        var nodeCount = 1
    }

    private struct Anchored {
        var node: Node
        var nodeCount: Int
    }

    let file: String
    var positions: SourcePositionMapper
    var diagnostics: [Diagnostic] = []
    private var root: Node?
    private var failed = false
    private var documentCount = 0
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    /// Where each anchor is first defined; those no alias names (`aliased`) are unused.
    private var anchorPlaces: [String: SourceRange] = [:]
    /// Names given by aliases, defined or not (`&r [*r]` names `r` before it is defined).
    private var aliased: Set<String> = []
    private var openAnchors: Set<String> = []
    private var expandedNodes = 0

    init(file: String, positions: SourcePositionMapper) {
        self.file = file
        self.positions = positions
    }

    /// Where a second document starts, while all it has held is nothing.
    private var laterDocument: SourceRange?
    /// Whether a merge of the mapping being finished could not be applied (`finishMapping`).
    var mergeFailed = false
    private var mappingsWithFailedMerges: [SourceRange] = []

    var document: YAMLDocument {
        // A document of nothing (a file of `---` alone) is an empty file, not a null.
        if let root, root.tag == nil, root.content == .scalar(Node.Scalar("")) {
            return YAMLDocument(root: nil, diagnostics: diagnostics)
        }
        // `title: &more news`: YAML reads `&more` as an anchor, and the text loses it silently.
        let unused = failed ? [] : anchorPlaces.filter { !aliased.contains($0.key) }
            .sorted { $0.value.start.offset < $1.value.start.offset }
            .map { Diagnostic(.warning, "unused-anchor", YAMLMessages.unusedAnchor($0.key), at: $0.value) }
        return YAMLDocument(root: failed ? nil : root, diagnostics: diagnostics + unused,
                            mappingsWithFailedMerges: mappingsWithFailedMerges)
    }

    /// Handles one event; false when reading must stop.
    mutating func handle(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        let e = event.pointee
        if let laterDocument { return handleLaterDocument(e, startingAt: laterDocument) }
        switch e.type {
        case YAML_STREAM_END_EVENT, YAML_NO_EVENT:
            return false
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                let start = range(positions.position(e.start_mark), positions.position(e.end_mark))
                laterDocument = start
                return handleLaterDocument(e, startingAt: start)
            }
        case YAML_SCALAR_EVENT:
            let data = e.data.scalar
            let start = positions.position(e.start_mark)
            var end = positions.position(e.end_mark)
            let value = data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self)
            } ?? ""
            let style = Self.style(data.style)
            if style == .literal || style == .folded { end = positions.endOfText(before: end) }
            // libyaml starts an anchored scalar at its `&name`: a fix-it replacing that range
            // (`pop_to_root: &b yes` → `true`) would drop the anchor its aliases need. A plain
            // scalar on one line is written as its value, so its own start is found from its end.
            var valueStart = start
            if data.anchor != nil, data.tag == nil, style == .plain, !value.isEmpty, start.line == end.line,
               end.column - value.unicodeScalars.count > start.column
            {
                valueStart = SourcePosition(line: end.line, column: end.column - value.unicodeScalars.count,
                                            offset: end.offset - value.utf8.count)
            }
            let node = Node(.scalar(Node.Scalar(value, style: style)),
                            tag: data.tag.map { String(cString: $0) }, range: range(valueStart, end))
            if let tag = node.tag { checkScalarTag(tag, of: node) }
            add(node, nodeCount: 1, anchor: data.anchor.map { (String(cString: $0), start) })
        case YAML_ALIAS_EVENT:
            let name = e.data.alias.anchor.map { String(cString: $0) } ?? ""
            let start = positions.position(e.start_mark)
            let aliasRange = range(start, positions.position(e.end_mark))
            aliased.insert(name)
            guard let anchored = anchors[name] else {
                report(openAnchors.contains(name) ? YAMLMessages.recursiveAlias(name)
                    : YAMLMessages.undefinedAlias(name), at: aliasRange)
                add(Node(.scalar(Node.Scalar("")), range: aliasRange), nodeCount: 1, anchor: nil)
                return true
            }
            expandedNodes += anchored.nodeCount
            if expandedNodes > YAMLLimits.maxAliasExpansion {
                return stop(YAMLMessages.aliasExpansionLimit(), at: aliasRange)
            }
            // The copy is placed where the alias is written, so that `tabs: [&t home, *t]` names
            // both places; the nodes inside it stay where the anchor wrote them.
            var copy = anchored.node
            copy.range = aliasRange
            add(copy, nodeCount: anchored.nodeCount, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = e.type == YAML_MAPPING_START_EVENT
            let start = positions.position(e.start_mark)
            if stack.count >= YAMLLimits.maxNestingDepth {
                return stop(YAMLMessages.nestingTooDeep(),
                            at: range(start, positions.position(e.end_mark)))
            }
            let tagPointer = isMapping ? e.data.mapping_start.tag : e.data.sequence_start.tag
            let anchorPointer =
                isMapping ? e.data.mapping_start.anchor : e.data.sequence_start.anchor
            let tag = tagPointer.map { String(cString: $0) }
            if let tag {
                checkCollectionTag(tag, isMapping: isMapping,
                                   at: range(start, positions.position(e.end_mark)))
            }
            let anchor = anchorPointer.map { String(cString: $0) }
            if let anchor { openAnchors.insert(anchor) }
            let isFlow = isMapping ? e.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                : e.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            stack.append(Frame(isMapping: isMapping, isFlow: isFlow, start: start, tag: tag, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return true }
            var end = positions.position(e.end_mark)
            // libyaml ends a block collection where the next token starts, past blank lines and
            // comments; its range ends after its last entry as written (merged entries are
            // written elsewhere).
            if !frame.isFlow, let last = frame.isMapping ? frame.pairs.last.map(Self.writtenEnd) : frame.items.last?.range.end {
                end = last
            }
            mergeFailed = false
            let content: Node.Content = frame.isMapping
                ? .mapping(finishMapping(frame.pairs)) : .sequence(frame.items)
            if mergeFailed { mappingsWithFailedMerges.append(range(frame.start, end)) }
            if let anchor = frame.anchor { openAnchors.remove(anchor) }
            add(Node(content, tag: frame.tag, range: range(frame.start, end)),
                nodeCount: frame.nodeCount, anchor: frame.anchor.map { ($0, frame.start) })
        default:
            break
        }
        return true
    }

    /// Where a pair ends as written: after its value, or after its key when the value is empty.
    static func writtenEnd(of pair: Node.Pair) -> SourcePosition {
        if case .scalar(let scalar) = pair.value.content, scalar.value.isEmpty, scalar.style == .plain {
            return pair.key.range.end
        }
        return pair.value.range.end
    }

    /// After a second `---`: a document of nothing (a stray `---` at the end of the file) is
    /// not one; anything in it is, and is reported once at its `---`. The first document stays
    /// usable; the rest of the stream is not read.
    private mutating func handleLaterDocument(_ e: yaml_event_t, startingAt start: SourceRange) -> Bool {
        switch e.type {
        case YAML_STREAM_END_EVENT, YAML_NO_EVENT:
            return false
        // A directive (`%YAML 1.2`) makes it a document, whatever it holds.
        case YAML_DOCUMENT_START_EVENT where e.data.document_start.version_directive == nil
            && e.data.document_start.tag_directives.start == e.data.document_start.tag_directives.end:
            return true
        case YAML_DOCUMENT_END_EVENT:
            return true
        case YAML_SCALAR_EVENT where e.data.scalar.length == 0 && e.data.scalar.tag == nil
            && e.data.scalar.anchor == nil && e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE:
            return true
        default:
            report(YAMLMessages.multipleDocuments(), at: start)
            return false
        }
    }

    /// Records libyaml's error: encoding errors at their byte offset, others at their mark.
    mutating func fail(_ failure: LibYAMLParser.Failure) {
        if failure.isEncoding {
            var offset = failure.problemOffset
            var text = YAMLMessages.encodingProblem(failure.problem, value: failure.problemValue)
            // libyaml marks the byte that does not continue a character; the mistake is the byte
            // that started it (`é` saved as Latin-1 is the one byte 0xE9), so point at that.
            if failure.problem == "invalid trailing UTF-8 octet",
                let lead = (1...3).lazy.map({ offset - $0 }).first(where: { (positions.byte(at: $0) ?? 0) >= 0xC0 }),
                let leadByte = positions.byte(at: lead)
            {
                text = YAMLMessages.unfinishedCharacter(lead: leadByte, next: failure.problemValue)
                offset = lead
            }
            let position = positions.position(ofOffset: offset)
            _ = stop(YAMLMessages.invalidEncoding(text), at: SourceRange(file: file, at: position))
            return
        }
        let position = positions.position(failure.problemMark)
        var notes: [DiagnosticNote] = []
        var contextLine: Int?
        var contextOffset: Int?
        if let context = failure.context {
            let contextPosition = positions.position(failure.contextMark)
            contextLine = contextPosition.line
            contextOffset = contextPosition.offset
            notes.append(DiagnosticNote(YAMLMessages.style(context),
                                        at: SourceRange(file: file, at: contextPosition)))
        }
        // What the reader cannot see comes before advice about what it can (which it may explain).
        // Near the problem, or near the place libyaml's context names (a blank line may stand
        // between them: `tab:<U+00A0>home`, then an empty line, then the next item).
        if let (invisible, place) = positions.invisibleCharacter(near: position.offset)
            ?? contextOffset.flatMap({ positions.invisibleCharacter(near: $0) })
        {
            let end = SourcePosition(line: place.line, column: place.column + 1,
                                     offset: place.offset + UTF8.width(invisible.scalar))
            notes.append(DiagnosticNote(YAMLMessages.invisibleCharacter(invisible, line: place.line),
                                        at: SourceRange(file: file, start: place, end: end)))
        }
        let closedBefore = lastByteBefore(position.offset)
        var problem = YAMLMessages.style(failure.problem, closedBefore: closedBefore)
        let character = positions.byte(at: position.offset)
        // libyaml's wording for a tab where indentation is expected does not mention the tab.
        if problem == "found character that cannot start any token", character == UInt8(ascii: "\t") {
            problem = YAMLMessages.tabIndentation
        } else if let hint = YAMLMessages.lineHint(failure.problem, lines: linesEnding(at: position.offset, count: 3),
                                                    closedBefore: closedBefore)
        {
            notes.append(DiagnosticNote(hint))
        } else if let hint = YAMLMessages.syntaxHint(
            YAMLMessages.normalized(failure.problem),
            context: failure.context.map(YAMLMessages.normalized), openedAt: contextLine,
            character: character, closedBefore: closedBefore)
        {
            // Last, so that libyaml's own context stays the first note.
            notes.append(DiagnosticNote(hint))
        }
        _ = stop(YAMLMessages.yamlSyntax(problem), at: SourceRange(file: file, at: position),
                 notes: notes)
    }

    /// The last non-blank byte before `offset`: text after a closing quote or bracket is
    /// libyaml's "did not find expected key", which is then not about indentation.
    private func lastByteBefore(_ offset: Int) -> UInt8? {
        var index = offset - 1
        while let byte = positions.byte(at: index),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        {
            index -= 1
        }
        return positions.byte(at: index)
    }

    /// The line holding `offset`, then up to `count - 1` lines before it, nearest first; blank
    /// lines and comment lines are skipped.
    private func linesEnding(at offset: Int, count: Int) -> [String] {
        var lines: [String] = []
        var end = offset
        while let byte = positions.byte(at: end), byte != UInt8(ascii: "\n") { end += 1 }
        while lines.count < count, end > 0 {
            var start = end
            while start > 0, positions.byte(at: start - 1) != UInt8(ascii: "\n") { start -= 1 }
            let text = String(decoding: (start..<end).compactMap(positions.byte(at:)), as: UTF8.self)
            let trimmed = text.drop { $0 == " " }
            if !trimmed.isEmpty, !trimmed.hasPrefix("#") { lines.append(text) }
            end = start - 1
        }
        return lines
    }

    // MARK: - Helpers

    /// The range of `&name` at `start`, where libyaml's event for an anchored node starts (a
    /// tag may come first: then only its start), for the `unused-anchor` warning to underline.
    private func anchorRange(_ name: String, at start: SourcePosition) -> SourceRange {
        guard positions.byte(at: start.offset) == UInt8(ascii: "&") else { return SourceRange(file: file, at: start) }
        // Anchor names are ASCII (libyaml reads letters, digits, '-' and '_'): a byte is a column.
        let width = 1 + name.utf8.count
        return SourceRange(file: file, start: start,
                           end: SourcePosition(line: start.line, column: start.column + width,
                                               offset: start.offset + width))
    }

    /// `anchor`: its name and where the node's event starts (a plain scalar's own range starts
    /// at its value, after the anchor).
    private mutating func add(_ node: consuming Node, nodeCount: Int, anchor: (name: String, at: SourcePosition)?) {
        if let anchor {
            if anchors[anchor.name] == nil { anchorPlaces[anchor.name] = anchorRange(anchor.name, at: anchor.at) }
            anchors[anchor.name] = Anchored(node: copy node, nodeCount: nodeCount)
        }
        guard !stack.isEmpty else {
            if root == nil { root = node }
            return
        }
        let top = stack.count - 1
        stack[top].nodeCount += nodeCount
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append(Node.Pair(key: key, value: node))
            stack[top].pendingKey = nil
        } else {
            stack[top].pendingKey = node
        }
    }

    mutating func report(_ message: YAMLMessage, at range: SourceRange,
                         notes: [DiagnosticNote] = [])
    {
        diagnostics.append(Diagnostic(.error, message.code, message.text, at: range, notes: notes))
    }

    private mutating func stop(_ message: YAMLMessage, at range: SourceRange,
                               notes: [DiagnosticNote] = []) -> Bool
    {
        report(message, at: range, notes: notes)
        failed = true
        return false
    }

    private func range(_ start: SourcePosition, _ end: SourcePosition) -> SourceRange {
        SourceRange(file: file, start: start, end: end)
    }

    private static func style(_ style: yaml_scalar_style_t) -> Node.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private static let scalarTags: Set<String> = ["str", "int", "float", "bool", "null"].map {
        YAMLMessages.coreTagPrefix + $0
    }.reduce(into: ["!"]) { $0.insert($1) }

    private static let sequenceTag = YAMLMessages.coreTagPrefix + "seq"
    private static let mappingTag = YAMLMessages.coreTagPrefix + "map"

    private mutating func checkScalarTag(_ tag: String, of node: Node) {
        guard Self.scalarTags.contains(tag) else {
            if tag == Self.sequenceTag || tag == Self.mappingTag {
                report(YAMLMessages.tagMismatchCollection("scalar", tag: tag), at: node.range)
            } else if case .scalar(let scalar) = node.content {
                report(YAMLMessages.customTag(tag, onScalar: scalar.value), at: node.range)
            } else {
                report(YAMLMessages.customTag(tag), at: node.range)
            }
            return
        }
        guard case .scalar(let scalar) = node.content, tag != "!",
            !tag.hasSuffix(":str"), case .string? = node.resolvedScalar
        else { return }
        report(YAMLMessages.tagMismatch(scalar.value, tag: tag), at: node.range)
    }

    private mutating func checkCollectionTag(_ tag: String, isMapping: Bool, at range: SourceRange) {
        if tag == "!" || tag == (isMapping ? Self.mappingTag : Self.sequenceTag) { return }
        if Self.scalarTags.contains(tag) || tag == Self.sequenceTag || tag == Self.mappingTag {
            report(YAMLMessages.tagMismatchCollection(isMapping ? "mapping" : "sequence", tag: tag),
                   at: range)
        } else {
            report(YAMLMessages.customTag(tag), at: range)
        }
    }
}
