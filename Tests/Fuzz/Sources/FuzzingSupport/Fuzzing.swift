import CFuzzingEngine
import Foundation

/// Runs a fuzz target under libFuzzer: the command line's options and corpus folders, and
/// `test` called with each input.
public enum Fuzzing {
    /// One input, whole; a failed check is a `precondition`, which libFuzzer reports with the
    /// input that made it.
    public typealias Test = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func run(_ test: Test) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }

    /// The input's bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
