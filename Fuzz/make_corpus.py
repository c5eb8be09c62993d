#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets in Fuzz/corpus/<target>/.

Sources: the example table routes/, a sample of the yaml-test-suite inputs, the CEL conformance
expressions that are in RouteKit's subset, payloads of routes/*.test.yaml, the compiled JSON of
routes/ and its signed form, and hand-written hostile cases. The output is deterministic; rerun it after routes/
changes:

    python3 Fuzz/make_corpus.py --routecheck .build/debug/routecheck \
        [--yaml-test-suite DIR] [--cel-conformance DIR]

The two data sets default to those the tests use (scripts/conformance-dir.sh, docs/conformance.md);
without them their seeds are left out.
"""
import argparse, glob, json, os, random, shutil, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "corpus")
SEPARATOR = b"\n#%%file\n"   # InMemoryTable.fileSeparator


def write(target, name, data):
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    path = os.path.join(CORPUS, target, name)
    with open(path, "wb") as f:
        f.write(data)


def route_files():
    files = sorted(glob.glob(os.path.join(ROOT, "routes", "*.yaml")))
    return [f for f in files if not f.endswith(".test.yaml")]


def read(path):
    with open(path, "rb") as f:
        return f.read()


HOSTILE_YAML = {
    "deep-flow-seq": b"a: " + b"[" * 200 + b"]" * 200 + b"\n",
    "deep-flow-map": b"a: " + b"{b: " * 100 + b"c" + b"}" * 100 + b"\n",
    "deep-block": b"".join(b"  " * i + b"k%d:\n" % i for i in range(80)) + b"  " * 80 + b"v\n",
    "alias-bomb": b"a: &a [x, x, x, x, x, x, x, x, x, x]\n"
                  + b"".join(b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n"
                             % ((c,) * 2 + (p,) * 10)
                             for c, p in zip(b"bcdefgh", b"abcdefg")),
    "alias-merge": b"base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  <<: [*b, *b]\n  z: 3\n",
    "invalid-utf8": b"version: 1\ntabs: [\xff\xfe, \xc3\x28, \xed\xa0\x80]\n",
    "lone-surrogate-escape": b'version: 1\ntabs: ["\\ud800", "\\udfff"]\n',
    "bom": b"\xef\xbb\xbfversion: 1\n",
    "nul": b"version: 1\x00\ntabs: [a]\n",
    "huge-numbers": b"version: 99999999999999999999999999\nn: 1e400\nm: -0x8000000000000001\no: .inf\np: .nan\n",
    "duplicate-keys": b"version: 1\nversion: 2\n",
    "custom-tag": b"version: !!python/object:os.system 1\nx: !custom {a: b}\n",
    "multi-doc": b"version: 1\n---\nversion: 2\n...\n",
    "anchor-undefined": b"a: *nope\n",
    "tabs-indent": b"a:\n\tb: 1\n",
    "long-scalar": b"a: " + b"x" * 20000 + b"\n",
    "long-key": b"k" * 5000 + b": v\n",
    "control-chars": b"a: \"\x01\x02\x1b[31m\"\n",
    "crlf": b"version: 1\r\ntabs: [home]\r\n",
    "empty": b"",
    "comment-only": b"# nothing here\n",
    "folded-when": b"routes:\n  - name: r\n    when: >-\n      type ==\n      \"3\"\n    tab: home\n",
    "quoted-when": b"routes:\n  - name: r\n    when: \"type == \\\"3\\\" && \\u00e9 == 1\"\n    tab: home\n",
}


def yaml_reader(suite, rng):
    t = "FuzzYAMLReader"
    for f in route_files() + sorted(glob.glob(os.path.join(ROOT, "routes", "*.test.yaml"))):
        write(t, "routes-" + os.path.basename(f), read(f))
    if suite:
        cases = sorted(glob.glob(os.path.join(suite, "*", "in.yaml")))
        cases = [c for c in cases if os.path.getsize(c) <= 4096]
        for c in sorted(rng.sample(cases, min(120, len(cases)))):
            write(t, "suite-" + os.path.basename(os.path.dirname(c)) + ".yaml", read(c))
    for name, data in HOSTILE_YAML.items():
        write(t, "hostile-" + name + ".yaml", data)


def table_loader():
    t = "FuzzTableLoader"
    files = [read(f) for f in route_files()]
    write(t, "routes-all.yaml", SEPARATOR.join(files))
    for f in route_files():
        write(t, "routes-" + os.path.basename(f), read(f))
    app = read(os.path.join(ROOT, "routes", "app.yaml"))
    screens = read(os.path.join(ROOT, "routes", "screens.yaml"))
    single = app + b"\n" + screens + b"""
