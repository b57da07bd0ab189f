import MsxKit

/// Binder nodes as JSON, for the commands not yet run as actions that report them.
enum NodeRendering {
    /// A node's metadata as JSON (without children), as every report gives it (`BinderNodeReport`).
    static func json(_ node: BinderNode) -> [String: JSONValue] {
        BinderNodeReport(node).members
    }
}
