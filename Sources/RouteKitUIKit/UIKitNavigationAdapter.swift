// NOTE: this target is not compiled or run in this project's CI (Linux has no UIKit); only the
// `Navigator` it drives is tested. It is kept small on purpose: read it before you ship it.
#if canImport(UIKit) && os(iOS)
import RouteKit
import UIKit
import UserNotifications

/// Performs a `Navigator`'s commands on a real UIKit app: a `UITabBarController` whose view
/// controllers are `UINavigationController`s, one per tab, in the route table's tab order.
///
/// The app delegate reduces each notification entry point to one call (`launch`, `ready`,
/// `handle`); the login screen calls `loginSucceeded` / `loginCancelled`; and the app calls
/// `userMoved()` whenever the user changes tab, goes back or closes a screen, so the navigator's
/// model stays true.
///
/// ```swift
/// let program = try CompiledTableFormat.decode(bytes) // routes.json from the app bundle
/// let adapter = UIKitNavigationAdapter(
///     decider: CompiledTable(program), tabBarController: tabs,
///     makeScreen: Screens.make, // (ScreenInstance) -> UIViewController
///     makeLogin: { _, expectedUser in LoginViewController(expectedUser: expectedUser) })
/// adapter.launch(userInfo: launchOptions?[.remoteNotification] as? [AnyHashable: Any],
///                user: session.userID)
/// ```
@MainActor
public final class UIKitNavigationAdapter: NSObject {
    /// Makes the view controller for a screen of the table, with its params.
    ///
    /// Return a bare controller: the adapter itself sets `hidesBottomBarWhenPushed` and wraps
    /// a presented screen in a navigation controller when the table says so.
    ///
    /// ```swift
    /// let makeScreen: UIKitNavigationAdapter.ScreenFactory = { screen in
    ///     if screen.screen == "message_detail", case .int(let id)? = screen.params["id"] {
    ///         return MessageDetailViewController(id: id)
    ///     }
    ///     return UIViewController() // a screen the app does not know: table and app disagree
    /// }
    /// ```
    public typealias ScreenFactory = @MainActor (ScreenInstance) -> UIViewController
    /// Makes the login screen; `screen` is the table's `login_screen`, and `expectedUser` the only
    /// user the waiting route is for (nil: anyone).
    ///
    /// The controller reports with `loginSucceeded(user:)` or `loginCancelled()` and must not
    /// dismiss itself: the navigator sends `dismiss_login`. It is presented as returned: the login
    /// screen's `embed_in_navigation` is not applied to it, so return it inside a
    /// `UINavigationController` when it needs a bar and a Cancel button.
    ///
    /// ```swift
    /// let makeLogin: UIKitNavigationAdapter.LoginFactory = { _, expectedUser in
    ///     LoginViewController(expectedUser: expectedUser)
    /// }
    /// ```
    public typealias LoginFactory = @MainActor (_ screen: String, _ expectedUser: String?)
        -> UIViewController

    /// The state machine; read its `state` to see what is held or waiting.
    public private(set) var navigator: Navigator
    /// The app's root: one `UINavigationController` per tab, in table order.
    public let tabBarController: UITabBarController
    /// Called after every event with the step it produced, for logging.
    ///
    /// ```swift
    /// adapter.didSend = { event, step in print(event.name, step.outcome.rawValue) }
    /// ```
    public var didSend: (@MainActor (NavigatorEvent, Navigator.Step) -> Void)?

    private let makeScreen: ScreenFactory
    private let makeLogin: LoginFactory
    private weak var alert: UIAlertController?
    private weak var login: UIViewController?
    /// The payload of the last `launch`, until the next `handle`: iOS delivers a launching tap
    /// twice (launch options, then `didReceive`), and the second copy must not navigate again.
    private var launchPayload: JSONValue?

    /// An adapter over `tabBarController`, deciding with `decider` (normally a `CompiledTable`).
    ///
    /// ```swift
    /// let adapter = UIKitNavigationAdapter(
    ///     decider: CompiledTable(program), tabBarController: tabs, user: session.userID,
    ///     makeScreen: Screens.make,
    ///     makeLogin: { _, expectedUser in LoginViewController(expectedUser: expectedUser) })
    /// ```
    public init(decider: any RouteDecider, tabBarController: UITabBarController,
                user: String? = nil, makeScreen: @escaping ScreenFactory,
                makeLogin: @escaping LoginFactory) {
        navigator = Navigator(decider: decider, user: user)
        self.tabBarController = tabBarController
        self.makeScreen = makeScreen
        self.makeLogin = makeLogin
        super.init()
        assert(tabBarController.viewControllers?.count == navigator.table.tabs.count
                   && tabBarController.viewControllers?.allSatisfy { $0 is UINavigationController }
                       == true,
               "expected one UINavigationController per tab of the table, in table order")
    }

    // MARK: Entry points

