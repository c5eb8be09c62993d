/// The result of decoding a table's documents: the model when it has no errors, and every
/// diagnostic found on the way.
///
/// ```swift
/// let decoded = TableDecoder.decode([(file: "routes/app.yaml", root: node)])
/// decoded.table == nil // true exactly when some diagnostic is an error
/// ```
public struct DecodedTable: Sendable {
    /// The table; nil when any diagnostic is an error (`partial` then holds what decoded).
    public var table: RouteTable?
    /// What could be decoded even when there are errors: the rules, screens and fields that were
    /// well formed (a field whose type is misspelled counts as `any`), so that their expressions
    /// can still be checked and every problem reported in one run.
    public var partial: RouteTable
    /// The predicates of rules that did not decode, to be checked all the same.
    public var predicatesOfBrokenRules: [ExpressionSource]
    /// Every problem found while decoding.
    public var diagnostics: [Diagnostic]
    /// Rules declared, counted even when the table has errors (for the validate summary).
    public var ruleCount: Int
    /// Whether a `payload` section could not be read (misspelled as `paylaod:`, or not a
    /// mapping), which is reported: "undeclared payload field" at every use would restate it.
    public var payloadSectionLost = false
}

/// Decodes the YAML nodes of a table's files into a `RouteTable`, with every structural check of
/// SPEC §3: unknown, missing and mistyped keys, unknown screens, tabs and params, duplicate names
/// across files, presentation mismatches, login without a login screen.
///
/// Expressions are kept as positioned source text; the expression checker reads them next.
///
/// ```swift
/// let decoded = TableDecoder.decode([(file: "routes/app.yaml", root: node)])
/// if let table = decoded.table { print(table.rules.count) }
/// ```
public enum TableDecoder {
    static let topLevelKeys = [
        "version", "tabs", "login_screen", "screens", "payload", "defaults", "routes", "fallback",
    ]
    /// The route file format version this build reads.
    public static let supportedVersion: Int64 = 1

    /// Decodes the documents of one table in table order. Pass `complete: false` when a file
    /// could not be read (a YAML error; its root is nil): what it may have declared is then not
    /// reported missing or unknown, and no table is made.
    ///
    /// The documents are consumed: passed as the last use of their nodes, each rule's nodes are
    /// freed as soon as the rule is decoded, so that a large table's node tree does not stay in
    /// memory (and in the caches) beside the model made from it.
    ///
    /// ```swift
    /// let document = YAMLReader.read(bytes, file: "routes/app.yaml")
    /// let decoded = TableDecoder.decode([(file: "routes/app.yaml", root: document.root)],
    ///                                   complete: !document.hasErrors)
    /// ```
    public static func decode(_ documents: consuming [(file: String, root: Node?)], complete: Bool = true)
        -> DecodedTable
    {
        // What the messages below need of the documents, taken before the loop consumes them:
        // their nodes are then let go, and `state.ruleNodes` alone holds each rule's (see
        // `DecodingState.build`).
        let fileCount = documents.count
        let firstFile = documents.first?.file
        // Where a missing top-level key is reported: the start of the first file's top level.
        let tableStart = (documents.first { $0.root != nil }?.root?.range ?? firstFile.map(SourceRange.wholeFile))
            .map { SourceRange(file: $0.file, at: $0.start) }
        // Nothing written yet: one error that says what a table starts with, rather than one per
        // missing key.
        let nothingWritten = complete && documents.allSatisfy { $0.root == nil }
        var state = DecodingState()
        var unread = false
        for document in documents {
            guard let root = document.root else {
                // An empty file declares nothing; one that could not be read may have declared anything.
                if !complete {
                    state.loseEverySection()
                    unread = true
                }
                continue
            }
            state.collect(root, file: document.file)
        }
        // With a file unread, what it may have declared is not reported missing.
        let keysMayBeMissing = complete && !nothingWritten
        if nothingWritten, let firstFile {
            state.decoder.report(ModelMessages.emptyTable(files: fileCount, at: .wholeFile(firstFile)))
        } else if keysMayBeMissing, state.versionRange == nil, !state.lostSections.contains("version"),
            let tableStart
        {
            state.decoder.report(ModelMessages.missingKey("version", in: "the route table", at: tableStart))
        }
        if keysMayBeMissing, state.tabs.isEmpty, let listed = state.emptyTabsList {
            state.decoder.report(ModelMessages.noTabs(at: listed))
        } else if keysMayBeMissing, state.tabs.isEmpty, !state.tabsDeclared,
            !state.lostSections.contains("tabs"), let tableStart
        {
            state.decoder.report(ModelMessages.missingKey("tabs", in: "the route table", at: tableStart))
        }
        let ruleCount = state.ruleNodes.count
        let table = state.build()
        let diagnostics = state.decoder.diagnostics
        // Nothing is reported missing for want of an unread file, so no table is made without it.
        let failed = unread || diagnostics.contains { $0.severity == .error }
        return DecodedTable(table: failed ? nil : table, partial: table,
                            predicatesOfBrokenRules: state.predicatesOfBrokenRules,
                            diagnostics: diagnostics,
                            ruleCount: ruleCount,
                            payloadSectionLost: state.payloadSectionLost)
    }
}

