import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// One mistake draws one error, at its place: a value already reported does not also draw a false
/// error somewhere else ("missing 'tabs'" for `tabs: []`, "has no param" for a param whose type is
/// misspelled), and a warning is not added whose fix-it would not fix anything.
@Suite struct FollowOnErrorTests {
    func diagnostics(_ yaml: String) throws -> [String] {
        try loadTable(yaml: yaml).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.severity): \($0.message) [\($0.code)]"
        }
    }

    /// A table of one tab, `home`, with `body` (screens and routes) after it.
    static func oneTab(_ body: String) -> String { "version: 1\ntabs: [home]\n" + body }

    static let rest = """
        screens:
          detail: {show: push, params: {id: int}}
        routes:
          - {name: a, when: 'true', push: detail, params: {id: 1}}

        """

    @Test func anEmptyTabsListIsReportedWhereItIs() throws {
        #expect(try diagnostics("version: 1\ntabs: []\n" + Self.rest) == [
            "2:7: error: 'tabs' lists no tab; name the tab bar's tabs in order, e.g. [home, me] [missing-key]",
        ])
    }

    @Test func tabsOfTheWrongKindAreReportedOnce() throws {
        #expect(try diagnostics("version: 1\ntabs: home\n" + Self.rest) == [
            "2:7: error: expected a list for 'tabs', found the string 'home' [wrong-type]",
        ])
        #expect(try diagnostics("version: 1\ntabs:\n" + Self.rest).count == 1)
    }

    @Test func tabsLeftOutAreStillMissing() throws {
        #expect(try diagnostics("version: 1\n" + Self.rest) == [
            "1:1: error: missing required key 'tabs' in the route table [missing-key]",
        ])
    }

    @Test func aParamGivenWithoutAValueIsNotAlsoMissing() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {show: push, params: {id: int}}
            routes:
              - {name: a, when: 'true', push: detail, params: {id: }}

            """)
        #expect(try diagnostics(yaml) == [
            "6:56: error: expected an expression for param 'id', found null [wrong-type]",
        ])
    }

    @Test func aMergeOfAnAliasAlreadyReportedIsNotAlsoInvalid() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: &d {show: push, params: {id: int}, <<: *d}
              other: {<<: *nope, show: push}

            """)
        #expect(try diagnostics(yaml) == [
            "4:50: error: alias '*d' refers to the node that contains it [undefined-alias]",
            "5:15: error: undefined alias '*nope'; define the anchor '&nope' before it [undefined-alias]",
        ])
    }

    @Test func aKeyMissingFromAMappingWhoseMergeFailedIsNotAlsoReported() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {<<: home, params: {id: int}}
              other: {<<: *nope}
              plain: {tab: home}
            routes:
              - {name: a, when: 'true', tab: home}

            """)
        // Only that mapping's: a key missing from another mapping is still reported.
        #expect(try diagnostics(yaml) == [
            "4:16: error: merge key '<<' needs a mapping or a sequence of mappings [invalid-merge]",
            "5:15: error: undefined alias '*nope'; define the anchor '&nope' before it [undefined-alias]",
            "6:10: error: missing required key 'show' in screen 'plain' [missing-key]",
        ])
    }

    @Test func aParamWithAMisspelledTypeIsStillDeclared() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {show: push, params: {id: integer}}
            routes:
              - {name: a, when: 'true', push: detail, params: {id: 1}}
              - {name: b, when: 'true', push: detail}

            """)
        #expect(try diagnostics(yaml) == [
            "4:37: error: unknown type 'integer'; expected int, double, string, bool, any or a list like [int] [unknown-type]",
            "7:35: error: screen 'detail' needs param 'id', which is not supplied here; add it to 'params' [missing-param]",
        ])
    }

    /// A misspelled param stands for the one it was meant to be only in its own item: the same
    /// screen later in the back stack, without the param, is still told it is missing.
    @Test func aMisspelledParamExcusesOnlyItsOwnItem() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {show: push, params: {id: int}}
              list: {show: push}
            routes:
              - {name: a, when: 'true', push: [list, {screen: detail, params: {idd: 1}}, {screen: detail}]}

            """)
        #expect(try diagnostics(yaml) == [
            "7:68: error: screen 'detail' has no param 'idd'; did you mean 'id'? [unknown-param]",
            "7:78: error: screen 'detail' needs param 'id', which is not supplied here; add it to 'params' [missing-param]",
        ])
    }

    @Test func aYAML11BooleanWhereAWordIsExpectedDrawsTheInvalidValueErrorAlone() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {show: push, login: off}
            routes:
              - {name: a, when: 'true', push: detail, foreground: off, if_visible: Y, login: no}

            """)
        let found = try diagnostics(yaml)
        #expect(!found.contains { $0.contains("yaml11-boolean") }, "\(found)")
        #expect(found.filter { $0.contains("[invalid-value]") }.count == 4, "\(found)")
    }

    @Test func aYAML11BooleanWhereANameIsExpectedStillWarns() throws {
        let yaml = """
            version: 1
            tabs: [home, "no"]
            screens:
              detail: {show: push, tab: no}
            routes:
              - {name: a, when: 'true', push: detail}

            """
        #expect(try diagnostics(yaml) == [
            "4:29: warning: 'no' looks like a YAML 1.1 boolean but is read as the name 'no'; quote it to say so [yaml11-boolean]",
        ])
    }

    @Test func anUndefinedAliasIsReportedOnceAtItsPlace() throws {
        let yaml = Self.oneTab("""
            routes:
              - {name: r1, when: 'true', tab: home}
              - {name: r2, when: *undef, tab: home}
              - {name: r3, when: 'true', tab: *nope}

            """)
        #expect(try diagnostics(yaml) == [
            "5:22: error: undefined alias '*undef'; define the anchor '&undef' before it [undefined-alias]",
            "6:35: error: undefined alias '*nope'; define the anchor '&nope' before it [undefined-alias]",
        ])
    }

    @Test func aScreenNamedByANumberOrABooleanIsRefusedWhereItIsDeclared() throws {
        let yaml = Self.oneTab("""
            screens:
              2: {show: push}
              true: {show: push}
              "3": {show: push}
            routes:
              - {name: r, when: 'true', push: "3"}

            """)
        #expect(try diagnostics(yaml) == [
            "4:3: error: expected a name for a screen, found the number 2 [wrong-type]",
            "5:3: error: expected a name for a screen, found the boolean true [wrong-type]",
        ])
    }

    @Test func aScreenDeclaredWithAnErrorIsNotAlsoUnknownWhereItIsUsed() throws {
        let yaml = """
            version: 1
            tabs: [home]
            login_screen: login
            screens:
              notice: {show: presnt}
              sheet: present
              panel: {embed_in_navigation: true}
              login: {show: pop}
            routes:
              - {name: a, when: 'true', present: notice}
              - {name: b, when: 'true', present: sheet}
              - {name: c, when: 'true', present: {screen: panel}}
              - {name: d, when: 'true', present: notise}
            fallback: {present: notice}

            """
        #expect(try diagnostics(yaml) == [
            "5:18: error: invalid value 'presnt' for 'show'; expected one of 'push', 'present'; did you mean 'present'? [invalid-value]",
            "6:10: error: expected a mapping for screen 'sheet', found the string 'present' [wrong-type]",
            "7:10: error: missing required key 'show' in screen 'panel' [missing-key]",
            "8:17: error: invalid value 'pop' for 'show'; expected one of 'push', 'present' [invalid-value]",
            "13:38: error: unknown screen 'notise'; did you mean 'notice'? [unknown-screen]",
        ])
    }

    @Test func aMisspelledRequiredKeyIsReportedOnceAsUnknown() throws {
        let yaml = """
            verison: 1
            tbas: [home]
            login_screen: login
            screens:
              d: {shwo: push}
              login: {show: present}
            routes:
              - {nmae: a, when: 'true', tab: home}
              - {name: b, wehn: 'true', tab: 0}
              - {name: c, when: 'true', present: {scren: login}}
              - {name: e, when: 'true', pusj: d}
              - {name: f, when: 'true', present: login, login: {usr: uid}}

            """
        #expect(try diagnostics(yaml) == [
            "1:1: error: unknown key 'verison' in the top level of a route file; did you mean 'version'? [unknown-key]",
            "2:1: error: unknown key 'tbas' in the top level of a route file; did you mean 'tabs'? [unknown-key]",
            "5:7: error: unknown key 'shwo' in screen 'd'; did you mean 'show'? [unknown-key]",
            "8:6: error: unknown key 'nmae' in a rule; did you mean 'name'? [unknown-key]",
            "9:15: error: unknown key 'wehn' in a rule; did you mean 'when'? [unknown-key]",
            "10:39: error: unknown key 'scren' in a 'present' item; did you mean 'screen'? [unknown-key]",
            "11:29: error: unknown key 'pusj' in a rule; did you mean 'push'? [unknown-key]",
            "12:53: error: unknown key 'usr' in 'login'; did you mean 'user'? [unknown-key]",
        ])
    }

    /// A screen declared with a rule's action word (`present: modal`, `push: true`) means `show`:
    /// that is the one error, not also "missing required key 'show'".
    @Test func anActionWordAsAScreenKeyMeansShow() throws {
        let yaml = Self.oneTab("""
            screens:
              login: {present: modal}
              detail:
                push: true
              sheet: {modal: true}

            """)
        #expect(try diagnostics(yaml) == [
            "4:11: error: unknown key 'present' in screen 'login'; did you mean 'show'? [unknown-key]",
            "6:5: error: unknown key 'push' in screen 'detail'; did you mean 'show'? [unknown-key]",
            "7:11: error: unknown key 'modal' in screen 'sheet'; did you mean 'show'? [unknown-key]",
        ])
    }

    @Test func aKeyMissingWithAnUnrelatedUnknownKeyIsStillMissing() throws {
        let yaml = Self.oneTab("""
            routes:
              - {name: a, colour: red}

            """)
        #expect(try diagnostics(yaml) == [
            "4:12: error: missing required key 'when' in rule 'a' [missing-key]",
            "4:12: error: rule 'a' has no action; add 'tab', 'pop_to_root', 'push' or 'present' [missing-action]",
            "4:15: error: unknown key 'colour' in a rule; expected one of 'name', 'when', 'tab', 'pop_to_root', "
                + "'push', 'present', 'params', 'login', 'foreground', 'if_visible', 'alert' [unknown-key]",
        ])
    }

    @Test func tabsThatCouldNotBeReadMakeNoTabUnknown() throws {
        for tabs in ["tabs: home", "tabs: []", "tabs:", "tabs: [1]", "tbas: [home]"] {
            let yaml = """
                version: 1
                \(tabs)
                screens:
                  d: {show: push, tab: home}
                routes:
                  - {name: a, when: 'true', tab: home}
                  - {name: b, when: 'true', tab: 0}

                """
            #expect(try diagnostics(yaml).count == 1, "\(tabs)")
        }
    }

    @Test func aMisspelledSectionMakesWhatItDeclaresNeitherUnknownNorMissing() throws {
        let yaml = """
            version: 1
            tabs: [home]
            login_scren: login
            screen:
              login: {show: present}
              d: {show: push, login: required}
            paylaod:
              type: int
            routes:
              - {name: a, when: type == 3, push: d}
              - {name: b, when: has(uid), tab: home, login: {user: uid}}

            """
        #expect(try diagnostics(yaml) == [
            "3:1: error: unknown key 'login_scren' in the top level of a route file; did you mean 'login_screen'? [unknown-key]",
            "4:1: error: unknown key 'screen' in the top level of a route file; did you mean 'screens'? [unknown-key]",
            "7:1: error: unknown key 'paylaod' in the top level of a route file; did you mean 'payload'? [unknown-key]",
        ])
        let notAMapping = Self.oneTab("payload: [type]\nroutes:\n  - {name: a, when: type == 3, tab: home}\n")
        #expect(try diagnostics(notAMapping) == [
            "3:10: error: expected a mapping for 'payload', found a list [wrong-type]",
        ])
    }

    @Test func paramsThatCouldNotBeReadOrWereMisspelledDrawNoFollowOnParamErrors() throws {
        let yaml = Self.oneTab("""
            screens:
              d: {show: push, param: {id: int}}
              e: {show: push, params: {id: int}}
              f: {show: push, params: [id]}
            routes:
              - {name: a, when: 'true', push: d, params: {id: 1}}
              - {name: b, when: 'true', push: e, params: {idd: 1}}
              - {name: c, when: 'true', push: f, params: {id: 1}}
              - {name: g, when: 'true', push: e}

            """)
        #expect(try diagnostics(yaml) == [
            "4:19: error: unknown key 'param' in screen 'd'; did you mean 'params'? [unknown-key]",
            "6:27: error: expected a mapping for 'params' of screen 'f', found a list [wrong-type]",
            "9:47: error: screen 'e' has no param 'idd'; did you mean 'id'? [unknown-param]",
            "11:35: error: screen 'e' needs param 'id', which is not supplied here; add it to 'params' [missing-param]",
        ])
    }

    @Test func aFileWhoseTopLevelIsNotAMappingIsOneError() throws {
        #expect(try diagnostics("- version: 1\n- tabs: [home]\n") == [
            "1:1: error: expected a mapping for the top level of a route file, found a list [wrong-type]",
        ])
    }

    @Test func aRuleWithoutAUsableNameIsStillChecked() throws {
        let yaml = Self.oneTab("""
            routes:
              - {name: 404, when: "type ==", tab: hom}
              - {when: "true", tab: home}

            """)
        #expect(try diagnostics(yaml) == [
            "4:12: error: expected a name for 'name' of a rule, found the number 404 [wrong-type]",
            "4:31: error: expected an expression, found end of expression [syntax-error]",
            "4:39: error: unknown tab 'hom'; did you mean 'home'? [unknown-tab]",
            "5:5: error: missing required key 'name' in a rule [missing-key]",
        ])
    }

    @Test func pushAndPresentTogetherDrawNoParamErrors() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {show: push, params: {id: int}}
              notice: {show: present}
            routes:
              - {name: a, when: 'true', push: detail, present: notice, params: {id: 1}}

            """)
        #expect(try diagnostics(yaml).map { $0.components(separatedBy: " [").last ?? "" } == ["conflicting-actions]"])
    }

    /// The converse: a mistake in one key of a rule does not hide an unrelated one in another.
    @Test func aBadTabDoesNotHideAMissingParamButUnreadableParamsDrawNoneMissing() throws {
        let yaml = Self.oneTab("""
            screens:
              detail: {show: push, params: {id: int}}
            routes:
              - {name: a, when: 'true', tab: hom, push: detail}
              - {name: b, when: 'true', tab: 7, push: detail, params: 3}

            """)
        #expect(try diagnostics(yaml) == [
            "6:34: error: unknown tab 'hom'; did you mean 'home'? [unknown-tab]",
            "6:45: error: screen 'detail' needs param 'id', which is not supplied here; add it to 'params' [missing-param]",
            "7:34: error: tab index 7 is out of range; the table has 1 tab (index 0) [tab-index-out-of-range]",
            "7:59: error: expected a mapping for 'params', found the number 3 [wrong-type]",
        ])
    }

    /// A table of `screens` login-gated screens and `rules` rules with `login: required`, and no
    /// `login_screen`.
    static func withoutLoginScreen(screens: Int, rules: Int) -> String {
        "version: 1\ntabs: [home]\nscreens:\n"
            + (0..<screens).map { "  s\($0): {show: push, login: required}\n" }.joined()
            + "routes:\n  - {name: open, when: 'true', push: s0}\n"
            + (0..<rules).map { "  - {name: r\($0), when: 'true', tab: home, login: required}\n" }.joined()
    }

    /// One missing `login_screen` is one error: every other place that needs it is a note. A
    /// rule that needs a login only for its screen is not listed (the screen is).
    @Test func aMissingLoginScreenIsOneErrorWithANoteForEachOtherPlace() throws {
        let table = try loadTable(yaml: Self.withoutLoginScreen(screens: 2, rules: 1))
        let missing = table.diagnostics.filter { $0.code == "missing-login-screen" }
        #expect(missing.map(\.message) == [
            "screen 's0' needs a login but the table declares no 'login_screen'; declare one (a screen shown with 'show: present')",
        ])
        #expect(missing.first?.notes.map(\.message) == ["screen 's1' needs a login too", "rule 'r0' needs a login too"])
        #expect(missing.first?.notes.compactMap(\.range?.start.line) == [5, 8])
    }

    /// `ModelMessages.maxLoginNeedNotes` (10): ten other places are ten notes; past them, one
    /// more note counts the rest.
    @Test func theNotesOfAMissingLoginScreenStopAtTheLimit() throws {
        let atLimit = try loadTable(yaml: Self.withoutLoginScreen(screens: 1, rules: 10))
        let notes = atLimit.diagnostics.first { $0.code == "missing-login-screen" }?.notes ?? []
        #expect(notes.map(\.message) == (0..<10).map { "rule 'r\($0)' needs a login too" })
        let pastLimit = try loadTable(yaml: Self.withoutLoginScreen(screens: 1, rules: 12))
        let counted = pastLimit.diagnostics.first { $0.code == "missing-login-screen" }?.notes ?? []
        #expect(counted.count == 11)
        #expect(counted.last?.message == "and 2 more places that need a login")
        #expect(counted.last?.range == nil)
    }

    /// `tab: off` names no tab: quoting it, as the YAML 1.1 warning would say, mends nothing, so
    /// only the error is shown. Where the name is declared, the warning stays.
    @Test func aYAML11WordThatIsAlsoAnErrorDrawsOnlyTheError() throws {
        let rule = "routes:\n  - {name: a, when: 'true', tab: off}\n"
        #expect(try diagnostics(Self.oneTab(rule)) == [
            "4:34: error: unknown tab 'off'; add it to 'tabs' [unknown-tab]",
        ])
        let declared = try diagnostics("version: 1\ntabs: [home, 'off']\n" + rule)
        #expect(declared.map { $0.hasSuffix("[yaml11-boolean]") } == [true])
    }

    /// `screens:` left empty with its entries below it, in its column: one error at the empty
    /// section, and the table checked as if they were indented (no "unknown key", no "unknown
    /// screen" for the rule that pushes one).
    @Test func entriesWrittenInTheColumnOfTheirSectionAreOneError() throws {
        let yaml = Self.oneTab("""
            screens:
            detail: {show: push, params: {id: int}}
            list: {show: push}
            routes:
              - {name: a, when: 'true', push: detail, params: {id: 1}}

            """)
        #expect(try diagnostics(yaml) == [
            "3:9: error: expected a mapping for 'screens', found nothing: 'detail' and 'list' below it start in its column, so YAML reads them as top-level keys; indent them to put them in 'screens' [wrong-type]",
        ])
        let table = try loadTable(yaml: yaml)
        #expect(table.diagnostics.first?.notes.map(\.message) == ["'detail' starts here, in the column of 'screens'"])
        #expect(table.diagnostics.first?.notes.first?.range?.start.line == 4)
    }

    @Test func payloadFieldsInTheColumnOfPayloadAreDeclaredAllTheSame() throws {
        let yaml = Self.oneTab("""
            payload:
            type: int
            id: int
            uid: string
            extra: any
            routes:
              - {name: a, when: 'type == "3"', tab: home}

            """)
        let found = try diagnostics(yaml)
        // The field is declared (as an int), so comparing it with a string is an error.
        #expect(found.count == 2)
        #expect(found.first?.contains("'type', 'id', 'uid' and 1 more below it start in its column") == true)
        #expect(found.last?.hasSuffix("[type-mismatch]") == true)
    }

    /// A misspelled top-level key after an empty section stays a misspelling, and `defaults`
    /// takes only its own keys (`tab` is none of them).
    @Test func onlyLikelyEntriesAreMovedIntoTheSection() throws {
        let misspelled = try diagnostics(Self.oneTab("payload:\nrotues:\n  - {name: a, when: 'true', tab: home}\n"))
        #expect(misspelled.contains { $0.hasPrefix("3:9: error: expected a mapping for 'payload', found null") })
        #expect(misspelled.contains { $0.contains("unknown key 'rotues'") && $0.contains("did you mean 'routes'?") })
        let defaults = try diagnostics(Self.oneTab("defaults:\nforeground: navigate\ntab: home\n" + Self.rest))
        #expect(defaults.first?.contains("'foreground' below it starts in its column, so YAML reads it") == true)
        #expect(defaults.dropFirst().map { $0.contains("unknown key 'tab'") } == [true])
    }

    /// `alert:`, `params:` and `login:` left empty in a rule, `alert:` in `defaults` and `params:`
    /// in a screen, with their entries below them in their column: one error each, and the table
    /// checked as if the entries were indented (no "unknown key", no "missing param").
    @Test func nestedEntriesInTheColumnOfTheirKeyAreOneErrorEach() throws {
        let yaml = """
            version: 1
            tabs: [home]
            login_screen: login
            payload: {id: int, uid: string}
            defaults:
              alert:
              title: News
            screens:
              login: {show: present}
              detail:
                show: push
                params:
                id: int
            routes:
              - name: a
                when: 'true'
                push: detail
                params:
                id: id
                login:
                user: uid

            """
        #expect(try diagnostics(yaml) == [
            "6:9: error: expected a mapping for 'alert', found nothing: 'title' below it starts in its column, so YAML reads it as a key of 'defaults'; indent it to put it in 'alert' [wrong-type]",
            "12:12: error: expected a mapping for 'params', found nothing: 'id' below it starts in its column, so YAML reads it as a key of screen 'detail'; indent it to put it in 'params' [wrong-type]",
            "18:12: error: expected a mapping for 'params', found nothing: 'id' below it starts in its column, so YAML reads it as a key of the rule; indent it to put it in 'params' [wrong-type]",
            "20:11: error: expected a mapping for 'login', found nothing: 'user' below it starts in its column, so YAML reads it as a key of the rule; indent it to put it in 'login' [wrong-type]",
        ])
        // In a flow mapping there are no columns: an empty value stays an empty value.
        let flow = try diagnostics(Self.oneTab("routes:\n  - {name: a, when: 'true', tab: home, alert: , title: x}\n"))
        #expect(flow.contains { $0.contains("expected a mapping for 'alert', found null") })
        #expect(flow.contains { $0.contains("unknown key 'title' in a rule") })
    }

    /// A screen's key written in the column of the screens is moved into the screen above it, with
    /// one error; a screen that happens to be named like a key (`login: {show: present}`) stays one.
    @Test func aScreenKeyInTheColumnOfTheScreensIsOneError() throws {
        let yaml = Self.oneTab("""
            login_screen: login
            screens:
              detail:
                show: push
              params: {id: int}
              login: {show: present}
            routes:
              - {name: a, when: 'true', push: detail, params: {id: 1}}

            """)
        #expect(try diagnostics(yaml) == [
            "7:3: error: 'params' is a key of a screen, but it starts in the column of the screens, so YAML reads it as a screen; indent it to put it in screen 'detail' above [unknown-key]",
        ])
    }
}
