import Foundation

/// This benchmark run again as a child process, for cases that need a cold process or their own
/// peak memory.
enum ChildProcess {
    /// Runs `moodtui-bench ARGUMENTS` and returns the words it printed.
    static func run(_ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("\(arguments[0]) failed: \(text)") }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// This process's peak resident memory so far, in KiB: `VmHWM` from `/proc/self/status`.
    /// (`getrusage`'s `ru_maxrss` would do, but Linux carries the parent's high-water mark over
    /// `fork` and `exec` into it, and the parent has held a million-mood naive list.)
    static func peakKiB() -> Int { statusKiB("VmHWM", of: "self") ?? -1 }

    /// A memory figure of `/proc/PROCESS/status` (`VmHWM`, `VmRSS`, …), in KiB.
    static func statusKiB(_ field: String, of process: String) -> Int? {
        let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
}
