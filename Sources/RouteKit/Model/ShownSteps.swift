/// The screens an action shows, pushed then presented, walked without building an array: the
/// decoder, the checker and the compiler ask for them once or twice per rule of large tables.
///
/// The same walk serves the three shapes of an action: as written (`Action`), checked
/// (`CheckedRoute`) and resolved for a payload (`ResolvedAction`).
///
/// ```swift
/// Action(push: [ScreenStep(screen: "list")], present: ScreenStep(screen: "sheet"))
///     .steps.map(\.screen) // ["list", "sheet"]
/// ```
struct ShownSteps<Step>: Sequence, IteratorProtocol {
    private let push: [Step]
    private var present: Step?
    private var position = 0

    init(push: [Step], present: Step?) {
        self.push = push
        self.present = present
    }

    mutating func next() -> Step? {
        if position < push.count {
            defer { position += 1 }
            return push[position]
        }
        defer { present = nil }
        return present
    }
}

extension Action {
    /// The screens pushed, in order, then the presented one.
    var steps: ShownSteps<ScreenStep> { ShownSteps(push: push, present: present) }

    /// Calls `body` on the screens pushed, in order, then the presented one, each read where it
    /// is, with whether it is the last one shown. Iterating `steps` copies each step (three
    /// references), which the decoder and the checker did for every step of large tables.
    ///
    /// ```swift
    /// action.forEachStep { step, isLast in print(step.screen, isLast) } // list false, sheet true
    /// ```
    func forEachStep(_ body: (_ step: borrowing ScreenStep, _ isLast: Bool) -> Void) {
        for index in push.indices { body(push[index], index == push.count - 1 && present == nil) }
        if case .some = present { body(present.unsafelyUnwrapped, true) }
    }
}

extension CheckedRoute {
    /// The checked screens pushed, in order, then the presented one.
    var steps: ShownSteps<CheckedStep> { ShownSteps(push: push, present: present) }
}

extension ResolvedAction {
    /// The screens pushed, in order, then the presented one.
    var steps: ShownSteps<ScreenInstance> { ShownSteps(push: push, present: present) }
}