    /// The app started, launched by tapping `userInfo` when there is one. Nothing is shown
    /// until `ready()`.
    ///
    /// ```swift
    /// // application(_:didFinishLaunchingWithOptions:)
    /// adapter.launch(userInfo: launchOptions?[.remoteNotification] as? [AnyHashable: Any],
    ///                user: session.userID)
    /// ```
    @discardableResult
    public func launch(userInfo: [AnyHashable: Any]?, user: String?) -> Navigator.Step {
        launchPayload = userInfo.flatMap(JSONValue.init(userInfo:))
        return send(.launch(payload: launchPayload, user: user))
    }

    /// The root UI exists: performs the notification held since `launch`, if any.
    ///
    /// ```swift
    /// window.rootViewController = tabs
    /// window.makeKeyAndVisible()
    /// adapter.ready()
    /// ```
    @discardableResult
    public func ready() -> Navigator.Step { send(.ready) }

    /// A notification was tapped (pass `.inactive`, whatever the application state: a tap on a
    /// banner shown in the foreground is still the user's choice to open it) or arrived in the
    /// foreground (`.active`). Returns nil, doing nothing, for a `userInfo` that is not JSON or
    /// repeats the launching tap.
    ///
    /// ```swift
    /// // userNotificationCenter(_:didReceive:withCompletionHandler:), for the default action
    /// adapter.handle(userInfo: response.notification.request.content.userInfo, appState: .inactive)
    /// ```
    @discardableResult
    public func handle(userInfo: [AnyHashable: Any],
                       appState: NavigatorEvent.AppState) -> Navigator.Step? {
        let launched = launchPayload
        launchPayload = nil
        guard let payload = JSONValue(userInfo: userInfo) else { return nil }
        if appState != .active, payload == launched { return nil }
        return send(.notification(payload, appState))
    }

    /// `user` logged in, on the login screen the navigator asked for or elsewhere.
    ///
    /// ```swift
    /// adapter.loginSucceeded(user: session.userID) // performs the route that waited for it
    /// ```
    @discardableResult
    public func loginSucceeded(user: String) -> Navigator.Step { send(.loginSucceeded(user: user)) }

    /// The user closed the login screen. Do not dismiss it yourself: a `dismiss_login` follows.
    ///
    /// ```swift
    /// @objc func cancelTapped() { adapter.loginCancelled() }
    /// ```
    @discardableResult
    public func loginCancelled() -> Navigator.Step { send(.loginCancelled) }

    /// The user logged out; the UI is left as it is.
    ///
    /// ```swift
    /// session.clear()
    /// adapter.logout()
    /// ```
    @discardableResult
    public func logout() -> Navigator.Step { send(.logout) }

    /// The user changed the UI (tab, back, closed a screen): reports the real controllers.
    ///
    /// ```swift
    /// // UITabBarControllerDelegate; likewise after a pop, in UINavigationControllerDelegate
    /// func tabBarController(_ controller: UITabBarController, didSelect _: UIViewController) {
    ///     adapter.userMoved()
    /// }
    /// ```
    public func userMoved() { send(.uiState(snapshot())) }

    /// Decides later notifications with a new table, accepted without an app release
    /// (`TableUpdate.accept`); a route held, an alert up or a login waiting keeps the decision
    /// it was made with (`Navigator.replaceDecider(_:)`). The new table must keep the tab bar
    /// (its app contract says so).
    ///
    /// ```swift
    /// let table = try tables.accept(downloaded)
    /// adapter.replaceDecider(table.decider)
    /// ```
    public func replaceDecider(_ decider: any RouteDecider) {
        navigator.replaceDecider(decider)
    }

    /// Sends any event and performs its commands, in order.
    ///
    /// ```swift
    /// // a message that arrived over the app's own socket rather than through APNs
    /// adapter.send(.notification(["type": 3, "id": 42], .active))
    /// ```
    @discardableResult
    public func send(_ event: NavigatorEvent) -> Navigator.Step {
        let step = navigator.send(event)
        // Only the last command animates, so every earlier transition has finished before the
        // next one starts (UIKit refuses to present while a dismissal is animating).
        for (offset, command) in step.commands.enumerated() {
            perform(command, animated: offset == step.commands.count - 1)
        }
        didSend?(event, step)
        return step
    }

    // MARK: Commands

    private func perform(_ command: Navigator.Command, animated: Bool) {
        switch command {
        case .selectTab(_, let index):
            if (tabBarController.viewControllers ?? []).indices.contains(index) {
                tabBarController.selectedIndex = index
            }
        case .popToRoot(let tab):
            navigationController(of: tab)?.popToRootViewController(animated: animated)
        case .push(let tab, let screen, let params, let hidesBottomBar):
            let controller = makeScreen(ScreenInstance(screen: screen, params: params))
            controller.hidesBottomBarWhenPushed = hidesBottomBar
            navigationController(of: tab)?.pushViewController(controller, animated: animated)
        case .present(let screen, let params, let embedInNavigation):
            let controller = makeScreen(ScreenInstance(screen: screen, params: params))
            present(embedInNavigation ? closable(controller) : controller, animated: animated)
        case .dismissModals:
            if tabBarController.presentedViewController != nil {
                tabBarController.dismiss(animated: animated)
            }
        case .reload(_, let params):
            (visibleScreen() as? RouteReloadable)?.reloadRoute(params: params)
        case .showAlert(let text):
            present(alertController(text), animated: animated)
        case .dismissAlert:
            alert?.presentingViewController?.dismiss(animated: animated)
        case .presentLogin(let screen, let expectedUser):
            let controller = makeLogin(screen, expectedUser)
            login = controller
            present(controller, animated: animated)
        case .dismissLogin:
            login?.presentingViewController?.dismiss(animated: animated)
            login = nil
        case .clearBadge:
            // iOS 16 is the package's minimum; `applicationIconBadgeNumber` is deprecated.
            UNUserNotificationCenter.current().setBadgeCount(0)
        }
    }

