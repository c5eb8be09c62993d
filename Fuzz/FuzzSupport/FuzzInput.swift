/// The bytes libFuzzer hands a target, read as a sequence of small choices.
///
/// ```swift
/// var input = FuzzInput(data, size)
/// let kind = input.choose(below: 10) // 0 once the bytes are used up
/// ```
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: size)
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte; 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<count` from the next byte (`count` at most 256).
    public mutating func choose(below count: Int) -> Int {
        precondition(count > 0 && count <= 256)
        return Int(byte()) % count
    }

    /// One element of `elements`, chosen by the next byte.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[choose(below: elements.count)]
    }
}

/// The whole input as bytes; `size` may be 0 (libFuzzer then passes a dangling pointer, which
/// is never read).
public func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run — a finding for libFuzzer — when an invariant does not hold.
public func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("fuzz invariant: \(message())", file: file, line: line) }
}
