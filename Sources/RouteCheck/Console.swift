#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered standard output and standard error, or an in-memory capture of both for tests.
///
/// Text is kept in a buffer and written when it grows past `bufferLimit` and at `flush()`, so a
/// command writes each stream in a few large writes.
///
/// ```swift
/// let console = Console.capturing()
/// console.out("hello\n")
/// console.flush()
/// console.capturedOutput // "hello\n"
/// ```
public final class Console {
    /// Where a stream goes.
    ///
    /// ```swift
    /// Console.capturing(terminal: true).isTerminal(.error) // true
    /// ```
    public enum Stream: Sendable { case output, error }

    /// Bytes buffered per stream before they are written out.
    public static let bufferLimit = 64 * 1024

    /// Whether standard output is a terminal (for `--color auto`).
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal (for `--color auto`).
    ///
    /// ```swift
    /// Console.capturing().errorIsTerminal // false
    /// ```
    public let errorIsTerminal: Bool
    /// Everything written to standard output and flushed so far, when capturing (empty otherwise).
    public private(set) var capturedOutput = ""
    /// What was written to standard error and flushed so far, when capturing (empty otherwise).
    ///
    /// ```swift
    /// let console = Console.capturing()
    /// console.err("Error: missing TABLE\n")
    /// console.flush()
    /// console.capturedError // "Error: missing TABLE\n"
    /// ```
    public private(set) var capturedError = ""

    /// The `errno` of the first write to standard output that failed (a full disk, a closed
    /// stream), or nil: a command whose output did not get out must not exit 0.
    public private(set) var outputFailure: Int32?

    private let capturing: Bool
    private var outputBuffer = ""
    private var errorBuffer = ""

    private init(capturing: Bool, outputIsTerminal: Bool, errorIsTerminal: Bool) {
        self.capturing = capturing
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and standard error (file descriptors 1 and 2).
    ///
    /// ```swift
    /// let console = Console.standard()
    /// defer { console.flush() } // nothing reaches the terminal before a flush or a full buffer
    /// ```
    public static func standard() -> Console {
        Console(capturing: false, outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1)
    }

    /// A console that keeps what is written in `capturedOutput` and `capturedError`.
    ///
    /// `terminal` makes both streams claim to be terminals, to test `--color auto`.
    ///
    /// ```swift
    /// let console = Console.capturing(terminal: true)
    /// console.isTerminal(.output) // true
    /// ```
    public static func capturing(terminal: Bool = false) -> Console {
        Console(capturing: true, outputIsTerminal: terminal, errorIsTerminal: terminal)
    }

    /// Writes to standard output.
    ///
    /// ```swift
    /// console.out("1 table, 1 file, 3 rules: 0 errors, 0 warnings\n")
    /// ```
    public func out(_ text: String) {
        outputBuffer += text
        if outputBuffer.utf8.count >= Self.bufferLimit { flush(.output) }
    }

    /// Writes to standard error.
    ///
    /// ```swift
    /// console.err("Error: missing TABLE\n")
    /// ```
    public func err(_ text: String) {
        errorBuffer += text
        if errorBuffer.utf8.count >= Self.bufferLimit { flush(.error) }
    }

    /// Whether a stream is a terminal.
    ///
    /// ```swift
    /// Console.capturing().isTerminal(.error) // false
    /// ```
    public func isTerminal(_ stream: Stream) -> Bool {
        stream == .output ? outputIsTerminal : errorIsTerminal
    }

    /// Writes out both buffers (standard output first).
    ///
    /// ```swift
    /// let console = Console.capturing()
    /// console.err("oops\n")
    /// console.capturedError // "": still buffered
    /// console.flush()
    /// console.capturedError // "oops\n"
    /// ```
    public func flush() {
        flush(.output)
        flush(.error)
    }

    private func flush(_ stream: Stream) {
        let text = stream == .output ? outputBuffer : errorBuffer
        guard !text.isEmpty else { return }
        if stream == .output { outputBuffer = "" } else { errorBuffer = "" }
        if capturing {
            if stream == .output { capturedOutput += text } else { capturedError += text }
            return
        }
        let failure = Self.writeAll(text, to: stream == .output ? 1 : 2)
        if stream == .output, outputFailure == nil { outputFailure = failure }
    }

    /// Writes every byte of `text`, as `AtomicWriter` writes files; the `errno` of a failure, or nil.
    private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        AtomicWriter.writeAll(Array(text.utf8), to: descriptor)
    }
}
