/// Runs a `RegexProgram` over text as a set simulation (Pike VM without captures).
///
/// Each instruction is on the thread list at most once per text position, so the work is at most
/// the program size per scalar: linear in the text, with no backtracking. A set's membership test
/// (a Unicode category lookup, case folding) is made once per text position, however many
/// threads reach that set there: `(\p{L}|\p{N}){999}$` has 1,998 set instructions but 2 sets.
enum RegexMachine {
    static func matches(_ program: RegexProgram, _ text: String) -> Bool {
        let count = program.instructions.count
        let capacity = 4 * count + program.sets.count
        // Two thread lists, an explicit stack for epsilon closures, the position each pc was last
        // added at and each set's last test, in one temporary allocation (on the stack for small
        // programs).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { memory in
            guard let base = memory.baseAddress else { return false }
            base.initialize(repeating: -1, count: capacity)
            defer { base.deinitialize(count: capacity) }
            var run = Run(
                program: program, current: base, next: base + count, stack: base + 2 * count,
                addedAt: base + 3 * count, setTests: base + 4 * count)
            return run.matches(text)
        }
    }

    private struct Run {
        let program: RegexProgram
        var current: UnsafeMutablePointer<Int>
        var next: UnsafeMutablePointer<Int>
        let stack: UnsafeMutablePointer<Int>
        let addedAt: UnsafeMutablePointer<Int>
        /// Per set: `2 * position + 1` when it holds the scalar at `position`, `2 * position`
        /// when it does not, -1 before its first test.
        let setTests: UnsafeMutablePointer<Int>
        var currentCount = 0
        var nextCount = 0

        init(
            program: RegexProgram, current: UnsafeMutablePointer<Int>, next: UnsafeMutablePointer<Int>,
            stack: UnsafeMutablePointer<Int>, addedAt: UnsafeMutablePointer<Int>,
            setTests: UnsafeMutablePointer<Int>
        ) {
            self.program = program
            self.current = current
            self.next = next
            self.stack = stack
            self.addedAt = addedAt
            self.setTests = setTests
        }

        mutating func matches(_ text: String) -> Bool {
            // A pattern starting with `^` (or `\A`) can only match from the first position.
            let anchored = program.instructions.first == .assertion(.beginText)
            var scalars = text.unicodeScalars.makeIterator()
            var previous: UInt32? = nil
            var scalar = scalars.next()?.value
            var position = 0
            while true {
                if !anchored || position == 0 {
                    if add(0, toNext: false, at: position, previous: previous, next: scalar) { return true }
                }
                guard let value = scalar, currentCount > 0 else {
                    if scalar == nil || anchored { return false }
                    previous = scalar
                    scalar = scalars.next()?.value
                    position += 1
                    continue
                }
                let following = scalars.next()?.value
                for slot in 0..<currentCount {
                    let pc = current[slot]
                    let advances: Bool
                    switch program.instructions[pc] {
                    case .scalar(let expected): advances = value == expected
                    case .set(let index): advances = set(index, contains: value, at: position)
                    case .any: advances = true
                    case .anyExceptNewline: advances = value != 0x0A
                    default: advances = false
                    }
                    if advances, add(pc + 1, toNext: true, at: position + 1, previous: value, next: following) {
                        return true
                    }
                }
                swap(&current, &next)
                currentCount = nextCount
                nextCount = 0
                previous = value
                scalar = following
                position += 1
            }
        }

        private func set(_ index: Int, contains value: UInt32, at position: Int) -> Bool {
            let tested = setTests[index]
            if tested >= 0, tested >> 1 == position { return tested & 1 == 1 }
            let contains = program.sets[index].contains(value)
            setTests[index] = 2 * position + (contains ? 1 : 0)
            return contains
        }

        /// Adds `start` and everything reachable from it without consuming text to a thread list;
        /// true when that reaches the match instruction. A pc is marked when pushed, so it is
        /// pushed at most once per position and the stack never holds more than the program.
        private mutating func add(
            _ start: Int, toNext: Bool, at position: Int, previous: UInt32?, next: UInt32?
        ) -> Bool {
            guard addedAt[start] != position else { return false }
            addedAt[start] = position
            stack[0] = start
            var depth = 1
            func push(_ pc: Int) {
                guard addedAt[pc] != position else { return }
                addedAt[pc] = position
                stack[depth] = pc
                depth += 1
            }
            while depth > 0 {
                depth -= 1
                let pc = stack[depth]
                switch program.instructions[pc] {
                case .jump(let target):
                    push(target)
                case .split(let first, let second):
                    push(second)
                    push(first)
                case .assertion(let assertion):
                    if assertion.holds(previous: previous, next: next) { push(pc + 1) }
                case .match:
                    return true
                case .scalar, .set, .any, .anyExceptNewline:
                    if toNext {
                        self.next[nextCount] = pc
                        nextCount += 1
                    } else {
                        current[currentCount] = pc
                        currentCount += 1
                    }
                }
            }
            return false
        }
    }
}