/// Declarations gathered from every file before anything that refers to them is decoded, so a
/// rule may name a screen declared in a later file.
struct DecodingState {
    var decoder = NodeDecoder()
    var versionRange: SourceRange?
    var tabs: [(name: String, range: SourceRange)] = []
    /// Where each name of `tabs` is: a duplicate or a reference is found without a scan.
    private(set) var tabPositions: [CodePointKey: Int] = [:]
    /// How many tabs were read before the first entry of `tabs` that could not be (a bad name or a
    /// duplicate, already reported): indexes from there on are unknown, so a tab given by such an
    /// index is not checked — it would only add a false error. nil when every entry was read.
    private(set) var tabsKnownByIndex: Int?
    /// Whether some file has a `tabs` key: when it gave no tab, its value was reported already
    /// (or is `emptyTabsList`), and "missing required key 'tabs'" would be false.
    private(set) var tabsDeclared = false
    /// Where `tabs: []` is, when the only `tabs` of the table lists nothing.
    private(set) var emptyTabsList: SourceRange?
    var screenNodes: [(name: String, key: Node, value: Node)] = []
    /// Where each name of `screenNodes` is, to find a duplicate without a scan per screen.
    private var screenPositions: [CodePointKey: Int] = [:]
    /// Screens declared with an error (reported there) and so left out of the table: a reference
    /// to one is not reported again, as "unknown screen; declare it under 'screens'" would be false.
    var screensWithErrors: Set<CodePointKey> = []
    /// Screens whose `params` could not be read (misspelled `param:`, not a mapping; reported):
    /// the params rules give them are not checked against a list that is not there.
    var screensWithUnreadParams: Set<CodePointKey> = []
    /// `screen.param` for each param of the rule being decoded that an unknown param given was
    /// reported as a likely misspelling of (`idd` for `id`), or that is given with a value that
    /// was reported (`id:` with none): not also reported missing.
    var paramsMeantByMisspellings: Set<CodePointKey> = []
    var payloadFields: [PayloadField] = []
    /// `payloadFields` as an expression environment (`payloadEnvironment`), for checking fields
    /// declared inside others and alert placeholders; made on first use.
    var cachedPayloadEnvironment: ExpressionEnvironment?
    /// Where each path of `payloadFields` is first declared.
    var payloadFieldPositions: [CodePointKey: Int] = [:]
    var loginScreen: (name: String, range: SourceRange)?
    /// What needs a login (a screen declared `login: required`, a route with `login:`) while the
    /// table declares no `login_screen`: one error names the first, with a note for each other.
    var placesNeedingLogin: [(who: String, range: SourceRange)] = []
    var defaultsNode: Node?
    var fallbackNode: Node?
    /// The rules' nodes, in table order, until `build` decodes them (and lets each go).
    var ruleNodes: [Node] = []
    /// The rules' names so far, and where each was first written (by the name's position).
    var ruleNames = NameIndex()
    var ruleNameRanges: [SourceRange] = []
    /// `when` of rules whose action could not be decoded: still checked, so a broken rule's
    /// predicate problems are reported in the same run.
    var predicatesOfBrokenRules: [ExpressionSource] = []
    private var sectionRanges: [String: SourceRange] = [:]
    /// Top-level sections lost to an error reported where it is: misspelled (`verison:`, an
    /// unknown key with its fix), or in a file whose top level is not a mapping. They are not
    /// also reported missing, nor what they would declare unknown.
    private(set) var lostSections: Set<String> = []
    /// A `payload` section that is not a mapping (reported); see `DecodedTable.payloadSectionLost`.
    private var payloadNotAMapping = false
    var payloadSectionLost: Bool { payloadNotAMapping || lostSections.contains("payload") }
    /// Whether a screen not in the table is accounted for by an error already reported: it was
    /// declared with one, or a `screens` section is misspelled. It is not also "unknown".
    func isScreenLost(_ name: String) -> Bool {
        screensWithErrors.contains(CodePointKey(name)) || lostSections.contains("screens")
    }

