// MsxKit: everything msx does, in one import for front ends (the msx command line, an app, a merge driver).
//
// The targets below it depend on each other one way only:
//   MsxModel      documents, attributes, sidecars, the binder manifest, Markdown reading and writing, formatting
//   MsxProject    a project on disk: paths, the journal, the lock, binder editing, checking, creating; a state of it
//                 to read (`ProjectReader`)
//   MsxDiff       formatting-aware comparison of documents and of two states of a project (no git)
//   MsxConvert    import (RTF, DOCX, text, Markdown, Scrivener's binder and texts), compile, review documents (no git)
//   MsxGit        git's objects, index, references and transfers through libgit2, its only caller (no msx project)
//   MsxHistory    the project's history in git, through MsxGit; its versions as `ProjectReader`s
//   MsxWorkspace  what needs history and the rest together: imports that bring versions (Scrivener snapshots, a
//                 git repository of Markdown), review import, blame, git's external diff driver; `Workspace`, a
//                 project as a front end opens it
//   MsxActions    each command as a typed request run against a workspace, returning an Encodable report
@_exported import MsxActions
@_exported import MsxConvert
@_exported import MsxDiff
// Its types appear in the API above (`GitOID`, `TransferOptions`) and front ends set `GitConfigurationSearch`.
@_exported import MsxGit
@_exported import MsxHistory
@_exported import MsxModel
@_exported import MsxProject
@_exported import MsxWorkspace
