/// One step of a compiled pattern (a Thompson NFA in Pike's instruction form).
enum RegexInstruction: Sendable, Hashable {
    case scalar(UInt32)
    /// An index into `RegexProgram.sets`.
    case set(Int)
    case any
    case anyExceptNewline
    case assertion(RegexAssertion)
    /// Continue at both targets.
    case split(Int, Int)
    case jump(Int)
    case match
}

/// A compiled pattern: instructions starting at 0, and the character sets they refer to.
struct RegexProgram: Sendable {
    var instructions: [RegexInstruction] = []
    var sets: [RegexCharClass] = []
}

/// Turns a `RegexNode` into a `RegexProgram`, expanding counted repetitions.
enum RegexCompiler {
    static func compile(_ node: RegexNode) throws(RE2Pattern.SyntaxError) -> RegexProgram {
        // The size is checked before anything is emitted, so `((a{1000}){1000}){1000}` costs nothing.
        let size = instructionCount(node)
        guard size <= RegexLimits.maxProgramSize else {
            throw RE2Pattern.SyntaxError(
                message: "pattern compiles to more than \(RegexLimits.maxProgramSize) instructions",
                offset: 0)
        }
        var program = RegexProgram()
        program.instructions.reserveCapacity(size + 1)
        emit(node, into: &program)
        program.instructions.append(.match)
        return program
    }

    /// The number of instructions `emit` produces, saturating far above any limit.
    static func instructionCount(_ node: RegexNode) -> Int {
        let cap = 1 << 40
        switch node {
        case .empty: return 0
        case .scalar, .set, .any, .assertion: return 1
        case .concat(let items): return min(cap, items.reduce(0) { $0 + instructionCount($1) })
        case .alternate(let branches):
            return min(cap, branches.reduce(0) { $0 + instructionCount($1) } + 2 * (branches.count - 1))
        case .repetition(let body, let low, let high):
            let size = instructionCount(body)
            guard let high else {
                return low == 0 ? size + 2 : min(cap, (low - 1) * size + size + 1)
            }
            return min(cap, low * size + (high - low) * (size + 1))
        }
    }

    private static func emit(_ node: RegexNode, into program: inout RegexProgram) {
        switch node {
        case .empty:
            break
        case .scalar(let value, let foldsCase):
            // Under `(?i)` a literal is its case-folding orbit, as RE2 makes it a class.
            let orbit = foldsCase ? CaseFoldOrbits.orbit(of: value) : [value]
            if orbit.count > 1 {
                emitSet(RegexCharClass(ranges: orbit.map { $0...$0 }), into: &program)
            } else {
                program.instructions.append(.scalar(value))
            }
        case .set(let set):
            emitSet(set, into: &program)
        case .any(let matchesNewline):
            program.instructions.append(matchesNewline ? .any : .anyExceptNewline)
        case .assertion(let assertion):
            program.instructions.append(.assertion(assertion))
        case .concat(let items):
            for item in items { emit(item, into: &program) }
        case .alternate(let branches):
            emitAlternation(branches[...], into: &program)
        case .repetition(let body, let low, let high):
            emitRepetition(body, low: low, high: high, into: &program)
        }
    }

    private static func emitSet(_ set: RegexCharClass, into program: inout RegexProgram) {
        if let index = program.sets.firstIndex(of: set) {
            program.instructions.append(.set(index))
        } else {
            program.sets.append(set)
            program.instructions.append(.set(program.sets.count - 1))
        }
    }

    private static func emitAlternation(_ branches: ArraySlice<RegexNode>, into program: inout RegexProgram) {
        guard let first = branches.first else { return }
        guard branches.count > 1 else { return emit(first, into: &program) }
        // split L1, L2; L1: first; jump end; L2: rest
        let split = program.instructions.count
        program.instructions.append(.match)
        emit(first, into: &program)
        let jump = program.instructions.count
        program.instructions.append(.match)
        program.instructions[split] = .split(split + 1, program.instructions.count)
        emitAlternation(branches.dropFirst(), into: &program)
        program.instructions[jump] = .jump(program.instructions.count)
    }

    private static func emitRepetition(
        _ body: RegexNode, low: Int, high: Int?, into program: inout RegexProgram
    ) {
        guard let high else {
            if low == 0 {
                // L1: split L2, L3; L2: body; jump L1; L3:
                let split = program.instructions.count
                program.instructions.append(.match)
                emit(body, into: &program)
                program.instructions.append(.jump(split))
                program.instructions[split] = .split(split + 1, program.instructions.count)
            } else {
                for _ in 0..<(low - 1) { emit(body, into: &program) }
                let start = program.instructions.count
                emit(body, into: &program)
                program.instructions.append(.split(start, program.instructions.count + 1))
            }
            return
        }
        for _ in 0..<low { emit(body, into: &program) }
        // Each optional copy skips to the end: split L, end; L: body.
        var splits: [Int] = []
        for _ in low..<high {
            splits.append(program.instructions.count)
            program.instructions.append(.match)
            emit(body, into: &program)
        }
        let end = program.instructions.count
        for split in splits { program.instructions[split] = .split(split + 1, end) }
    }
}
