/// Table-wide defaults, with SPEC's values for anything a table leaves out.
///
/// ```swift
/// Defaults().foreground // .alert
/// Defaults().alert.message // "{aps.alert}"
/// ```
public struct Defaults: Sendable, Hashable {
    /// `defaults.foreground`: what a rule without its own `foreground` does while the app is in
    /// use; `.alert` unless set.
    public var foreground: ForegroundPolicy
    /// `defaults.if_visible`: what a rule without its own `if_visible` does when its target is
    /// already on top; `.reload` unless set.
    public var ifVisible: IfVisiblePolicy
    /// `defaults.clear_badge`: clear the app icon badge on every notification, whatever happens
    /// (SPEC §6.5); `false` unless set.
    public var clearBadge: Bool
    /// `defaults.alert`: the foreground alert's texts, which a rule's `alert` overrides key by key.
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
///
/// ```swift
/// let texts = AlertTemplate(title: "{sender.name}")
/// texts.message // "{aps.alert}"
/// ```
public struct AlertTemplate: Sendable, Hashable {
    /// The alert's title; empty for no title.
    public var title: String
    /// The alert's message; by default `{aps.alert}`, the push's text.
    public var message: String
    /// The button that navigates; `View` by default.
    public var confirm: String
    /// The button that drops the route; `Cancel` by default.
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
