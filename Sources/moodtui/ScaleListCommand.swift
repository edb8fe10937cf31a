import ArgumentParser
import MoodKit

/// `moodtui scale list`: the scales in use, with what each takes and how many moods have a value.
struct ScaleListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print every scale with what it takes and how many moods have a value of it.")

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print a JSON array of scales (name, kind, takes, moods).")
    var json = false

    func run() throws {
        let (scales, counts) = try journal.open(ifMissing: .refuse).read { try ($0.scales(), $0.scaleValueCounts()) }
        if json {
            try JSONLines.print(scales.map { ScaleJSON($0, moods: counts[$0.id] ?? 0) })
            return
        }
        guard !scales.isEmpty else { return print("No scales yet: add one with moodtui scale add sleep --number --unit h") }
        let width = scales.map(\.name.value.text.count).max() ?? 0
        for scale in scales {
            let count = counts[scale.id] ?? 0
            print("\(scale.name.value.text.padding(toLength: width, withPad: " ", startingAt: 0))  \(scale.kind.takes), "
                + "\(count) \(count == 1 ? "mood" : "moods")")
        }
    }
}

/// A scale as `scale list --json` prints it.
private struct ScaleJSON: Encodable {
    let name: String
    /// `range 1 5`, `number 0 240 h` (bounds in tenths), `yes-no`.
    let kind: String
    let takes: String
    let moods: Int

    init(_ scale: Scale, moods: Int) {
        name = scale.name.value.text
        kind = scale.kind.storedText
        takes = scale.kind.takes
        self.moods = moods
    }
}
