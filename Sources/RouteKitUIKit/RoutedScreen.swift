#if canImport(UIKit) && os(iOS)
import RouteKit
import UIKit

/// A view controller that shows a screen of the route table, so `UIKitNavigationAdapter` can
/// report what is on screen in a `ui_state` snapshot.
///
/// Adopt it in every controller the screen factory makes. A controller that does not adopt it is
/// still counted (as its type name), so the navigator knows how deep a stack is; but it is no
/// longer the screen the navigator pushed, so a route to it pushes it again instead of reloading
/// it, and a login-gated one is no longer hidden from the next user after a logout.
///
/// ```swift
/// final class MessageDetailViewController: UIViewController, RoutedScreen {
///     let id: Int64
///     var routeScreen: String { "message_detail" }
///     var routeParams: [String: JSONValue] { ["id": .int(id)] }
///
///     init(id: Int64) {
///         self.id = id
///         super.init(nibName: nil, bundle: nil)
///     }
///     required init?(coder: NSCoder) { fatalError("not made from a storyboard") }
/// }
/// ```
@MainActor
public protocol RoutedScreen: AnyObject {
    /// The screen's name in the route table, such as `"message_detail"`.
    var routeScreen: String { get }
    /// The params the screen was opened with, as the route table declares them.
    var routeParams: [String: JSONValue] { get }
}

extension RoutedScreen {
    /// No params.
    public var routeParams: [String: JSONValue] { [:] }
}

/// A view controller that can refresh itself when a notification leads to it while it is visible
/// (a `reload` command, from `if_visible: reload`).
///
/// ```swift
/// extension MessageDetailViewController: RouteReloadable {
///     func reloadRoute(params: [String: JSONValue]) { Task { await refresh() } }
/// }
/// ```
@MainActor
public protocol RouteReloadable: AnyObject {
    /// Refresh the content; `params` are the notification's, equal to the screen's own.
    ///
    /// ```swift
    /// func reloadRoute(params: [String: JSONValue]) { Task { await refresh() } }
    /// ```
    func reloadRoute(params: [String: JSONValue])
}

extension NavigatorEvent.AppState {
    /// The navigator's app state for UIKit's.
    ///
    /// ```swift
    /// let state = NavigatorEvent.AppState(UIApplication.shared.applicationState)
    /// ```
    public init(_ state: UIApplication.State) {
        switch state {
        case .active: self = .active
        case .inactive: self = .inactive
        case .background: self = .background
        @unknown default: self = .inactive
        }
    }
}
#endif
