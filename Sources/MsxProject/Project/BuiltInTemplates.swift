import Foundation

/// The templates msx carries in its binary (`templates/` of the source tree, generated into
/// `BuiltInTemplateFiles.swift`), so that `msx init --template novel` works wherever the binary was copied.
enum BuiltInTemplates {
    /// The built-in templates' names, sorted.
    static var names: [String] { files.keys.sorted() }

    /// A built-in template's files by path in the template, or nil for a name that is not one.
    static func contents(of name: String) -> [String: Data]? {
        files[name]?.mapValues { Data(base64Encoded: $0) ?? Data() }
    }
}
