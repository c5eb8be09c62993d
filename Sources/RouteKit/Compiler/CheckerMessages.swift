/// Diagnostics of the table checker phase (expressions in their rule context).
enum CheckerMessages {
    /// The note on a problem in an expression written as an alias (`when: *w`).
    static func foundThroughAlias(_ name: String) -> String {
        "'*\(name)' stands for the expression anchored as '&\(name)'; fix it there"
    }

    static func loginUserNotString(_ type: ExpressionType, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "login-user-type",
                   "'login.user' must give a string user id, but this expression gives \(type)",
                   at: range)
    }

    static func paramTypeMismatch(_ param: String, screen: String, declared: FieldType,
                                  actual: ExpressionType, at range: SourceRange) -> Diagnostic {
        Diagnostic(.error, "param-type-mismatch",
                   "param '\(param)' of screen '\(screen)' is declared \(declared), but this expression gives \(actual)",
                   at: range)
    }
}
