/// Where the mood list module goes beyond its own screen. In a terminal app there is one screen,
/// so the only way out is ending the app; forms, the delete question and help are overlays the
/// presenter shows in its view model.
public protocol MoodListRouter: AnyObject {
    /// The person asked to quit.
    func close()
}
