import Foundation
import MoodKit

/// moodtui's own JSON: an array with one mood per line (see ``ExchangedMood``), which
/// ``MoodtuiJSONSource`` reads back a line at a time. When the journal has scales, the first
/// element names them (``ExchangedScaleList``).
struct MoodtuiJSONWriter: ExportWriter {
    let clock: LocalDateTime
    private var first = true
    private var vocabulary = JournalVocabulary()

    init(clock: LocalDateTime) { self.clock = clock }

    mutating func begin(_ sink: TextSink, vocabulary: JournalVocabulary) throws {
        self.vocabulary = vocabulary
        try sink.write("[")
        if !vocabulary.scales.isEmpty { try writeElement(ExchangedScaleList(scales: vocabulary.scales.map(ExchangedScale.init)), sink) }
    }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        try writeElement(ExchangedMood(mood, clock: clock, vocabulary: vocabulary), sink)
    }

    private mutating func writeElement(_ element: some Encodable, _ sink: TextSink) throws {
        try sink.write((first ? "\n" : ",\n") + OneLineJSON.string(element))
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
