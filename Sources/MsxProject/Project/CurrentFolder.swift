import Foundation
import MsxModel

extension URL {
    /// This folder as a full path; a folder that is not one was given relative to the current folder when the
    /// system could not say which that is (it was deleted behind msx's back): then the error that says so, since
    /// going up from "." would never reach "/" and creating in it is creating nowhere.
    package func requiringFullPath() throws -> URL {
        let folder = standardizedFileURL
        guard folder.path.hasPrefix("/") else {
            throw MsxError(.io, "cannot tell which folder this is: the current folder was deleted (go into the project, or give -C with its full path)")
        }
        return folder
    }
}