    /// A file of the table could not be read (its YAML error is reported): it may have declared
    /// anything, so no screen, tab, payload field or login screen is reported unknown or missing
    /// for want of it. A broken `screens.yaml` used to draw an "unknown screen" at every use.
    mutating func loseEverySection() {
        lostSections.formUnion(TableDecoder.topLevelKeys)
    }

    mutating func collect(_ root: Node, file: String) {
        let root = withOutdentedSectionEntriesMoved(root)
        guard let top = decoder.mapping(root, "the top level of a route file",
                                        allowed: TableDecoder.topLevelKeys)
        else {
            // What such a file was meant to declare is unknown: nothing is reported missing.
            lostSections.formUnion(["version", "tabs"])
            return
        }
        lostSections.formUnion(top.misspelled)
        for (key, pair) in top.entries {
            switch key {
            case "version": collectVersion(pair.value)
            case "tabs": collectTabs(pair.value)
            case "screens": collectScreens(pair.value)
            case "payload":
                if case .mapping = pair.value.content {} else { payloadNotAMapping = true }
                collectPayload(pair.value, prefix: "")
            case "routes":
                guard let items = decoder.list(pair.value, "'routes'") else { continue }
                ruleNodes += items
            default:
                // login_screen, defaults and fallback are table-wide singletons.
                if let first = sectionRanges[key] {
                    decoder.report(ModelMessages.duplicateName("section", key,
                                                               at: pair.key.range, first: first))
                    continue
                }
                sectionRanges[key] = pair.key.range
                switch key {
                case "login_screen":
                    if let name = decoder.name(pair.value, "'login_screen'") {
                        loginScreen = (name, pair.value.range)
                    }
                case "defaults": defaultsNode = pair.value
                default: fallbackNode = pair.value
                }
            }
        }
    }

    private mutating func collectVersion(_ node: Node) {
        versionRange = node.range
        // A value under a custom tag is already reported by the reader; its text means nothing.
        if node.hasCustomTag { return }
        if case .int(let version)? = node.resolvedScalar,
            version == TableDecoder.supportedVersion
        {
            return
        }
        guard case .scalar(let scalar) = node.content else {
            decoder.report(ModelMessages.wrongType(expected: "the number \(TableDecoder.supportedVersion)",
                                                   for: "'version'", found: node.kindDescription, at: node.range))
            return
        }
        var written = "'\(scalar.value)'"
        // `"1"`, `1.0` or `!!float 1` read as 1 but are not the integer: say what they are.
        switch node.resolvedScalar {
        case .string("1")?: written += " (a string)"
        case .double(1)?: written += " (a float)"
        default: break
        }
        decoder.report(ModelMessages.unsupportedVersion(written, at: node.range))
    }

