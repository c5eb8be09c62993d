@testable import RouteCheck
import Testing

@Suite struct ConsoleTests {
    @Test func keepsOrderAcrossBufferFlushes() {
        let console = Console.capturing()
        let chunk = String(repeating: "x", count: 1000) + "\n"
        var expected = ""
        for index in 0..<200 {
            console.out("\(index)")
            console.out(chunk)
            expected += "\(index)" + chunk
        }
        console.err("e\n")
        #expect(console.capturedOutput.utf8.count >= Console.bufferLimit)
        console.flush()
        #expect(console.capturedOutput == expected)
        #expect(console.capturedError == "e\n")
    }

    @Test func capturedTerminalEnablesAutoColor() {
        let context = CommandContext(console: .capturing(terminal: true), environment: [:])
        #expect(context.colors(.output, mode: .auto))
        #expect(!CommandContext(console: .capturing(terminal: true), environment: ["NO_COLOR": "x"])
            .colors(.error, mode: .auto))
    }
}
