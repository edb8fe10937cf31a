import Foundation
import MoodKit

/// moodtui's own JSON: an array with one mood per line (see ``ExchangedMood``), which
/// ``MoodtuiJSONSource`` reads back a line at a time.
struct MoodtuiJSONWriter: ExportWriter {
    let clock: LocalDateTime
    private var first = true

    init(clock: LocalDateTime) { self.clock = clock }

    mutating func begin(_ sink: TextSink) throws { try sink.write("[") }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        try sink.write((first ? "\n" : ",\n") + OneLineJSON.string(ExchangedMood(mood, clock: clock)))
        first = false
    }

    mutating func end(_ sink: TextSink) throws { try sink.write("\n]\n") }
}

/// JSON text of a value on one line, keys sorted: the same mood always reads the same.
enum OneLineJSON {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