    /// The navigation controller of `tab`, by the tab's position in the table.
    private func navigationController(of tab: String) -> UINavigationController? {
        guard let index = navigator.table.tabIndex(of: tab),
            let controllers = tabBarController.viewControllers, controllers.indices.contains(index)
        else { return nil }
        return controllers[index] as? UINavigationController
    }

    /// Presents on top of whatever is presented already; a swipe-down dismissal is reported.
    private func present(_ controller: UIViewController, animated: Bool) {
        var top: UIViewController = tabBarController
        while let presented = top.presentedViewController { top = presented }
        if !(controller is UIAlertController) { controller.presentationController?.delegate = self }
        top.present(controller, animated: animated)
    }

    /// `controller` in a navigation controller whose close button dismisses it.
    private func closable(_ controller: UIViewController) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: controller)
        controller.navigationItem.leftBarButtonItem = UIBarButtonItem(
            systemItem: .close,
            primaryAction: UIAction { [weak self, weak navigation] _ in
                navigation?.presentingViewController?.dismiss(animated: true) {
                    self?.userMoved()
                }
            })
        return navigation
    }

    /// The notification alert: confirm and cancel answer the navigator (the alert closes itself).
    private func alertController(_ text: AlertText) -> UIAlertController {
        let controller = UIAlertController(
            title: text.title.isEmpty ? nil : text.title, message: text.message,
            preferredStyle: .alert)
        controller.addAction(UIAlertAction(title: text.cancel, style: .cancel) { [weak self] _ in
            self?.send(.alertCancelled)
        })
        controller.addAction(UIAlertAction(title: text.confirm, style: .default) { [weak self] _ in
            self?.send(.alertConfirmed)
        })
        controller.preferredAction = controller.actions.last
        alert = controller
        return controller
    }

    // MARK: Snapshot

    /// The UI as the user sees it, for a `ui_state` event. The alert and the login screen are
    /// left out: the navigator tracks them itself.
    ///
    /// ```swift
    /// let ui = adapter.snapshot()
    /// print(ui.selectedTab, ui.stacks[ui.selectedTab]?.map(\.screen) ?? [])
    /// ```
    public func snapshot() -> UISnapshot {
        let tabs = navigator.table.tabs
        let index = tabBarController.selectedIndex
        var stacks: [String: [ScreenInstance]] = [:]
        for (tab, controller) in zip(tabs, tabBarController.viewControllers ?? []) {
            guard let navigation = controller as? UINavigationController else { continue }
            stacks[tab] = navigation.viewControllers.dropFirst().map { Self.instance(of: $0) }
        }
        var modals: [ScreenInstance] = []
        var presented = tabBarController.presentedViewController
        while let controller = presented {
            if controller !== login, !(controller is UIAlertController) {
                let root = (controller as? UINavigationController)?.viewControllers.first
                modals.append(Self.instance(of: root ?? controller))
            }
            presented = controller.presentedViewController
        }
        let selected = tabs.indices.contains(index) ? tabs[index] : navigator.state.ui.selectedTab
        return UISnapshot(selectedTab: selected, stacks: stacks, modals: modals)
    }

    /// The screen on top: the top modal's content, else the top of the selected tab's stack.
    private func visibleScreen() -> UIViewController? {
        var top: UIViewController = tabBarController
        while let presented = top.presentedViewController, presented !== login,
            !(presented is UIAlertController)
        {
            top = presented
        }
        if top === tabBarController { top = tabBarController.selectedViewController ?? top }
        return (top as? UINavigationController)?.topViewController ?? top
    }

    private static func instance(of controller: UIViewController) -> ScreenInstance {
        guard let routed = controller as? RoutedScreen else {
            return ScreenInstance(screen: String(describing: type(of: controller)))
        }
        return ScreenInstance(screen: routed.routeScreen, params: routed.routeParams)
    }
}

extension UIKitNavigationAdapter: UIAdaptivePresentationControllerDelegate {
    /// The user swiped a presented screen away: a login counts as cancelled, anything else as a
    /// move.
    public func presentationControllerDidDismiss(_ controller: UIPresentationController) {
        if controller.presentedViewController === login {
            login = nil
            loginCancelled()
        } else {
            userMoved()
        }
    }
}
#endif
