import Foundation
import MoodKit
import Testing

/// Control characters, byte limits and creator ids: the rules every way into a mood shares.
@Suite struct MoodTextRulesTests {
    /// Every C0 control, DEL and every C1 control.
    static let controls: [Unicode.Scalar] = (Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)).map { Unicode.Scalar($0)! }

    @Test func aNoteRefusesEveryControlCharacterButTabAndLineFeed() throws {
        for control in Self.controls {
            let note = "a" + String(Character(control)) + "b"
            if control == "\t" || control == "\n" {
                #expect(try MoodNote.normalized(note) == note)
            } else {
                #expect(throws: MoodValidationError.controlCharacter(.note, control), "\(ControlCharacters.name(control))") {
                    try MoodNote.normalized(note)
                }
            }
        }
    }

    @Test func aNULIsRefusedInWordsThatNameIt() {
        #expect(throws: MoodValidationError.controlCharacter(.note, "\0")) { try MoodNote.normalized("a\u{0}b") }
        #expect(MoodValidationError.controlCharacter(.note, "\0").description.contains("U+0000"))
    }

    @Test func charactersThatOnlyLookLikeControlsAreKept() throws {
        let note = "non\u{A0}breaking © ½ é 東京 👍🏽 \u{202E}"
        #expect(try MoodNote.normalized(note) == note)
    }

    @Test func oneCharacterOfAHundredThousandCombiningMarksIsRefusedByItsBytes() {
        let heavy = "e" + String(repeating: "\u{301}", count: 100_000)
        #expect(heavy.count == 1)
        #expect(throws: MoodValidationError.noteTooLarge(bytes: heavy.utf8.count, limit: MoodNote.maximumBytes)) {
            try MoodNote.normalized(heavy)
        }
    }

    @Test func aThousandEmojiWithSkinTonesFitTheByteLimit() throws {
        let note = String(repeating: "👍🏽", count: MoodNote.maximumLength)
        #expect(try MoodNote.normalized(note) == note)
    }

    @Test func theWireTakesOnlyNotesThatAreAlreadyTrimmed() throws {
        #expect(try MoodNote.validated("good run") == "good run")
        #expect(throws: MoodValidationError.notTrimmed) { try MoodNote.validated(" good run") }
        #expect(throws: MoodValidationError.notTrimmed) { try MoodNote.validated("good run\n") }
    }

    @Test func aCreatorIDIsOneToTwoHundredBytesWithoutControls() throws {
        #expect(try MoodCreatorID.validated("laptop-7f3a") == "laptop-7f3a")
        #expect(try MoodCreatorID.validated(String(repeating: "x", count: 200)).utf8.count == 200)
        for bad in ["", String(repeating: "x", count: 201), String(repeating: "é", count: 101), "\u{0}evil", "tab\there", "\u{85}"] {
            #expect(throws: MoodValidationError.self, "\(bad.debugDescription)") { try MoodCreatorID.validated(bad) }
        }
    }
}
