import MsxKit

/// JSON and text forms of binder nodes, shared by the commands that report them.
enum NodeRendering {
    /// A node's metadata as JSON (without children), as every report gives it (`BinderNodeReport`).
    static func json(_ node: BinderNode) -> [String: JSONValue] {
        guard case .object(let members) = try? JSONValueEncoder.encode(BinderNodeReport(node)) else { return [:] }
        return members
    }

    /// The report of a binder change.
    /// Warns (on stderr) for each of `nodes` that now shares its title with another node of its folder, since a
    /// title then no longer names one of them.
    static func warnAboutSameTitles(_ nodes: [BinderNode], in manifest: Manifest, to console: Console) {
        let entries = manifest.entries
        for node in nodes {
            guard let parentID = entries.first(where: { $0.node.id == node.id })?.parentID,
                  let parent = manifest.node(id: parentID) else { continue }
            let twin = parent.children.first { $0.id != node.id && $0.title.lowercased() == node.title.lowercased() }
            if let twin {
                console.note("warning: '\(node.title)' has the same title as \(twin.id) in '\(parent.title)': refer to them by id")
            }
        }
    }

    static func report(_ change: BinderChange, dryRun: Bool, to console: Console) {
        if console.json {
            console.report([
                "dryRun": .bool(dryRun),
                "changes": .array(change.events.map { .string(BinderWording.line($0)) }),
                "nodes": .array(change.nodes.map { .object(json($0)) }),
            ])
        } else {
            for event in change.events { console.line(BinderWording.line(event, Mood(dryRun: dryRun))) }
            if change.events.isEmpty { console.line("nothing to do") }
        }
    }
}
