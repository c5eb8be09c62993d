/// Table-wide defaults, with SPEC's values for anything a table leaves out.
///
/// ```swift
/// Defaults().foreground // .alert
/// Defaults().alert.message // "{aps.alert}"
/// ```
public struct Defaults: Sendable, Hashable {
    public var foreground: ForegroundPolicy
    public var ifVisible: IfVisiblePolicy
    public var clearBadge: Bool
    public var alert: AlertTemplate

    /// Defaults; anything not given takes SPEC's value.
    ///
    /// ```swift
    /// let defaults = Defaults(ifVisible: .push, clearBadge: true)
    /// defaults.foreground // .alert
    /// ```
    public init(foreground: ForegroundPolicy = .alert, ifVisible: IfVisiblePolicy = .reload,
                clearBadge: Bool = false, alert: AlertTemplate = AlertTemplate()) {
        self.foreground = foreground
        self.ifVisible = ifVisible
        self.clearBadge = clearBadge
        self.alert = alert
    }
}

/// Alert texts; `{path}` in them is replaced by the payload value at that path.
public struct AlertTemplate: Sendable, Hashable {
    public var title: String
    public var message: String
    public var confirm: String
    public var cancel: String

    /// Templates; by default no title, the APNs alert as the message, `View` and `Cancel`.
    ///
    /// ```swift
    /// let template = AlertTemplate(title: "{sender.name}", message: "{aps.alert}")
    /// ```
    public init(title: String = "", message: String = "{aps.alert}", confirm: String = "View",
                cancel: String = "Cancel") {
        self.title = title
        self.message = message
        self.confirm = confirm
        self.cancel = cancel
    }

    /// These texts with a rule's overrides applied.
    ///
    /// ```swift
    /// AlertTemplate().overridden(by: AlertOverride(confirm: "Open")).confirm // "Open"
    /// AlertTemplate().overridden(by: AlertOverride(confirm: "Open")).cancel  // "Cancel"
    /// ```
    public func overridden(by override: AlertOverride) -> AlertTemplate {
        AlertTemplate(title: override.title ?? title, message: override.message ?? message,
                      confirm: override.confirm ?? confirm, cancel: override.cancel ?? cancel)
    }
}
