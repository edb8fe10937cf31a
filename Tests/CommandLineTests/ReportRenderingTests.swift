import AppTesting
import Foundation
import Testing

/// The report as a browser draws it: headless Chromium opens the file `moodtui report` wrote,
/// and the test looks at the pixels and the printed pages, not only the markup.
@Suite(.serialized, .ownThread) struct ReportRenderingTests {
    let commands = JournalCommands(named: "report-rendering")
    var folder: URL { URL(fileURLWithPath: commands.journal).deletingLastPathComponent() }
    /// The colours the page gives awful to great, as its style sheet says.
    static let levelColours = ["#d73027", "#fc8d59", "#fee08b", "#91cf60", "#1a9850"].map(RGB.init(hex:))
    static let white = RGB(red: 255, green: 255, blue: 255)

    /// A month with a mood of each level and notes, written as a report.
    func writeReport() throws -> URL {
        for (day, level) in zip([2, 3, 5, 8, 13], ["awful", "bad", "meh", "good", "great"]) {
            _ = try commands.succeeded(["add", "--level", level, "--date", "2026-03-\(day < 10 ? "0" : "")\(day) 20:00", "--note", "felt \(level)"])
        }
        let page = folder.appendingPathComponent("report.html")
        _ = try commands.succeeded(["report", "--since", "2026-03-01", "--until", "2026-03-31", "--notes", "--output", page.path])
        return page
    }

    @Test(arguments: [("A4", 794), ("Letter", 816)])
    func thePageIsDrawnAcrossItsWidthWithEveryLevelsColour(paper: String, width: Int) throws {
        let image = try Chromium.screenshot(of: try writeReport(), width: width, height: 1_400)
        #expect(image.width == width)
        let counts = image.colourCounts
        let drawn = image.width * image.height - counts[Self.white, default: 0]
        #expect(drawn > image.width * image.height / 20, "\(paper): only \(drawn) pixels are not white")
        let columns = try #require(image.drawnColumns(background: Self.white), "\(paper): nothing was drawn")
        #expect(columns.count >= width * 85 / 100, "\(paper): the page is drawn in columns \(columns) of \(width)")
        for (level, colour) in zip(["awful", "bad", "meh", "good", "great"], Self.levelColours) {
            // A day's square, at least: 11 units square, drawn larger than that.
            #expect(counts[colour, default: 0] >= 100, "\(paper): \(level) (\(colour)) has \(counts[colour, default: 0]) pixels")
        }
    }

    @Test func itPrintsOnLetterAndOnA4() throws {
        let page = try writeReport()
        let letter = String(decoding: try Chromium.printToPDF(page), as: UTF8.self)
        #expect(letter.hasPrefix("%PDF-"))
        #expect(letter.contains("/MediaBox [0 0 612 792]"))
        // A4 chosen in the print dialog: the page's own rules set margins, never the paper.
        let a4 = folder.appendingPathComponent("a4.html")
        let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "</style>", with: "@page { size: A4; }\n</style>")
        try html.write(to: a4, atomically: true, encoding: .utf8)
        let printed = String(decoding: try Chromium.printToPDF(a4), as: UTF8.self)
        // 210 × 297 mm in points, as Chromium rounds them: 594.96 × 841.92.
        #expect(printed.contains("/MediaBox [0 0 594.9"))
        let pages = printed.firstMatch(of: /\/Count (\d+)/).map { Int($0.output.1)! }
        #expect(pages.map { (1...4).contains($0) } == true, "\(String(describing: pages)) pages")
    }
}
