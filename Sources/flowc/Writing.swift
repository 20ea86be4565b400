import FlowCompiler
import Foundation

/// The writer of an output folder as the commands use it: a build that waits for another writing the same
/// folder says so on standard error.
func outputWriter(_ output: String) -> OutputWriter {
    OutputWriter(outputDirectory: output, waiting: {
        printError("waiting for another flowc writing to '\(output)' to finish...")
    })
}

/// Runs `write` and turns a failure into one line on standard error and exit status 1: never a raw system error.
func writingOutputs<T>(_ write: () throws -> T) -> T {
    do {
        return try write()
    } catch {
        printError("error: \(error)")
        finish(.failure)
    }
}
