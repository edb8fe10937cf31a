import CFuzzingEngine
import Foundation

/// Runs a fuzz target under libFuzzer: the command line's options and corpus folders, and
/// `test` called with each input.
public enum Fuzzing {
    /// One input, whole; a failed check is ``require(_:_:)``, which libFuzzer reports with the
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

    /// Fails the input when `condition` does not hold, printing `message`: `precondition`'s own
    /// message is dropped in the optimized builds fuzzing needs.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Fails the input, printing `message`; libFuzzer then saves the input.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fuzz check failed: \(message)\n".utf8))
        abort()
    }
}
