extension AppContract {
    // `$schema` lets an editor find `schemas/contract.schema.json`, as the route files' modeline does.
    static let documentKeys = CompiledKeys(required: ["contract", "tabs", "screens"],
                                           omittable: ["login_screen": nil, "$schema": nil])
    static let screenKeys = CompiledKeys(required: ["show"], omittable: ["params": [:]])

    /// Reads an app contract file (`schemas/contract.schema.json`): strict JSON, `"contract": 1`,
    /// `tabs` (names, each once), an optional `login_screen`, an optional `$schema` (for editors;
    /// not read), and `screens`, each with `show` (a
    /// non-empty list of `push` and `present`) and optional `params` (name to type, as route files
    /// spell types: `int`, `[string]`).
    ///
    /// Throws an `AppContractError` naming the JSON path and the line and column of the problem.
    ///
    /// ```swift
    /// let contract = try AppContract(json: Array(contractText.utf8))
    /// ```
    public init(json bytes: [UInt8]) throws(AppContractError) {
        do {
            self = try Self.read(bytes)
        } catch {
            throw Self.placed(error, in: bytes)
        }
    }

    private static func read(_ bytes: [UInt8]) throws(AppContractError) -> AppContract {
        let value: CompiledJSONValue
        do {
            value = try CompiledJSONValue.read(bytes, limits: readLimits)
        } catch {
            let position = error.code == JSONReadError.tooLarge ? nil : SourceFile.position(ofOffset: error.offset, in: bytes)
            throw AppContractError(path: "", message: ContractMessages.notJSON(error), position: position)
        }
        do {
            return try decode(CompiledJSONNode(value))
        } catch {
            throw AppContractError(path: error.path, message: error.message)
        }
    }

    /// `error` with the line and column of its path's value, when it has none yet.
    private static func placed(_ error: AppContractError, in bytes: [UInt8]) -> AppContractError {
        guard error.position == nil,
            let offset = CompiledJSONLocator.offset(of: error.path, in: bytes, limits: readLimits)
        else { return error }
        var placed = error
        placed.position = SourceFile.position(ofOffset: offset, in: bytes)
        return placed
    }

    private static func decode(_ root: CompiledJSONNode) throws(CompiledTableError) -> AppContract {
        guard case .object = root.value else { throw root.error(CompiledTableMessages.expected("a JSON object")) }
        // The version first, so that a newer file is refused for its version, not its shape.
        guard let versionValue = root.value["contract"] else {
            throw root.error(CompiledTableMessages.missingKey("contract"))
        }
        let versionNode = CompiledJSONNode(versionValue, path: "contract")
        let version = try versionNode.int()
        guard version == currentVersion else {
            throw versionNode.error(ContractMessages.unsupportedVersion(version))
        }
        try checkKeys(root, Self.documentKeys)
        let document = try root.object(keys: documentKeys)
        let tabs = try names(document["tabs"], what: "tab")
        _ = try document["$schema"].optionalString()
        let loginScreen = try document["login_screen"].optionalString()
        if loginScreen?.isEmpty == true { throw document["login_screen"].error(ContractMessages.emptyName("login screen")) }
        var screens: [AppScreen] = []
        for (name, node) in try document["screens"].entries() {
            guard !name.isEmpty else { throw node.error(ContractMessages.emptyName("screen")) }
            try checkKeys(node, Self.screenKeys)
            let fields = try node.object(keys: screenKeys)
            var show: [Screen.Presentation] = []
            for item in try fields["show"].array() {
                let way = try item.choice(Screen.Presentation.self)
                guard !show.contains(way) else { throw item.error(ContractMessages.duplicate("'\(way.rawValue)'")) }
                show.append(way)
            }
            guard !show.isEmpty else { throw fields["show"].error(ContractMessages.noWayToShow) }
            var params: [ScreenParam] = []
            for (param, typeNode) in try fields["params"].entries() {
                guard !param.isEmpty else { throw typeNode.error(ContractMessages.emptyName("param")) }
                let spelling = try typeNode.string()
                guard let type = FieldType(parsing: spelling) else {
                    throw typeNode.error(ContractMessages.unknownType(spelling))
                }
                params.append(ScreenParam(name: param, type: type))
            }
            screens.append(AppScreen(name: name, show: show, params: params))
        }
        return AppContract(tabs: tabs, loginScreen: loginScreen, screens: screens)
    }

    /// Refuses a key the format does not have, with a suggestion when one is close.
    private static func checkKeys(_ node: CompiledJSONNode, _ keys: CompiledKeys) throws(CompiledTableError) {
        guard case .object(let members) = node.value else { return }
        for member in members where !keys.declared.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, in: keys.declared)
            throw CompiledJSONNode(member.value, path: node.memberPath(member.key))
                .error(ContractMessages.unknownKey(member.key, hint: hint))
        }
    }

    /// A non-empty list of distinct, non-empty names.
    private static func names(_ node: CompiledJSONNode, what: String) throws(CompiledTableError) -> [String] {
        var names: [String] = []
        var seen = Set<CodePointKey>()  // code points, as names are compared
        for item in try node.array() {
            let name = try item.string()
            guard !name.isEmpty else { throw item.error(ContractMessages.emptyName(what)) }
            guard seen.insert(CodePointKey(name)).inserted else {
                throw item.error(ContractMessages.duplicate("\(what) '\(name)'"))
            }
            names.append(name)
        }
        guard !names.isEmpty else { throw node.error(ContractMessages.noTabs) }
        return names
    }
}
