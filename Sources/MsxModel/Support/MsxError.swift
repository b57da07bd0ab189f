import Foundation

/// The one error type of MsxKit. Its message names the file and the problem in words a writer understands; its
/// code says which problem it is, for programs.
public struct MsxError: Error, LocalizedError, Equatable, Sendable {
    /// What kind of failure, which decides the exit status.
    public enum Kind: String, Sendable, CaseIterable {
        /// The command line asked for something impossible (exit 64).
        case usage
        /// The writer's request cannot be met: a bad reference, a selection matching nothing (exit 1).
        case user
        /// Files on disk are damaged or unreadable: malformed JSON, invalid UTF-8, a newer format (exit 3).
        case damaged
        /// Another program holds the project or its repository (exit 75, EX_TEMPFAIL).
        case busy
        /// The file system refused an operation (exit 74, EX_IOERR).
        case io

        /// The documented process exit status for failures of this kind.
        public var exitStatus: Int32 {
            switch self {
            case .usage: return 64
            case .user: return 1
            case .damaged: return 3
            case .busy: return 75
            case .io: return 74
            }
        }
    }

    /// Which problem it is. The raw values are the stable codes of `--json` errors, listed with their meaning in
    /// docs/cli-json.md (section 3.3), which a test keeps in step with this list.
    public enum Code: String, Sendable, CaseIterable {
        case emptyTitle = "empty-title"
        case invalidAuthor = "invalid-author"
        case invalidDate = "invalid-date"
        case invalidMilestone = "invalid-milestone"
        case invalidSelection = "invalid-selection"
        case invalidTarget = "invalid-target"
        case invalidValue = "invalid-value"
        case missingDestination = "missing-destination"
        case noChange = "no-change"
        case unknownFormat = "unknown-format"
        case usage
        case alreadyTrashed = "already-trashed"
        case ambiguousMatch = "ambiguous-match"
        case ambiguousReference = "ambiguous-reference"
        case ambiguousRevision = "ambiguous-revision"
        case bareRepository = "bare-repository"
        case cannotCompose = "cannot-compose"
        case destinationNotEmpty = "destination-not-empty"
        case editorFailed = "editor-failed"
        case emptyOutline = "empty-outline"
        case unexpected = "error"
        case invalidRange = "invalid-range"
        case milestoneExists = "milestone-exists"
        case missingFile = "missing-file"
        case moveIntoItself = "move-into-itself"
        case noEditor = "no-editor"
        case noHistory = "no-history"
        case gitOperationInProgress = "git-operation-in-progress"
        case changedDuringRestore = "changed-during-restore"
        case documentTooLarge = "document-too-large"
        case noMatch = "no-match"
        case noParent = "no-parent"
        case noProjectThen = "no-project-then"
        case noSuchParagraph = "no-such-paragraph"
        case notADocument = "not-a-document"
        case notAFolder = "not-a-folder"
        case notAProject = "not-a-project"
        case notASibling = "not-a-sibling"
        case notAtRevision = "not-at-revision"
        case notConfirmed = "not-confirmed"
        case notFound = "not-found"
        case notTrashed = "not-trashed"
        case topLevelFolder = "top-level-folder"
        case unknownKey = "unknown-key"
        case unknownKeyword = "unknown-keyword"
        case unknownMilestone = "unknown-milestone"
        case unknownReference = "unknown-reference"
        case unknownRevision = "unknown-revision"
        case unknownStyle = "unknown-style"
        case unknownTemplate = "unknown-template"
        case unsupportedImport = "unsupported-import"
        case invalidJSON = "invalid-json"
        case invalidUTF8 = "invalid-utf8"
        case newerFormat = "newer-format"
        case noDraft = "no-draft"
        case noTrash = "no-trash"
        case notRTF = "not-rtf"
        case notDocx = "not-docx"
        case notFinalDraft = "not-final-draft"
        case notScrivener = "not-scrivener"
        case unknownComment = "unknown-comment"
        case pathEscapesProject = "path-escapes-project"
        case repository
        case repositoryOwner = "repository-owner"
        case unsupportedRepository = "unsupported-repository"
        case incompleteHistory = "incomplete-history"
        case conflictingBinder = "conflicting-binder"
        case notAFile = "not-a-file"
        case io
        case locked
        case repositoryLocked = "repository-locked"
        case unknownRemote = "unknown-remote"
        case remoteExists = "remote-exists"
        case authenticationFailed = "authentication-failed"
        case remoteUnreachable = "remote-unreachable"
        case pushRejected = "push-rejected"
        case remoteRewritten = "remote-rewritten"
        case mergeNeeded = "merge-needed"
        case unsavedWork = "unsaved-work"
        case noRemote = "no-remote"
        case hostKeyRefused = "host-key-refused"
        case draftExists = "draft-exists"
        case unknownDraft = "unknown-draft"
        case mergeInProgress = "merge-in-progress"
        case unresolvedConflicts = "unresolved-conflicts"
        case noMerge = "no-merge"
        case unknownConflict = "unknown-conflict"
        case conflictMoved = "conflict-moved"
        case unknownChange = "unknown-change"
        case cannotTakeAlone = "cannot-take-alone"

        /// The kind of failure this code belongs to.
        public var kind: Kind {
            switch self {
        case .emptyTitle, .invalidAuthor, .invalidDate, .invalidMilestone, .invalidSelection, .invalidTarget, .invalidValue, .missingDestination, .noChange, .unknownFormat, .usage:
            return .usage
        case .alreadyTrashed, .ambiguousMatch, .ambiguousReference, .ambiguousRevision, .bareRepository, .cannotCompose, .destinationNotEmpty, .editorFailed, .emptyOutline, .unexpected, .invalidRange, .milestoneExists, .missingFile, .moveIntoItself, .noEditor, .noHistory, .gitOperationInProgress, .changedDuringRestore, .documentTooLarge, .noMatch, .noParent, .noProjectThen, .noSuchParagraph, .notADocument, .notAFolder, .notAProject, .notASibling, .notAtRevision, .notConfirmed, .notFound, .notTrashed, .topLevelFolder, .unknownKey, .unknownKeyword, .unknownMilestone, .unknownReference, .unknownRevision, .unknownStyle, .unknownTemplate, .unsupportedImport,
             .unknownRemote, .remoteExists, .authenticationFailed, .pushRejected, .remoteRewritten, .mergeNeeded, .unsavedWork, .noRemote, .hostKeyRefused, .draftExists, .unknownDraft,
             .mergeInProgress, .unresolvedConflicts, .noMerge, .unknownConflict, .conflictMoved, .unknownComment,
             .unknownChange, .cannotTakeAlone:
            return .user
        case .invalidJSON, .invalidUTF8, .newerFormat, .noDraft, .noTrash, .notRTF, .notDocx, .notFinalDraft, .notScrivener, .pathEscapesProject, .repository, .repositoryOwner, .unsupportedRepository, .incompleteHistory, .conflictingBinder, .notAFile:
            return .damaged
        case .io, .remoteUnreachable:
            return .io
        case .locked, .repositoryLocked:
            return .busy
            }
        }
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var kind: Kind { code.kind }

    public var errorDescription: String? { message }

    /// The documented process exit status for this error.
    public var exitCode: Int32 { kind.exitStatus }
}

extension MsxError {
    /// The project has no versions yet, so there is no history to read.
    package static let noHistory = MsxError(.noHistory, "this project has no history yet")

    package static func io(_ path: String, _ error: Error) -> MsxError {
        MsxError(.io, "\(path): \(describe(error))")
    }

    private static func describe(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
