import MoodKit
import TerminalUI

/// How wide a column of level words is, wherever moods are listed (the app, `list`, `watch`):
/// the columns of the longest word, at least those of the built-in names.
public enum LevelColumn {
    public static func width(_ words: LevelWords) -> Int {
        MoodLevel.allCases.map { max(TextWidth.columns(of: words.word(for: $0)), TextWidth.columns(of: $0.name)) }.max() ?? 0
    }
}
