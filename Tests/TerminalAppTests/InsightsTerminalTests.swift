import AppTesting
import Foundation
import Testing

/// The insights screen in the real app in tmux, following the journal while it is open.
@Suite(.serialized, .ownThread) struct InsightsTerminalTests {
    let subject = AppInTmux()

    /// A mood added from another process changes today's cell in the Year in Pixels.
    @Test func aMoodAddedFromAnotherProcessChangesItsDaysCellWhileTheScreenIsOpen() throws {
        try subject.add("morning", level: "good")
        let app = try subject.launch(environment: ["TZ": "UTC", "NO_COLOR": "1"])
        #expect(try app.waitForScreen { $0.contains("1 mood") }, "\(app.lastScreen)")
        try app.press("i")
        // Without colour a cell is a glyph growing with the level; `<` marks today.
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
            Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).month! - 1]
        func todaysCell(_ screen: String) -> String? {
            guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix(month + " ") }),
                let marker = line.firstIndex(of: "<")
            else { return nil }
            return String(line[line.index(before: marker)...marker])
        }
        #expect(try app.waitForScreen { $0.contains("1 mood on 1 day") && todaysCell($0) == "▆<" }, "\(app.lastScreen)")

        try subject.add("a bad afternoon", level: "awful")
        #expect(try app.waitForScreen { $0.contains("2 moods on 1 day") && todaysCell($0) == "▅<" }, "good and awful average to meh: \(app.lastScreen)")

        try app.press("i")
        #expect(try app.waitForScreen { $0.contains("2 moods") && $0.contains("a bad afternoon") }, "back to the list: \(app.lastScreen)")
    }
}
