import MoodConfig
import Testing

/// config.toml read line by line: every key, TOML's strings, and each line moodtui cannot take
/// named with its number while the rest of the file still counts.
@Suite struct MoodConfigTests {
    @Test func everyKeyIsRead() {
        let (config, problems) = MoodConfig.parse("""
            # moodtui
            journal = "~/moods/journal.sqlite"   # mine
            server = 'https://moods.example.org'
            theme = "basic"
            date_style = "absolute"
            week_start = "sunday"
            mouse = false
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(config.journal == "~/moods/journal.sqlite")
        #expect(config.server == "https://moods.example.org")
        #expect(config.theme == .basic)
        #expect(config.dateStyle == .absolute)
        #expect(config.weekStart == .sunday && config.weekStart.weekday == 6)
        #expect(!config.mouse)
    }

    @Test func anEmptyFileIsEveryDefault() {
        let (config, problems) = MoodConfig.parse("\n  \n# nothing set\r\n")
        #expect(problems.isEmpty)
        #expect(config == MoodConfig())
        #expect(config.theme == .default && config.dateStyle == .relative && config.journal == nil && config.server == nil)
        #expect(config.weekStart == .monday && config.mouse)
    }

    @Test func basicStringsTakeTOMLsEscapes() {
        let (config, problems) = MoodConfig.parse(#"journal = "/tmp/a \"b\" \\ \u00E9\tc""#)
        #expect(problems.isEmpty, "\(problems)")
        #expect(config.journal == "/tmp/a \"b\" \\ é\tc")
    }

    @Test(arguments: [
        ("colour = \"none\"", "line 1: unknown key 'colour' (the keys are journal, server, theme, date_style, week_start, mouse)"),
        ("theme = \"dark\"", #"line 1: theme takes one of "default", "basic", "none""#),
        ("theme = none", "line 1: a value is a string in quotes, true or false, or a number"),
        ("date_style = true", #"line 1: date_style takes one of "relative", "absolute""#),
        ("server = \"ftp://x\"", "line 1: server takes a URL starting http:// or https://, in quotes"),
        ("week_start = \"tuesday\"", #"line 1: week_start takes one of "monday", "sunday", "saturday""#),
        ("mouse = \"no\"", "line 1: mouse takes true or false, without quotes"),
        ("journal = \"\"", "line 1: journal takes a path in quotes"),
        ("journal = \"/a\\u0000b\"", "line 1: journal takes a path in quotes"),
        ("[app]", "line 1: [app]: tables are not used; write every key at the top"),
        ("theme", "line 1: not a setting: write key = value"),
        ("theme = \"basic\" trailing", "line 1: text after the value: put a comment after #"),
        ("journal = \"/a", "line 1: the string has no closing \""),
        ("journal = \"\\q\"", "line 1: unknown escape \\q in the string"),
        ("journal = \"\"\"", "line 1: a string over several lines is not used here"),
        ("a key = 1", "line 1: not a setting: write key = value"),
    ])
    func aLineMoodtuiCannotTakeIsNamedAndLeftOut(line: String, problem: String) {
        let (config, problems) = MoodConfig.parse(line)
        #expect(problems.map(\.description) == [problem])
        #expect(config == MoodConfig(), "the key keeps its default")
    }

    @Test func theRestOfAFileWithABadLineStillCounts() {
        let (config, problems) = MoodConfig.parse("""
            theme = "basic"
            theme = "none"
            bogus = 1
            date_style = "absolute"
            """)
        #expect(problems.map(\.description) == [
            "line 2: theme is set already on line 1; this line is left out",
            "line 3: unknown key 'bogus' (the keys are journal, server, theme, date_style, week_start, mouse)",
        ])
        #expect(config.theme == .basic && config.dateStyle == .absolute)
    }
}
