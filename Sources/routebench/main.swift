// routebench: generates route tables and payloads, measures load, compile and decide, and prints
// the ratios the project targets. See docs/benchmark.md.
import Foundation

BenchCommand.main(Array(CommandLine.arguments.dropFirst()))