    private mutating func collectTabs(_ node: Node) {
        tabsDeclared = true
        guard let items = decoder.list(node, "'tabs'") else { return }
        if items.isEmpty { emptyTabsList = emptyTabsList ?? node.range }
        for item in items {
            guard let name = decoder.name(item, "a tab") else {
                tabsKnownByIndex = tabsKnownByIndex ?? tabs.count
                continue
            }
            if let first = tabPositions[CodePointKey(name)] {
                decoder.report(ModelMessages.duplicateName("tab", name, at: item.range,
                                                           first: tabs[first].range))
                tabsKnownByIndex = tabsKnownByIndex ?? tabs.count
                continue
            }
            tabPositions[CodePointKey(name)] = tabs.count
            tabs.append((name, item.range))
        }
    }

    private mutating func collectScreens(_ node: Node) {
        let node = withStrayScreenKeysMoved(
            withOutdentedEntriesMoved(node, readAs: ("a screen", "screens"), describe: { "screen '\($0)'" }) { _ in
                .among(Self.screenKeys)
            })
        guard let screens = decoder.mapping(node, "'screens'", allowed: []) else { return }
        for (name, pair) in screens.entries {
            guard !name.isEmpty else {
                decoder.report(ModelMessages.emptyName("a screen", at: pair.key.range))
                continue
            }
            // `2:` or `true:` is a number or a boolean, which `push: 2` could never name: refused
            // as it is in `tabs: [2]`, so that the fix (quote it) is asked for where it belongs.
            guard case .string? = pair.key.resolvedScalar else {
                decoder.report(ModelMessages.wrongType(expected: "a name", for: "a screen",
                                                       found: pair.key.kindDescription, at: pair.key.range))
                continue
            }
            if let first = screenPositions[CodePointKey(name)] {
                decoder.report(ModelMessages.duplicateName("screen", name, at: pair.key.range,
                                                           first: screenNodes[first].key.range))
                continue
            }
            screenPositions[CodePointKey(name)] = screenNodes.count
            if pair.key.isYAML11Boolean {
                decoder.report(ModelMessages.yaml11BooleanName(name, at: pair.key.range))
            }
            screenNodes.append((name, pair.key, pair.value))
        }
    }

    /// Field declarations: `path: type`, where a nested mapping declares dotted paths.
    private mutating func collectPayload(_ node: Node, prefix: String) {
        guard let fields = decoder.mapping(node, "'payload'", allowed: []) else { return }
        for (key, pair) in fields.entries {
            let path = prefix + key
            // Refused as screen and tab names are: `~:`, `12:` and `true:` are no names, and
            // `a..b:` or `c.:` declare a path with a part no payload key can be read through.
            guard case .string? = pair.key.resolvedScalar else {
                decoder.report(ModelMessages.wrongType(expected: "a name", for: "a payload field",
                                                       found: pair.key.kindDescription, at: pair.key.range))
                continue
            }
            guard !key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
                let what = path.isEmpty ? "a payload field" : "a part of payload field '\(path)'"
                decoder.report(ModelMessages.emptyName(what, at: pair.key.range))
                continue
            }
            if case .mapping = pair.value.content {
                collectPayload(pair.value, prefix: path + ".")
                continue
            }
            guard let type = decoder.fieldType(pair.value, "the type of payload field '\(path)'") else {
                // Declared all the same, so its uses draw no 'undeclared field' warnings.
                payloadFieldPositions[CodePointKey(path)] = payloadFieldPositions[CodePointKey(path)] ?? payloadFields.count
                payloadFields.append(PayloadField(path: path, type: .any, range: pair.key.range))
                continue
            }
            if let first = payloadFieldPositions[CodePointKey(path)] {
                decoder.report(ModelMessages.duplicateName("payload field", path,
                                                           at: pair.key.range, first: payloadFields[first].range))
                continue
            }
            payloadFieldPositions[CodePointKey(path)] = payloadFields.count
            payloadFields.append(PayloadField(path: path, type: type, range: pair.key.range))
            if path == "aps.alert", type == .string {
                decoder.report(ModelMessages.apsAlertDeclaredString(at: pair.value.range))
            }
        }
    }
}
