import Foundation
import LocalProcesses

/// Headless Chromium (Debian's `chromium`, which `.ci/run` installs): the real browser the HTML
/// report is opened and printed in.
public enum Chromium {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The browser on PATH.
    public static func executable() throws -> URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        throw Failure(description: "chromium is not on PATH (apt-get install chromium; .ci/run does)")
    }

    /// What `page` looks like in a window `width` CSS pixels wide and `height` high.
    public static func screenshot(of page: URL, width: Int, height: Int) throws -> PNGImage {
        let png = page.deletingLastPathComponent().appendingPathComponent("screenshot-\(width)x\(height).png")
        try run(["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString])
        return try PNGImage(contentsOf: png)
    }

    /// `page` printed to a PDF, as the print dialog's "Save as PDF" does; returns the PDF's bytes.
    public static func printToPDF(_ page: URL) throws -> Data {
        let pdf = page.deletingLastPathComponent().appendingPathComponent("printed.pdf")
        try run(["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", page.absoluteString])
        return try Data(contentsOf: pdf)
    }

    /// Runs the browser headless with a profile of its own (two tests at once share nothing) and
    /// without its sandbox, which cannot start as root in a container.
    private static func run(_ arguments: [String]) throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let result = try ProcessResult.run(
            try executable(),
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)"] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "chromium exited with \(result.status): \(result.standardError.suffix(2_000))")
        }
    }
}
