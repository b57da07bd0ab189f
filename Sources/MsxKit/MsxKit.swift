// MsxKit: everything msx does, in one import for front ends (the msx command line, an app, a merge driver).
//
// The targets below it depend on each other one way only:
//   MsxModel    documents, attributes, sidecars, the binder manifest, Markdown reading and writing, formatting
//   MsxProject  a project on disk: paths, the journal, the lock, binder editing, checking, creating
//   MsxHistory  the project's history in git, through libgit2
//   MsxDiff     formatting-aware comparison of documents and versions
//   MsxConvert  import (RTF, DOCX, text, Markdown), compile (Markdown, HTML, RTF, DOCX, text), review round trip
@_exported import MsxConvert
@_exported import MsxDiff
@_exported import MsxHistory
@_exported import MsxModel
@_exported import MsxProject
