import Foundation
import MoodKit
import NIOCore
import SyncProtocol

/// Writes a ``ChangesResponse`` by hand, byte for byte as ``JSONBody/response(_:status:)`` would
/// (sorted keys, slashes as they are): a page of a thousand moods is the server's largest
/// answer, and Foundation's encoder took three times as long over it as reading the page did.
enum ChangesResponseJSON {
    /// The page as JSON.
    /// - Complexity: O(n) in the page's bytes, with one allocation.
    static func encode(_ page: ChangesResponse) -> ByteBuffer {
        var json = JSONBytes(capacity: 64 + page.changes.count * 256)
        json.append(#"{"changes":["#)
        for (index, change) in page.changes.enumerated() {
            if index > 0 { json.append(",") }
            switch change {
            case .upsert(let mood):
                json.append(#"{"kind":"upsert","mood":"#)
                json.appendMood(mood)
                json.append("}")
            case .delete(let deletion):
                json.append(#"{"id":"#)
                json.appendString(deletion.id.uuidString)
                if let proof = deletion.proof {
                    json.append(#","keyID":"#)
                    json.appendString(proof.keyID.description)
                    json.append(#","kind":"delete","signature":"#)
                    json.appendString(proof.signature.description)
                    json.append("}")
                } else {
                    json.append(#","kind":"delete"}"#)
                }
            }
        }
        json.append("]")
        if let head = page.head {
            json.append(#","head":{"count":"#)
            json.appendNumber(Int64(head.count))
            json.append(#","counter":"#)
            json.appendNumber(head.counter)
            json.append(#","digest":"#)
            json.appendString(head.digest.description)
            json.append(#","keyID":"#)
            json.appendString(head.keyID.description)
            json.append(#","sequence":"#)
            json.appendNumber(head.sequence)
            json.append(#","signature":"#)
            json.appendString(head.signature.description)
            json.append("}")
        }
        if let keyID = page.keyID {
            json.append(#","keyID":"#)
            json.appendString(keyID.description)
        }
        json.append(page.more ? #","more":true,"sequence":"# : #","more":false,"sequence":"#)
        json.appendNumber(page.sequence)
        json.append(#","serverTime":"#)
        json.appendNumber(page.serverTime)
        json.append(#","setupVersion":"#)
        json.appendNumber(page.setupVersion)
        json.append(#","token":"#)
        json.appendString(page.token.rawValue)
        json.append("}")
        return ByteBuffer(bytes: json.bytes)
    }
}

extension JSONBytes {
    /// A ``SyncedMood`` as its `Codable` conformance writes it, with sorted keys.
    fileprivate mutating func appendMood(_ mood: SyncedMood) {
        switch mood.payload {
        case .sealed(let sealed):
            append(#"{"id":"#)
            appendString(mood.id.uuidString)
            append(#","sealed":"#)
            appendString(sealed.base64)
            append(#","version":"#)
            appendNumber(mood.version)
            append("}")
        case .plain(let content):
            append(#"{"activities":"#)
            appendActivities(content.activities)
            append(#","creatorID":"#)
            appendString(content.creatorID)
            append(#","date":"#)
            appendNumber(content.date.millisecondsSince1970)
            append(#","id":"#)
            appendString(mood.id.uuidString)
            append(#","level":"#)
            appendNumber(Int64(content.level.rawValue))
            append(#","note":"#)
            appendString(content.note)
            if !content.scales.entries.isEmpty {
                append(#","scales":"#)
                appendScales(content.scales)
            }
            append(#","stamps":{"date":"#)
            appendString(content.stamps.date.description)
            append(#","level":"#)
            appendString(content.stamps.level.description)
            append(#","note":"#)
            appendString(content.stamps.note.description)
            append(#"},"version":"#)
            appendNumber(mood.version)
            append("}")
        }
    }
}

/// JSON text being written: literal pieces, numbers, and strings escaped as JSON requires.
private struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendNumber(_ number: Int64) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// A quoted string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes.
    mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(#"\""#)
            case UInt8(ascii: "\\"): append(#"\\"#)
            case 0x08: append(#"\b"#)
            case 0x0C: append(#"\f"#)
            case UInt8(ascii: "\n"): append(#"\n"#)
            case UInt8(ascii: "\r"): append(#"\r"#)
            case UInt8(ascii: "\t"): append(#"\t"#)
            case ..<0x20:
                append(#"\u00"#)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A mood's activities as ``MoodContent`` encodes them: members in the order Foundation's
    /// sorted keys give, `removed` left out when empty.
    mutating func appendActivities(_ activities: ActivitySet) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (name, history)) in activities.histories.sorted(by: { $0.key.text < $1.key.text }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(name.text)
            append(#":{"added":"#)
            appendStrings(history.additions.map(\.description))
            if !history.removals.isEmpty {
                append(#","removed":"#)
                appendStrings(history.removals.map(\.description))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A mood's scale values as ``MoodContent`` encodes them: ids in the order of their text,
    /// `stamp` before `value`.
    mutating func appendScales(_ scales: ScaleValues) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (id, entry)) in scales.entries.sorted(by: { $0.key.uuidString < $1.key.uuidString }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(id.uuidString)
            append(#":{"stamp":"#)
            appendString(entry.stamp.description)
            append(#","value":"#)
            appendString(entry.value.storedText)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func appendStrings(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(string)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
