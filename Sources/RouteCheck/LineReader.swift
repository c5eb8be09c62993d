import Foundation

/// Reads a file line by line in fixed-size chunks, so `eval --payloads` decides a JSON Lines
/// file as it reads it, in constant memory however large the file is.
///
/// ```swift
/// try LineReader.forEachLine(in: handle, keepingAtMost: 65_537) { line, number in … }
/// ```
enum LineReader {
    /// Bytes read from the file at a time.
    static let chunkSize = 1 << 20

    /// Calls `body` with each line (without its `\n`) and its 1-based number. A line longer than
    /// `limit` bytes is passed cut to its first `limit` bytes: enough for a reader with a size
    /// limit below `limit` to reject it, without holding the whole line in memory.
    static func forEachLine(
        in handle: FileHandle, keepingAtMost limit: Int,
        _ body: (UnsafeRawBufferPointer, Int) -> Void
    ) throws {
        var pending: [UInt8] = []
        var number = 0
        var overflowing = false
        func emit() {
            number += 1
            pending.withUnsafeBytes { body($0, number) }
            pending.removeAll(keepingCapacity: true)
            overflowing = false
        }
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var start = 0
                while start < bytes.count {
                    let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                    let end = newline ?? bytes.count
                    if !overflowing {
                        let room = limit - pending.count
                        let piece = bytes[start..<min(end, start + max(room, 0))]
                        pending.append(contentsOf: piece)
                        overflowing = end - start > room
                    }
                    if newline != nil { emit() }
                    start = end + 1
                }
            }
        }
        if !pending.isEmpty || overflowing { emit() }
    }
}
