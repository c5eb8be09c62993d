/// Words people write in place of a route file's keys: SPEC's prose calls routes "rules" and a
/// predicate a "condition", and other routing tools say `if:`, `parameters:` or `modal:`. None
/// is a misspelling an edit distance finds, so without this list `rules:` got no "did you mean"
/// and its rules were reported missing as well.
///
/// ```swift
/// KeySynonyms.meaning(of: "rules", among: ["version", "routes"]) // "routes"
/// KeySynonyms.meaning(of: "if", among: ["name", "when"])         // "when"
/// ```
enum KeySynonyms {
    /// Each word with the keys it may stand for, most likely first; the first one the mapping
    /// allows is the hint, so `type:` is `show` in a screen and nothing in a rule.
    static let meanings: [String: [String]] = [
        "rules": ["routes"], "rule": ["routes"], "navigation": ["routes"],
        "condition": ["when"], "conditions": ["when"], "if": ["when"], "predicate": ["when"],
        "match": ["when"], "matches": ["when"], "where": ["when"], "filter": ["when"],
        "parameters": ["params"], "arguments": ["params"], "args": ["params"],
        "id": ["name"], "key": ["name"],
        "modal": ["present", "show"], "sheet": ["present", "show"], "navigate": ["push", "show"],
        "open": ["push"],
        // A screen is declared with how it is shown (`show: push`), and the action words of a
        // rule are what people write there.
        "present": ["show"], "push": ["show"],
        // A rule names the screen it shows through its action; at the top level `screen:` is
        // `screens`, which the edit distance offers before this list is asked.
        "screen": ["push"], "goto": ["push"], "go_to": ["push"], "navigate_to": ["push"],
        "destination": ["push"], "open_screen": ["push"],
        "embed_in_nav": ["embed_in_navigation"], "embed": ["embed_in_navigation"],
        "in_navigation": ["embed_in_navigation"], "navigation_controller": ["embed_in_navigation"],
        "hide_tab_bar": ["hides_bottom_bar"], "hides_tab_bar": ["hides_bottom_bar"],
        "type": ["show"], "kind": ["show"], "style": ["show"], "presentation": ["show"],
        "fields": ["payload"], "schema": ["payload"], "user_info": ["payload"], "userinfo": ["payload"],
        "default": ["defaults"], "otherwise": ["fallback"], "else": ["fallback"],
        "tab_bar": ["tabs"], "tabbar": ["tabs"],
        "body": ["message"], "text": ["message"], "ok": ["confirm"], "dismiss": ["cancel"],
        "uid": ["user"], "user_id": ["user"], "userid": ["user"],
        "requires_login": ["login"], "login_required": ["login"], "auth": ["login"],
    ]

    /// The allowed key `word` stands for, or nil.
    static func meaning(of word: String, among allowed: [String]) -> String? {
        meanings[word.lowercased()]?.first(where: allowed.contains)
    }
}
