extension Action {
    /// The screens the action shows: those pushed, in order, then the presented one.
    ///
    /// Built on demand without an array: the decoder and the compiler ask for it once or twice
    /// per rule.
    ///
    /// ```swift
    /// Action(push: [ScreenStep(screen: "list")], present: ScreenStep(screen: "sheet"))
    ///     .steps.map(\.screen) // ["list", "sheet"]
    /// ```
    var steps: ShownSteps { ShownSteps(push: push, present: present) }
}

/// The steps of an `Action`, pushed then presented.
struct ShownSteps: Sequence, IteratorProtocol {
    private let push: [ScreenStep]
    private var present: ScreenStep?
    private var position = 0

    init(push: [ScreenStep], present: ScreenStep?) {
        self.push = push
        self.present = present
    }

    mutating func next() -> ScreenStep? {
        if position < push.count {
            defer { position += 1 }
            return push[position]
        }
        defer { present = nil }
        return present
    }
}
