import Foundation
import RouteCheck

let status = RouteCheckCLI.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
