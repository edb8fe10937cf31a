import MoodKit
import Testing

/// The account's words for the levels: what `moodtui levels` takes, refuses in words, and
/// reads back where a level is typed.
@Suite struct LevelWordsTests {
    @Test func fiveWordsTopFirstNameTheLevelsAndAreTypedInAnyCase() throws {
        let words = try LevelWords(topToBottom: ["Rad", " good ", "meh", "bad", "awful"])
        #expect(words.word(for: .great) == "Rad" && words.word(for: .good) == "good" && words.word(for: .awful) == "awful")
        #expect(words.topToBottom == ["Rad", "good", "meh", "bad", "awful"])
        #expect(try words.level(parsing: "rad") == .great && words.level(parsing: "RAD") == .great)
        #expect(try words.level(parsing: "great") == .great, "the built-in name is still understood")
        #expect(try words.level(parsing: "2") == .bad)
        #expect(throws: MoodValidationError.invalidLevelOf("super", words: ["awful", "bad", "meh", "good", "Rad"])) {
            try words.level(parsing: "super")
        }
        #expect(LevelWords(storedText: words.storedText) == words && LevelWords(storedText: "") == .builtIn)
        #expect(LevelWords.builtIn.word(for: .great) == "great" && LevelWords.builtIn.isBuiltIn)
    }

    @Test(arguments: [
        (["a", "b", "c", "d"], "give five words, top level first, such as rad good meh bad awful; not 4"),
        (["rad", "", "meh", "bad", "awful"], "the word for good is empty"),
        (["fantastisch", "b", "c", "d", "e"], "'fantastisch' is too long: a level's word has at most 10 characters (64 bytes)"),
        (["a,b", "b", "c", "d", "e"], "'a,b' holds a control or formatting character or one of , = # /"),
        (["a\u{1B}", "b", "c", "d", "e"], "'a\u{FFFD}' holds a control or formatting character or one of , = # /"),
        (["a\u{202E}b", "b", "c", "d", "e"], "'a\u{FFFD}b' holds a control or formatting character or one of , = # /"),
        (["5", "b", "c", "d", "e"], "'5' is a number, which names a level already"),
        (["awful", "b", "c", "d", "e"], "'awful' names awful already (built in or in Daylio); give great another word"),
        (["a", "rad", "c", "d", "e"], "'rad' names great already (built in or in Daylio); give good another word"),
        (["Top", "b", "c", "d", "top"], "each level needs a word of its own: Top b c d top"),
    ])
    func wordsThatBreakTheRulesAreRefusedInWords(words: [String], reason: String) {
        #expect(throws: MoodValidationError.invalidLevelWords(reason)) { try LevelWords(topToBottom: words) }
    }

    @Test func aCharacterOfManyCombiningMarksIsTooLong() {
        let heavy = "e" + String(repeating: "\u{301}", count: 40)
        #expect(heavy.count == 1)
        #expect { try LevelWords(topToBottom: [heavy, "b", "c", "d", "e"]) } throws: { "\($0)".contains("is too long") }
    }

    @Test func aLevelKeepsItsBuiltInNameAsItsWord() throws {
        let words = try LevelWords(topToBottom: ["great", "fine", "meh", "low", "awful"])
        #expect(words.word(for: .good) == "fine" && words.word(for: .great) == "great")
    }
}
