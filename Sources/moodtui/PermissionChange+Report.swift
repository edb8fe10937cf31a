import Foundation
import PrivateFiles

extension [PermissionChange] {
    /// Says on standard error which files or folders were made private: the change is never
    /// silent, and it reaches the person before the screen opens.
    func report() {
        for change in self { FileHandle.standardError.write(Data("moodtui: \(change)\n".utf8)) }
    }
}
