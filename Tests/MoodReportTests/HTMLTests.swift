import MoodReport
import Testing

/// Text put into the page is escaped once, where it is interpolated; markup is kept.
@Suite struct HTMLTests {
    @Test func textIsEscapedAndMarkupKept() {
        let note = "</p><script>alert('x') & \"y\"</script>"
        let html: HTML = "<p>\(note)</p>"
        #expect(html.markup == "<p>&lt;/p&gt;&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;</p>")
        let inner: HTML = "<b>\("a<b")</b>"
        #expect(("<i>\(inner)</i>" as HTML).markup == "<i><b>a&lt;b</b></i>")
    }

    @Test func controlCharactersAreShownAsTheirPicturesAndLineBreaksKept() {
        #expect(HTML.escaped("a\u{1B}[31mb\u{0}c\u{7F}\u{85}\nd\te") == "a\u{241B}[31mb\u{2400}c\u{2421}\u{FFFD}\nd\te")
        #expect(HTML.escaped("gnp\u{202E}.exe\u{2066}x\u{2028}y") == "gnp\u{FFFD}.exe\u{FFFD}x\u{FFFD}y", "bidi overrides and separators")
    }

    @Test func numbersAreWrittenToATenth() {
        let html: HTML = "\(12.0) \(12.25) \(-0.5) \(3)"
        #expect(html.markup == "12 12.3 -0.5 3")
    }
}
