import RouteKit
import Testing

@Suite struct CompiledFormatTests {
    @Test func encodingIsDeterministic() throws {
        let program = try CompiledFormatFixture.program()
        let first = CompiledTableFormat.encode(program)
        #expect(CompiledTableFormat.encode(program) == first)
        #expect(CompiledTableFormat.encode(try CompiledFormatFixture.program()) == first)
        // Loading and writing again gives the same bytes.
        let reloaded = try CompiledTableFormat.decode(Array(first.utf8))
        #expect(CompiledTableFormat.encode(reloaded) == first)
        #expect(first.hasSuffix("}\n"))
    }

    @Test func headerAndSortedKeys() throws {
        let text = CompiledTableFormat.encode(try CompiledFormatFixture.program())
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map(String.init)
        #expect(lines.map { $0.split(separator: "\"")[1] } == [
            "defaults", "fallback", "format", "format_version", "login_screen", "payload", "rules",
            "screens", "tabs", "version",
        ])
        #expect(lines.contains(#"  "format": "routekit-compiled","#))
        #expect(lines.contains(#"  "format_version": 2,"#))
        #expect(CompiledTableFormat.currentVersion == 2)
        #expect(CompiledTableFormat.oldestReadableVersion == 1)
    }

    @Test func everyFieldRoundTrips() throws {
        let original = CompiledFormatFixture.table()
        let program = try CompiledFormatFixture.program()
        let table = try CompiledTableFormat.decode(Array(CompiledTableFormat.encode(program).utf8)).table
        #expect(table.version == original.version)
        #expect(table.tabs == original.tabs)
        #expect(table.loginScreen == original.loginScreen)
        #expect(table.screens == original.screens)
        #expect(Set(table.payloadFields) == Set(original.payloadFields))
        #expect(table.defaults == original.defaults)
        #expect(table.rules == original.rules)
        #expect(table.fallback == original.fallback)
        // Source positions survive for diagnostics.
        #expect(table.rules[6].range?.file == "routes/dir with space/ü.yaml")
        #expect(table.rules[6].range?.start.line == 1_000)
        #expect(table.rules[6].range?.start.column == 12)
        #expect(table.rules[2].range == nil)
    }

    @Test func checkedPartsRoundTrip() throws {
        let program = try CompiledFormatFixture.program()
        let loaded = try CompiledTableFormat.decode(Array(CompiledTableFormat.encode(program).utf8))
        #expect(loaded.rules.map(\.index) == program.rules.map(\.index))
        #expect(loaded.rules.map(\.route.loginRequired) == program.rules.map(\.route.loginRequired))
        #expect(loaded.rules.map(\.when.type) == program.rules.map(\.when.type))
        #expect(loaded.fallback != nil)
    }

    @Test func decidesIdenticallyOnManyPayloads() throws {
        let program = try CompiledFormatFixture.program()
        let loaded = try CompiledTableFormat.decode(Array(CompiledTableFormat.encode(program).utf8))
        for seed in UInt64(0)..<20 {
            var payloads = CompiledFormatPayloads(seed: seed)
            var sources: Set<String> = []
            for _ in 0..<250 {
                let payload = payloads.payload()
                let expected = program.decide(payload)
                let actual = loaded.decide(payload)
                #expect(actual == expected, "seed \(seed): \(JSONWriter.write(payload))")
                if actual != expected { return }
                sources.insert("\(expected.source)")
            }
            #expect(sources.count > 3, "seed \(seed) reached only \(sources)")
        }
    }

    @Test func everyRuleIsReachedByTheGenerator() throws {
        let program = try CompiledFormatFixture.program()
        var reached: Set<String> = []
        var payloads = CompiledFormatPayloads(seed: 42)
        for _ in 0..<5_000 {
            if let name = program.decide(payloads.payload()).ruleName { reached.insert(name) }
        }
        #expect(reached == Set(program.table.rules.map(\.name)))
    }

    @Test func explainsIdentically() throws {
        let program = try CompiledFormatFixture.program()
        let loaded = try CompiledTableFormat.decode(Array(CompiledTableFormat.encode(program).utf8))
        var payloads = CompiledFormatPayloads(seed: 7)
        for _ in 0..<200 {
            let payload = payloads.payload()
            let expected = program.explain(payload)
            let actual = loaded.explain(payload)
            #expect(actual.decision == expected.decision)
            #expect(actual.attempts.map(\.predicate) == expected.attempts.map(\.predicate))
            #expect(actual.attempts.map { "\($0.result)" } == expected.attempts.map { "\($0.result)" })
            #expect(actual.attempts.map(\.failure) == expected.attempts.map(\.failure))
        }
    }

    /// The whole document for a small table, pinned so that format changes show in review.
    @Test func smallTableDocument() throws {
        let table = RouteTable(
            tabs: ["home"],
            screens: [Screen(name: "detail", show: .push, tab: "home",
                             params: [ScreenParam(name: "id", type: .int)])],
            payloadFields: [PayloadField(path: "id", type: .int)],
            rules: [Rule(name: "detail", when: ExpressionSource("id > 0"),
                         route: Route(action: Action(push: [ScreenStep(
                            screen: "detail", params: [CompiledFormatFixture.bind("id", "id")])])),
                         range: CompiledFormatFixture.position("app.yaml", line: 3, column: 5))])
        let program = try #require(TableChecker.check(table, sources: []).program)
        #expect(CompiledTableFormat.encode(program) == Self.smallDocument)
        // The same table as format 1 wrote it, every member present: still read, the same table.
        let formatOne = try CompiledTableFormat.decode(text: Self.formatOneDocument)
        #expect(formatOne.table.rules == program.table.rules)
        #expect(formatOne.table.screens == program.table.screens)
        #expect(formatOne.table.defaults == program.table.defaults)
        #expect(CompiledTableFormat.encode(formatOne) == Self.smallDocument)
    }

    /// Members that hold their default are left out, at every level, and read back as that default.
    @Test func defaultsAreLeftOutAndReadBack() throws {
        let text = CompiledTableFormat.encode(try CompiledFormatFixture.program())
        #expect(!text.contains("null"))
        #expect(!text.contains("false"))
        #expect(!text.contains("[]"))
        #expect(!text.contains("{}"))
        #expect(!text.contains(#""none""#))
        let program = try CompiledFormatFixture.program()
        let table = try CompiledTableFormat.decode(text: text).table
        #expect(table.rules == program.table.rules)
        #expect(table.screens == program.table.screens)
    }


    static let smallDocument = """
        {
          "defaults": {
            "alert": {
              "cancel": "Cancel",
              "confirm": "View",
              "message": "{aps.alert}",
              "title": ""
            },
            "clear_badge": false,
            "foreground": "alert",
            "if_visible": "reload"
          },
          "format": "routekit-compiled",
          "format_version": 2,
          "payload": {
            "id": "int"
          },
          "rules": [
            {
              "index": 0,
              "name": "detail",
              "route": {
                "push": [
                  {
                    "params": {
                      "id": "id"
                    },
                    "screen": "detail"
                  }
                ]
              },
              "source": {
                "column": 5,
                "file": "app.yaml",
                "line": 3
              },
              "when": "id > 0"
            }
          ],
          "screens": [
            {
              "name": "detail",
              "params": {
                "id": "int"
              },
              "show": "push",
              "tab": "home"
            }
          ],
          "tabs": [
            "home"
          ],
          "version": 1
        }

        """

    /// `smallDocument` as format 1 wrote it.
    static let formatOneDocument = """
        {
          "defaults": {
            "alert": {
              "cancel": "Cancel",
              "confirm": "View",
              "message": "{aps.alert}",
              "title": ""
            },
            "clear_badge": false,
            "foreground": "alert",
            "if_visible": "reload"
          },
          "fallback": null,
          "format": "routekit-compiled",
          "format_version": 1,
          "login_screen": null,
          "payload": {
            "id": "int"
          },
          "rules": [
            {
              "index": 0,
              "name": "detail",
              "route": {
                "alert": {
                  "cancel": null,
                  "confirm": null,
                  "message": null,
                  "title": null
                },
                "foreground": null,
                "if_visible": null,
                "login": "none",
                "pop_to_root": false,
                "present": null,
                "push": [
                  {
                    "params": {
                      "id": "id"
                    },
                    "screen": "detail"
                  }
                ],
                "tab": null
              },
              "source": {
                "column": 5,
                "file": "app.yaml",
                "line": 3
              },
              "when": "id > 0"
            }
          ],
          "screens": [
            {
              "embed_in_navigation": false,
              "hides_bottom_bar": false,
              "login_required": false,
              "name": "detail",
              "params": {
                "id": "int"
              },
              "show": "push",
              "tab": "home"
            }
          ],
          "tabs": [
            "home"
          ],
          "version": 1
        }

        """

    @Test func looksCompiled() {
        #expect(CompiledTableFormat.looksCompiled(Array(" \n\t{\"format\"".utf8)))
        #expect(!CompiledTableFormat.looksCompiled(Array("version: 1\n".utf8)))
        #expect(!CompiledTableFormat.looksCompiled(Array("   ".utf8)))
        #expect(!CompiledTableFormat.looksCompiled([UInt8]()))
    }
}