routes:
  - {name: a, when: 'type in ["1", "2"] && id > 3', tab: home}
  - {name: b, when: 'target.matches("^n[a-z]+$")', present: notice}
  - {name: c, when: 'has(aps.alert) ? size(aps.alert) > 2 : false', push: [message_list, {screen: message_thread, params: {id: id}}]}
  - {name: d, when: 'uid == "u1"', push: my_messages, login: required, foreground: ignore}
  - name: e
    when: type == "5"
    tab: me
    pop_to_root: true
    alert: {title: "T {type}", message: "{aps.alert}"}
"""
    write(t, "single-file.yaml", single)
    errors = app + SEPARATOR + screens + SEPARATOR + b"""
routes:
  - {name: x, when: 'typo == 3', push: mesage_detail}
  - {name: x, when: 'type == 3', tab: nowhere}
  - {name: y, when: 'type ==', present: notice, params: {id: nope}}
  - {name: z, when: 'type == "3"', push: message_detail}
fallback: {tab: home}
"""
    write(t, "errors.yaml", errors)
    for name in ["alias-bomb", "deep-flow-seq", "invalid-utf8", "huge-numbers", "duplicate-keys"]:
        write(t, "hostile-" + name + ".yaml", app + SEPARATOR + HOSTILE_YAML[name])


def expressions(cel):
    t = "FuzzExpression"
    exprs = [
        'type == "3"', 'type == "4"', 'has(uid)', 'target == "notice"', 'pageKey == "session"',
        'type in ["1", "2", "3"] && id > 3 || !has(aps.alert)',
        'size(aps.alert) > 2 ? aps.alert.startsWith("N") : false',
        'target.matches("^(a|b)*c{2,5}[^x-z]\\\\d+$")', 'tags.exists(t, t == "x")',
        'ids.all(i, i > 0) && ids[0] == 1 && size(ids) >= 1', 'score >= 1.5e3 && flag',
        'aps["content-available"] == 1', '{"a": 1, "b": [1, 2.0, "x", null]}["a"] == 1',
        'int("42") + uint(3)', 'double(id) / 0.0 > 1.0', 'id % 0 == 1', '9223372036854775807 + 1 > 0',
        '-9223372036854775808 == -9223372036854775807 - 1', '"\\u00e9\\U0001F600\\x41\\101" == "é"',
        "'''multi\nline''' + r\"raw\\n\"", 'b"bytes" == b"\\xff"', 'type.contains("3") && type.endsWith("x")',
        'x.y.z.w', 'a ? b : c ? d : e', '!!!!flag', '1 <', '((((type))))', 'type = 3', 'type == "3" &&',
    ]
    exprs.append("(" * 100 + "1" + ")" * 100)
    exprs.append("-" * 200 + "1")
    exprs.append(" && ".join(['type == "%d"' % i for i in range(300)]))
    exprs.append('"' + "x" * 5000 + '"')
    exprs.append("1" * 400)
    exprs.append('target.matches("' + "(a*)*" * 20 + 'b")')
    exprs.append("\ud800 == \udfff")
    for i, e in enumerate(exprs):
        write(t, "expr-%03d.cel" % i, e)
    if cel:
        n = 0
        for f in sorted(glob.glob(os.path.join(cel, "*.json"))):
            doc = json.load(open(f))
            for test in doc.get("tests", []):
                e = test.get("expr")
                if e and len(e) < 300 and n < 150 and (test.get("in_subset") or n % 4 == 0):
                    write(t, "cel-%s-%03d.cel" % (doc["name"], test["index"]), e)
                    n += 1
    write(t, "hostile-invalid-utf8.cel", b'type == "\xff\xfe" && \xc3\x28')


def test_payloads():
    out = []
    for f in sorted(glob.glob(os.path.join(ROOT, "routes", "*.test.yaml"))):
        try:
            import yaml
        except ImportError:
            return out
        doc = yaml.safe_load(open(f))
        for case in doc.get("cases", []) or []:
            if "payload" in case:
                out.append(case["payload"])
        for sc in doc.get("scenarios", []) or []:
            for ev in sc.get("events", []):
                if isinstance(ev.get("payload"), dict):
                    out.append(ev["payload"])
    return out


HOSTILE_JSON = {
    "deep-array": "[" * 300 + "]" * 300,
    "deep-object": '{"a":' * 200 + "1" + "}" * 200,
    "huge-int": '{"type": 123456789012345678901234567890, "id": 9223372036854775808}',
    "huge-double": '{"type": 1e400, "id": -1e309}',
    "tiny-double": '{"type": 1e-400, "id": 4.9e-324}',
    "int-as-double": '{"type": 3.0, "id": 42.0000000000000001}',
    "lone-surrogate": '{"type": "\\ud800", "uid": "\\udc00x"}',
    "surrogate-pair": '{"type": "\\ud83d\\ude00", "target": "notice"}',
    "invalid-utf8": b'{"type": "\xff\xfe", "uid": "\xed\xa0\x80"}',
    "bom": b'\xef\xbb\xbf{"type": "3"}',
    "duplicate-keys": '{"type": "3", "type": "4"}',
    "trailing-comma": '{"type": "3",}',
    "comment": '{"type": "3" /* c */}',
    "nan": '{"type": NaN, "id": Infinity}',
    "leading-zero": '{"id": 042}',
    "control-char": '{"type": "a\x01b"}',
    "wrong-types": '{"type": ["3"], "id": {"x": 1}, "uid": true, "aps": "str", "target": null}',
    "long-string": '{"target": "' + "n" * 10000 + '"}',
    "many-keys": "{" + ",".join('"k%d": %d' % (i, i) for i in range(2000)) + "}",
    "trailing-text": '{"type": "3"} x',
    "scalar": "42",
    "empty": "",
    "escapes": '{"target": "\\u006eotice", "pageKey": "sess\\u0069on", "type": "\\"\\\\\\/\\b\\f\\n\\r\\t"}',
}


def payloads():
    t = "FuzzPayloadDecide"
    seen = set()
    for i, p in enumerate(test_payloads()):
        text = json.dumps(p, sort_keys=True)
        if text not in seen:
            seen.add(text)
            write(t, "routes-test-%03d.json" % len(seen), text)
    for name, data in HOSTILE_JSON.items():
        write(t, "hostile-" + name + ".json", data)


def compiled(routecheck):
    t = "FuzzCompiledTable"
    out = os.path.join(CORPUS, t, "routes.compiled.json")
    subprocess.run([routecheck, "compile", os.path.join(ROOT, "routes"), "-o", out], check=True)
    doc = json.load(open(out))
    minimal = dict(doc)
    minimal["rules"] = doc["rules"][:1]
    write(t, "one-rule.compiled.json", json.dumps(minimal, sort_keys=True))
    newer = dict(doc); newer["format_version"] = doc["format_version"] + 1
    write(t, "newer-version.compiled.json", json.dumps(newer, sort_keys=True))
    broken = json.loads(json.dumps(doc))
    if broken["rules"]:
        broken["rules"][0]["when"] = "type =="
        broken["rules"][-1]["route"] = {"push": [{"screen": "nowhere"}]}
    write(t, "broken-rules.compiled.json", json.dumps(broken, sort_keys=True))
    write(t, "truncated.compiled.json", read(out)[: len(read(out)) // 2])
    write(t, "not-compiled.json", '{"format": "something-else"}')
    write(t, "deep.json", '{"format": "routekit-compiled", "rules": ' + "[" * 300 + "]" * 300 + "}")


def signed(routecheck):
    """Signed tables (FuzzCompiledTable reads them too): routes/ and one rule of it signed with the
    fuzzer's own key (seed bytes 1..32, FuzzCompiledTable/SignedTableFuzzing.swift) so that the
    fuzzer starts past the signature, and the usual hostile forms. Ed25519 is deterministic, so
    the seeds are the same bytes on every run."""
    import base64, tempfile
    t = "FuzzCompiledTable"
    with tempfile.TemporaryDirectory() as work:
        key = os.path.join(work, "fuzz.key")
        with open(key, "w") as f:
            f.write(base64.b64encode(bytes(range(1, 33))).decode() + "\n")
        os.chmod(key, 0o600)
        one_rule = os.path.join(CORPUS, t, "one-rule.compiled.json")
        for name, table, version in [("routes", os.path.join(ROOT, "routes"), "42"), ("one-rule", one_rule, "7")]:
            out = os.path.join(work, name + ".signed.json")
            subprocess.run([routecheck, "compile", table, "-o", out, "--sign", key, "--table-version", version],
                           check=True)
            write(t, name + ".signed.json", read(out))
    doc = json.loads(read(os.path.join(CORPUS, t, "one-rule.signed.json")))
    tampered = dict(doc); tampered["table_version"] = 8
    write(t, "signed-tampered-version.json", json.dumps(tampered))
    newer = dict(doc); newer["version"] = 2
    write(t, "signed-newer-envelope.json", json.dumps(newer))
    unknown = dict(doc); unknown["key_id"] = "0123456789abcdef"
    write(t, "signed-unknown-key.json", json.dumps(unknown))
    write(t, "signed-truncated.json", read(os.path.join(CORPUS, t, "one-rule.signed.json"))[:300])
    write(t, "signed-empty-table.json", json.dumps(dict(doc, table="")))


def navigator(rng):
    t = "FuzzNavigator"
    # Byte 0 picks the decider, byte 1 the user; then each event is a kind byte (see
    # FuzzNavigator.nextEvent: 0 launch, 1 ready, 2-4 notification, 5 alert confirmed,
    # 6 alert cancelled, 7 login succeeded, 8 login cancelled, 9 logout, 10-11 ui_state)
    # followed by its choices.
    scripted = {
        "launch-ready": [0, 0, 0, 1, 1, 0, 1],
        "foreground-alert-confirm": [0, 1, 2, 1, 0, 5],
        "login-flow": [1, 0, 2, 13, 1, 7, 1],
        "login-wrong-user": [0, 0, 2, 13, 1, 7, 2],
        "logout-then-uid": [1, 1, 9, 2, 13, 0, 8],
        "ui-then-reload": [0, 0, 10, 3, 2, 1, 2, 2, 1, 0],
        "alert-replaced": [0, 1, 2, 1, 0, 2, 13, 0, 6, 5],
    }
    for name, seq in scripted.items():
        write(t, "scripted-" + name + ".bin", bytes(seq))
    for i in range(24):
        write(t, "random-%02d.bin" % i, bytes(rng.randrange(256) for _ in range(rng.randrange(8, 96))))


def conformance_data(name):
    """The data set's folder where the tests find it (scripts/conformance-dir.sh), or ""."""
    found = subprocess.run([os.path.join(ROOT, "scripts", "conformance-dir.sh")],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return os.path.join(found.stdout.strip(), name) if found.returncode == 0 else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--routecheck", required=True)
    ap.add_argument("--yaml-test-suite", default=conformance_data("yaml-test-suite"))
    ap.add_argument("--cel-conformance", default=conformance_data("cel-conformance"))
    args = ap.parse_args()
    targets = ["FuzzYAMLReader", "FuzzTableLoader", "FuzzExpression", "FuzzPayloadDecide",
               "FuzzCompiledTable", "FuzzNavigator"]
    for target in targets:
        shutil.rmtree(os.path.join(CORPUS, target), ignore_errors=True)
        os.makedirs(os.path.join(CORPUS, target))
    rng = random.Random(20240601)
    suite = args.yaml_test_suite if os.path.isdir(args.yaml_test_suite) else None
    cel = args.cel_conformance if os.path.isdir(args.cel_conformance) else None
    yaml_reader(suite, rng)
    table_loader()
    expressions(cel)
    payloads()
    compiled(os.path.abspath(args.routecheck))
    signed(os.path.abspath(args.routecheck))
    navigator(rng)


if __name__ == "__main__":
    main()
