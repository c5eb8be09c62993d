/// Every diagnostic the route-model phase emits, alphabetised by code.
///
/// Messages follow one style: a single lowercase phrase stating the broken rule, names in single
/// quotes, "did you mean" when a close name exists.
package enum ModelMessages {
    /// APNs sends `aps.alert` as a string or as `{title, subtitle, body}`; declared `string`, the
    /// dictionary is treated as missing, and `{aps.alert}` (the default alert message) renders
    /// nothing for it, though SPEC §3 renders its `body`.
    static func apsAlertDeclaredString(at range: SourceRange) -> Diagnostic {
        var diagnostic = Diagnostic(
            .warning, "aps-alert-type",
            "'aps.alert' declared 'string' treats an alert sent as a dictionary ({title, body}) as missing: "
                + "'{aps.alert}' in an alert text renders nothing for it, where 'any' renders its 'body'; declare it 'any'",
            at: range)
        diagnostic.fixIt = FixIt(replacement: "any")
        return diagnostic
    }

    static func conflictingActions(at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "conflicting-actions",
                   "a rule cannot both push and present; split it into two rules or pick one",
                   at: range)
    }

    static func duplicateName(_ kind: String, _ name: String, at range: SourceRange,
                              first: SourceRange?) -> Diagnostic {
        // A section has a fixed name: it is merged or removed, not renamed.
        let fix = kind == "section" ? "keep one, with what both say" : "rename or remove one of them"
        // SPEC §3: the error names both places; the message itself carries the first, for a
        // reader of the `::error` line or of the JSON `message` alone.
        let firstPlace = first.map { " (first at \($0.file):\($0.start.line):\($0.start.column))" } ?? ""
        return Diagnostic(.error, "duplicate-name", "\(kind) '\(name)' is declared twice\(firstPlace); \(fix)", at: range,
                          notes: [DiagnosticNote("first declared here", at: first)])
    }

    static func paramGivenTwice(_ name: String, screen: String, _ what: String, at range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(.error, "duplicate-param",
                   "param '\(name)' of screen '\(screen)' is given twice in \(what), in the screen's item and in 'params'; keep one",
                   at: range)
    }

    static func fieldInsideScalar(_ path: String, container: String, type: FieldType, at range: SourceRange,
                                  declared: SourceRange?) -> Diagnostic {
        Diagnostic(.error, "type-mismatch",
                   "payload field '\(path)' is inside '\(container)', which is declared '\(type)' and has no fields; declare '\(container)' by its fields, or as 'any'",
                   at: range, notes: [DiagnosticNote("'\(container)' declared here", at: declared)])
    }

    /// An empty `what` (`'screens'`), its entries written below it in its column and read as
    /// `readAs` (one, and many: "a top-level key", "top-level keys"; at most three named).
    static func outdentedEntries(of what: String, keys: [String], readAs: (one: String, many: String),
                                 at range: SourceRange, firstEntry: SourceRange) -> Diagnostic {
        let named = keys.prefix(3).map { "'\($0)'" } + (keys.count > 3 ? ["\(keys.count - 3) more"] : [])
        let them = keys.count == 1 ? "it" : "them"
        return Diagnostic(.error, "wrong-type",
                          "expected a mapping for \(what), found nothing: \(Diagnostic.list(named)) below it "
                              + "\(keys.count == 1 ? "starts" : "start") in its column, so YAML reads \(them) as "
                              + "\(keys.count == 1 ? readAs.one : readAs.many); "
                              + "indent \(them) to put \(them) in \(what)",
                          at: range, notes: [DiagnosticNote("'\(keys[0])' starts here, in the column of \(what)", at: firstEntry)])
    }

    /// `params:` of screen `detail` written in the column of the screens.
    static func strayScreenKey(_ key: String, screen: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "unknown-key",
                   "'\(key)' is a key of a screen, but it starts in the column of the screens, so YAML reads it as a screen; "
                       + "indent it to put it in screen '\(screen)' above",
                   at: range)
    }

    static func emptyName(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "empty-name", "empty name for \(what); give it a name that is not empty", at: range)
    }

    /// `'a', 'b', 'c'`: the words a value or key may be, as messages list them.
    static func quotedList(_ words: [String]) -> String {
        words.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// Other tools' words for the format's values (`show: modal`), with the value meant; offered
    /// only where that value is one of those expected.
    static let valueSynonyms = [
        "modal": "present", "sheet": "present", "popup": "present", "overlay": "present",
        "stack": "push", "navigation": "push", "open": "navigate", "go": "navigate", "silent": "ignore",
        "none": "ignore", "refresh": "reload", "update": "reload",
    ]

    static func invalidValue(_ value: String, for key: String, expected: [String],
                             at range: SourceRange) -> Diagnostic {
        let hint = Suggestion.closest(to: value, in: expected)
            ?? valueSynonyms[value.lowercased()].flatMap { expected.contains($0) ? $0 : nil }
        return Diagnostic(.error, "invalid-value",
                          "invalid value '\(value)' for '\(key)'; expected one of \(quotedList(expected))"
                              + (hint.map { "; did you mean '\($0)'?" } ?? ""),
                          at: range, fixIt: hint.map { FixIt(replacement: $0) })
    }

    /// `login: true`, which means what `required` says (and `false`, `none`); also `yes`, `no`
    /// and the other YAML 1.1 spellings, `written` as they are.
    static func loginAsBoolean(_ flag: Bool, written: String? = nil, expected: [String],
                               at range: SourceRange) -> Diagnostic {
        let word = flag ? "required" : "none"
        let text = written ?? String(flag)
        var diagnostic = invalidValue(text, for: "login", expected: expected, at: range)
        diagnostic.message += "; for \(text), write '\(word)'"
        diagnostic.fixIt = FixIt(replacement: word)
        return diagnostic
    }

    /// A `login` word that is neither `required` nor `none`; `yes`, `off` and the other YAML 1.1
    /// spellings of a boolean are read as the boolean they spell there.
    static func invalidLogin(_ word: String, written node: Node, expected: [String]) -> Diagnostic {
        guard node.isYAML11Boolean else {
            return invalidValue(word, for: "login", expected: expected, at: node.range)
        }
        let flag = ["yes", "on", "y"].contains(word.lowercased())
        return loginAsBoolean(flag, written: word, expected: expected, at: node.range)
    }

    /// A rule showing it would first ask for a login, on the very screen that asks.
    static func loginScreenNeedsLogin(_ screen: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "login-screen-login",
                   "login screen '\(screen)' is declared 'login: required', but it is where the user logs in; remove 'login: required' from it",
                   at: range)
    }

    /// The navigator presents the login screen with no params (`present_login {screen,
    /// expected_user}`), and a screen never opens with a param missing.
    static func loginScreenParams(_ screen: String, _ params: [String], at range: SourceRange) -> Diagnostic {
        let list = params.map { "'\($0)'" }.joined(separator: ", ")
        return Diagnostic(.error, "login-screen-params",
                          "login screen '\(screen)' declares params (\(list)), but it is presented with none; remove its 'params'",
                          at: range)
    }

    static func missingAction(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "missing-action",
                   "\(what) has no action; add 'tab', 'pop_to_root', 'push' or 'present'",
                   at: range)
    }

    static func popToRootFalseAlone(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "missing-action",
                   "\(what) has no action: 'pop_to_root: false' does nothing on its own; add 'tab', 'push' or 'present', or make it 'pop_to_root: true'",
                   at: range)
    }

    static func emptyPush(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "missing-action",
                   "'push' of \(what) lists no screen; name at least one, or remove 'push'",
                   at: range)
    }

    static func noTabs(at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "missing-key",
                   "'tabs' lists no tab; name the tab bar's tabs in order, e.g. [home, me]", at: range)
    }

    /// A table whose every file is empty or holds only comments.
    static func emptyTable(files: Int, at range: SourceRange) -> Diagnostic {
        let what = files == 1 ? "the route table is empty" : "every file of the route table is empty"
        return Diagnostic(.error, "missing-key",
                          "\(what); a table starts with 'version: 1' and its tabs, e.g. 'tabs: [home, me]'",
                          at: range)
    }

    static func missingKey(_ key: String, in what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "missing-key", "missing required key '\(key)' in \(what)", at: range)
    }

    /// The most places a `missing-login-screen` error lists in notes besides its own; one more
    /// note counts the rest. One missing line should not fill a screen with notes.
    static let maxLoginNeedNotes = 10

    /// One error for one missing line, however many screens and routes need the login.
    static func missingLoginScreen(_ who: String, at range: SourceRange,
                                   alsoNeededBy others: ArraySlice<(who: String, range: SourceRange)>)
        -> Diagnostic
    {
        var notes = others.prefix(maxLoginNeedNotes).map { DiagnosticNote("\($0.who) needs a login too", at: $0.range) }
        if others.count > maxLoginNeedNotes {
            notes.append(DiagnosticNote("and \(others.count - maxLoginNeedNotes) more places that need a login"))
        }
        return Diagnostic(.error, "missing-login-screen",
                          "\(who) needs a login but the table declares no 'login_screen'; declare one (a screen shown with 'show: present')",
                          at: range, notes: notes)
    }

    /// `inBackStack`: the screen is not the rule's last, which its `params` go to, so the param
    /// goes in the item.
    static func missingParam(_ param: String, screen: String, inBackStack: Bool = false, at range: SourceRange)
        -> Diagnostic
    {
        let fix = inBackStack
            ? "give it in the item: {screen: \(screen), params: {\(param): …}}" : "add it to 'params'"
        return Diagnostic(.error, "missing-param",
                          "screen '\(screen)' needs param '\(param)', which is not supplied here; \(fix)", at: range)
    }

    static func notAMapping(_ what: String, found: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "wrong-type", "expected a mapping for \(what), found \(found)",
                   at: range)
    }

    static func pushedLoginScreen(_ screen: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "wrong-presentation",
                   "login screen '\(screen)' is declared 'show: push', but the login screen is always presented; declare it 'show: present'",
                   at: range)
    }

    static func tabConflict(_ what: String, tab: String, screen: String, screenTab: String,
                            at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "conflicting-tab",
                   "\(what) selects tab '\(tab)', but '\(screen)' is pushed onto its own tab '\(screenTab)'; remove 'tab' or push a screen of '\(tab)'",
                   at: range)
    }

    static func splitBackStack(_ what: String, first: (screen: String, tab: String),
                               then second: (screen: String, tab: String), at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "conflicting-tab",
                   "'push' of \(what) puts '\(first.screen)' on tab '\(first.tab)' and '\(second.screen)' on tab '\(second.tab)', so Back from '\(second.screen)' does not lead to '\(first.screen)'; push screens of one tab",
                   at: range)
    }

    /// A screen setting its `show` ignores: `tab` and `hides_bottom_bar` of a presented screen,
    /// `embed_in_navigation` of a pushed one.
    static func noEffect(_ key: String, screen: String, shown: Screen.Presentation, at range: SourceRange)
        -> Diagnostic
    {
        let how = shown == .push ? "pushed" : "presented"
        return Diagnostic(.warning, "no-effect",
                          "screen '\(screen)' is \(how), so its '\(key)' has no effect; remove it, or change its 'show'",
                          at: range)
    }

    static func tabIndexOutOfRange(_ index: Int64, count: Int, at range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(.error, "tab-index-out-of-range",
                   "tab index \(index) is out of range; the table has \(count) tab"
                       + (count == 1 ? " (index 0)" : "s (0-\(max(count - 1, 0)))"),
                   at: range)
    }

    static func undeclaredPlaceholder(_ path: String, hint: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "undeclared-field",
                   "alert placeholder '{\(path)}' names an undeclared payload field and renders as nothing unless the payload has it; did you mean '\(hint)'?",
                   at: range)
    }

    static func doubleBracedPlaceholder(_ meant: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "double-braced-placeholder",
                   "alert placeholder '{{\(meant)}}' is in double braces, so it shows nothing and then a stray '}'; placeholders take one pair of braces: write '{\(meant)}'",
                   at: range)
    }

    static func unclosedPlaceholder(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "unclosed-placeholder",
                   "\(what) has a '{' with no '}' after it, so it shows as written; close the placeholder with '}', as in '{aps.alert}'",
                   at: range)
    }

    static func placeholderInsideScalar(_ path: String, field: String, type: String,
                                        at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "type-mismatch",
                   "alert placeholder '{\(path)}' always renders as nothing: '\(field)' is declared '\(type)', which has no fields",
                   at: range)
    }

    /// With no hint, the keys `what` has are listed, so that a word no list of synonyms knows
    /// still shows what to write.
    /// `nested`: the keys under `key`, when they all belong where `key` is (`action: {push: x}`).
    static func unknownKey(_ key: String, in what: String, hint: String?, nested: [String]? = nil,
                           allowed: [String], at range: SourceRange) -> Diagnostic {
        let advice = hint.map { "; did you mean '\($0)'?" }
            ?? nested.map { "; remove it and move its keys (" + quotedList($0) + ") up one level" }
            ?? "; expected one of " + quotedList(allowed)
        return Diagnostic(.error, "unknown-key", "unknown key '\(key)' in \(what)" + advice,
                          at: range, notes: invisibleCharacterNotes(key), fixIt: hint.map { FixIt(replacement: $0) })
    }

    /// A note naming the character of `name` that does not show, when it has one: without it
    /// "unknown screen 'detail'; did you mean 'detail'?" would read as nonsense.
    static func invisibleCharacterNotes(_ name: String) -> [DiagnosticNote] {
        InvisibleCharacter.advice(for: name).map { [DiagnosticNote($0)] } ?? []
    }

    /// "did you mean" a close declared name, with a fix-it; or, when the declared name is the
    /// one that holds a character that does not show (a no-break space pasted into `tabs`), the
    /// advice to delete it there: a fix-it would paste it into text that is right.
    static func closeName(_ hint: String, for name: String) -> (advice: String, fixIt: FixIt?) {
        if InvisibleCharacter.first(in: name) == nil, let hidden = InvisibleCharacter.first(in: hint) {
            return ("; the declared '\(hint)' contains \(hidden), which does not show: delete it there", nil)
        }
        return ("; did you mean '\(hint)'?", FixIt(replacement: hint))
    }

    static func unknownName(_ kind: String, _ name: String, hint: String?,
                            at range: SourceRange) -> Diagnostic {
        let declare = kind == "tab" ? "; add it to 'tabs'" : "; declare it under '\(kind)s'"
        let close = hint.map { closeName($0, for: name) }
        return Diagnostic(.error, DiagnosticCode("unknown-\(kind)"),
                          "unknown \(kind) '\(name)'" + (close?.advice ?? declare),
                          at: range, notes: invisibleCharacterNotes(name) + LookalikeName.notes(name, hint: hint),
                          fixIt: close?.fixIt)
    }

    /// `tab: "1"`: a quoted index is read as a tab's name.
    /// `tab: !!str 1` is the same: `tagged` says so instead of "in quotes".
    static func quotedTabIndex(_ written: String, tab: String, tagged: Bool = false, at range: SourceRange) -> Diagnostic {
        let (how, without) = tagged ? ("tagged '!!str'", "the tag") : ("in quotes", "quotes")
        return Diagnostic(.error, "unknown-tab",
                          "unknown tab '\(written)'; \(how) it is a name: for tab \(written), '\(tab)', "
                              + "write it without \(without)",
                          at: range, fixIt: FixIt(replacement: written))
    }

    /// `tab: messages` where `tabs` declares `discover messages`, a ',' left out.
    static func tabInJoinedName(_ name: String, declared: String, at range: SourceRange,
                                declaredAt: SourceRange) -> Diagnostic {
        Diagnostic(.error, "unknown-tab",
                   "unknown tab '\(name)'; the declared tab '\(declared)' holds it: if "
                       + "\(Diagnostic.list(declared.split(separator: " ").map { "'\($0)'" })) are tabs of their own, "
                       + "separate them with ',' in 'tabs'",
                   at: range, notes: [DiagnosticNote("'\(declared)' declared here", at: declaredAt)])
    }

    /// `- list` then `  thread` on the next line: one plain scalar, 'list thread'.
    static func screensJoined(_ name: String, _ screens: [String], at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "unknown-screen",
                   "unknown screen '\(name)'; it is \(Diagnostic.list(screens.map { "'\($0)'" })) read as one name: "
                       + "give each screen its own '- ' line, or write [\(screens.joined(separator: ", "))]",
                   at: range)
    }

    static func screensWithoutList(_ name: String, _ screens: [String], at range: SourceRange) -> Diagnostic {
        let list = "[" + screens.joined(separator: ", ") + "]"
        return Diagnostic(.error, "unknown-screen",
                          "unknown screen '\(name)'; to push several screens, write them as a list: \(list)",
                          at: range, fixIt: FixIt(replacement: list))
    }

    static func unknownParam(_ param: String, screen: String, declaresNone: Bool, hint: String?,
                             at range: SourceRange) -> Diagnostic {
        let declared = declaresNone
            ? "; it declares no params, so remove it" : "; remove it or declare it in the screen's 'params'"
        let close = hint.map { closeName($0, for: param) }
        return Diagnostic(.error, "unknown-param",
                          "screen '\(screen)' has no param '\(param)'" + (close?.advice ?? declared),
                          at: range, notes: LookalikeName.notes(param, hint: hint), fixIt: close?.fixIt)
    }

    static func typeNestsTooDeep(at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "unknown-type",
                   "list types nest deeper than \(FieldType.maxListNesting) levels; a payload field's type is at most "
                       + String(repeating: "[", count: FieldType.maxListNesting) + "…"
                       + String(repeating: "]", count: FieldType.maxListNesting),
                   at: range)
    }

    static func unknownType(_ text: String, at range: SourceRange) -> Diagnostic {
        let hint = closestType(to: text)
        return Diagnostic(.error, "unknown-type",
                          "unknown type '\(text)'; expected int, double, string, bool, any or a list like [int]"
                              + (hint.map { "; did you mean '\($0)'?" } ?? ""),
                          at: range, fixIt: hint.map { FixIt(replacement: $0) })
    }

    /// `[int` and `int]` were meant as the list type `[int]`, not as `int`.
    private static func closestType(to text: String) -> String? {
        let opening = text.prefix(while: { $0 == "[" }).count
        let closing = text.reversed().prefix(while: { $0 == "]" }).count
        let depth = max(opening, closing)
        guard depth > 0, opening + closing < text.count else {
            return Suggestion.closest(to: text, in: FieldType.scalarSpellings)
        }
        let element = String(text.dropFirst(opening).dropLast(closing))
        let meant = FieldType(parsing: element) != nil
            ? element : Suggestion.closest(to: element, in: FieldType.scalarSpellings)
        return meant.map { String(repeating: "[", count: depth) + $0 + String(repeating: "]", count: depth) }
    }

    static func unsupportedVersion(_ version: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "unsupported-version",
                   "unsupported route file version \(version); this routecheck reads version 1, so write 'version: 1'",
                   at: range)
    }

    static func wrongPresentation(_ screen: String, shown: Screen.Presentation,
                                  usedWith key: String, at range: SourceRange) -> Diagnostic {
        let verb = shown == .push ? "pushed" : "presented"
        let other = shown == .push ? "push" : "present"
        return Diagnostic(.error, "wrong-presentation",
                          "screen '\(screen)' is declared to be \(verb), so '\(key)' cannot show it; use '\(other): \(screen)' or change its 'show'",
                          at: range)
    }

    /// `meant`: the action a bare tab or screen name stands for, offered as the fix.
    static func fallbackNotAnAction(found: String, meant: String?, at range: SourceRange) -> Diagnostic {
        let fix = switch meant {
        case "none"?: "; write 'none' for no fallback"
        case let action?: "; write the action: \(action)"
        case nil: ", e.g. {tab: home}"
        }
        // An empty value (`fallback:` and a line break) is replaced by inserting after the colon.
        let replacement = range.start.offset == range.end.offset ? meant.map { " " + $0 } : meant
        return Diagnostic(.error, "wrong-type", "expected 'none' or an action for 'fallback', found \(found)\(fix)",
                          at: range, fixIt: replacement.map { FixIt(replacement: $0) })
    }

    static func wrongType(expected: String, for what: String, found: String,
                          at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "wrong-type", "expected \(expected) for \(what), found \(found)",
                   at: range)
    }

    /// `pop_to_root: yes`: only `true` and `false` are booleans (SPEC §3, YAML 1.2's core
    /// schema), as the route files' JSON Schema says too; `meant` is what YAML 1.1 read.
    package static func booleanWord(_ text: String, meant: Bool, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "boolean-word",
                   "expected a boolean, found the string '\(text)'; write \(meant)",
                   at: range, fixIt: FixIt(replacement: String(meant)))
    }

    static func yaml11BooleanName(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "yaml11-boolean",
                   "'\(text)' looks like a YAML 1.1 boolean but is read as the name '\(text)'; quote it to say so",
                   at: range, fixIt: FixIt(replacement: "\"\(text)\""))
    }
}
