import Foundation
import MsxModel

/// The binder manifest as one open of a project read and parsed it, with the file's stamp then: what a session keeps
/// between operations, so that the next open of an unchanged manifest skips reading and parsing it. Any change to
/// the file (an edit by hand, another command's write, git checking out another version) gives it another stamp, and
/// the next open reads it again.
public struct ManifestReading: Sendable {
    let root: URL
    let text: String
    let manifest: Manifest
    package let stamp: FileStamp
}
