/// Bounds on expressions, so that hostile or mistaken route files cannot exhaust the stack or time.
///
/// Past a limit the parser reports one error (`expression-too-long` or `expression-too-deep`) and
/// gives no expression; it never recurses further than `maxDepth` levels.
///
/// ```swift
/// ExpressionLimits.maxLength // 4096
/// ```
public enum ExpressionLimits {
    /// The longest expression, in Unicode scalars.
    public static let maxLength = 4096
    /// The deepest nesting of the syntax tree: parentheses, lists, calls, operators and unary
    /// operators each add a level; chains of `&&` or `||` are balanced and add only their log.
    public static let maxDepth = 64
}
