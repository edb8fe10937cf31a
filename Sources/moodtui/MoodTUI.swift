@main struct MoodTUI { static func main() {} }
