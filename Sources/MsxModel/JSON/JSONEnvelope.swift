/// The outside of every JSON report msx prints: one object with `schemaVersion` at its top level, so a reader knows
/// which version of the documented shapes it holds (docs/cli-json.md, section 2).
public enum JSONEnvelope {
    /// The version of the JSON shapes msx prints.
    public static let schemaVersion = 1
    /// The member naming the version, in every report.
    public static let versionMember = "schemaVersion"

    /// `fields` with `schemaVersion` added.
    public static func wrap(_ fields: [String: JSONValue]) -> JSONValue {
        .object(members(fields))
    }

    /// The members of `wrap(fields)`.
    public static func members(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        var object = fields
        object[versionMember] = .int(schemaVersion)
        return object
    }

    /// The report of a failure: `{"error": {"code", "message", "exitCode"}, "schemaVersion"}`.
    public static func error(_ code: MsxError.Code, message: String, exitStatus: Int32) -> JSONValue {
        wrap(["error": ["code": .string(code.rawValue), "message": .string(message), "exitCode": .int(Int(exitStatus))]])
    }
}
