import CGit2
import Foundation

/// The object database msx gives each repository it opens: the packs, and the loose objects read by
/// `LooseObject` (a damaged one is an error at once, never a hang) and written by libgit2's own loose backend
/// with fsync. Alternates (`objects/info/alternates`) are kept.
enum VerifyingObjectDatabase {
    /// Replaces `repository`'s object database with one whose loose objects msx reads itself.
    static func install(on repository: OpaquePointer) throws {
        var buffer = git_buf()
        try LibGit2.check(git_repository_item_path(&buffer, repository, GIT_REPOSITORY_ITEM_OBJECTS), "cannot find the git objects")
        let objects = String(cString: buffer.ptr).trimmingTrailingSlashes
        git_buf_dispose(&buffer)

        var database: OpaquePointer?
        try LibGit2.check(git_odb_new(&database), "cannot open the git objects")
        defer { git_odb_free(database) }
        var pack: UnsafeMutablePointer<git_odb_backend>?
        try LibGit2.check(git_odb_backend_pack(&pack, objects), "cannot open the git packs in \(objects)")
        try LibGit2.check(git_odb_add_backend(database, pack, 2), "cannot open the git packs in \(objects)")
        let loose = try makeLooseBackend(objects)
        try LibGit2.check(git_odb_add_backend(database, loose, 1), "cannot open the git objects in \(objects)")
        // libgit2's backend inside works for this database too (its write streams look for existing objects there).
        inner(loose).pointee.odb = database
        for alternate in alternates(of: objects) { _ = git_odb_add_disk_alternate(database, alternate) }
        try LibGit2.check(git_repository_set_odb(repository, database), "cannot open the git objects")
    }

    /// The object folders `objects/info/alternates` names (relative ones from `objects`).
    private static func alternates(of objects: String) -> [String] {
        guard let text = try? String(contentsOfFile: objects + "/info/alternates", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { $0.hasPrefix("/") ? $0 : objects + "/" + $0 }
    }

    private static func makeLooseBackend(_ objects: String) throws -> UnsafeMutablePointer<git_odb_backend> {
        var loose: UnsafeMutablePointer<git_odb_backend>?
        try LibGit2.check(git_odb_backend_loose(&loose, objects, -1, 1, 0, 0), "cannot open the git objects in \(objects)")
        let backend = UnsafeMutablePointer<msx_loose_backend>.allocate(capacity: 1)
        backend.initialize(to: msx_loose_backend())
        git_odb_init_backend(&backend.pointee.parent, UInt32(GIT_ODB_BACKEND_VERSION))
        backend.pointee.loose = loose
        backend.pointee.objects = strdup(objects)
        backend.pointee.parent.read = readObject
        backend.pointee.parent.read_header = readHeader
        backend.pointee.parent.read_prefix = readPrefix
        // The rest is libgit2's loose backend's work.
        backend.pointee.parent.write = { backend, id, data, length, type in
            let loose = VerifyingObjectDatabase.inner(backend)
            return loose.pointee.write(loose, id, data, length, type)
        }
        backend.pointee.parent.writestream = { stream, backend, length, type in
            let loose = VerifyingObjectDatabase.inner(backend)
            return loose.pointee.writestream(stream, loose, length, type)
        }
        backend.pointee.parent.exists = { backend, id in
            let loose = VerifyingObjectDatabase.inner(backend)
            return loose.pointee.exists(loose, id)
        }
        backend.pointee.parent.exists_prefix = { id, backend, short, length in
            let loose = VerifyingObjectDatabase.inner(backend)
            return loose.pointee.exists_prefix(id, loose, short, length)
        }
        backend.pointee.parent.foreach = { backend, callback, payload in
            let loose = VerifyingObjectDatabase.inner(backend)
            return loose.pointee.foreach(loose, callback, payload)
        }
        backend.pointee.parent.freshen = { backend, id in
            let loose = VerifyingObjectDatabase.inner(backend)
            return loose.pointee.freshen(loose, id)
        }
        backend.pointee.parent.free = { backend in
            guard let backend else { return }
            let own = UnsafeMutableRawPointer(backend).assumingMemoryBound(to: msx_loose_backend.self)
            own.pointee.loose.pointee.free(own.pointee.loose)
            free(own.pointee.objects)
            own.deinitialize(count: 1)
            own.deallocate()
        }
        return UnsafeMutableRawPointer(backend).assumingMemoryBound(to: git_odb_backend.self)
    }

    /// msx's backend behind libgit2's backend pointer.
    fileprivate static func own(_ backend: UnsafeMutablePointer<git_odb_backend>?) -> UnsafeMutablePointer<msx_loose_backend> {
        UnsafeMutableRawPointer(backend!).assumingMemoryBound(to: msx_loose_backend.self)
    }

    /// libgit2's loose backend that msx's wraps.
    fileprivate static func inner(_ backend: UnsafeMutablePointer<git_odb_backend>?) -> UnsafeMutablePointer<git_odb_backend> {
        own(backend).pointee.loose
    }

    /// The loose file of an object id.
    private static func file(_ backend: UnsafeMutablePointer<git_odb_backend>?, _ id: UnsafePointer<git_oid>) -> String {
        let hex = GitOID(id.pointee).description
        return String(cString: own(backend).pointee.objects) + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)
    }

    /// Reads a loose object for libgit2: GIT_ENOTFOUND when there is no such file (the packs are asked), an error
    /// naming the object when it is damaged.
    private static func load(_ backend: UnsafeMutablePointer<git_odb_backend>?, _ file: String, _ id: GitOID)
        -> Result<(type: git_object_t, contents: [UInt8]), Refusal>
    {
        let name = id.description
        do {
            return .success(try LooseObject.read(file, id: id))
        } catch let damage as LooseObject.Damage {
            git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "object \(name) is damaged: \(damage.reason) (its file is \(file))")
            return .failure(Refusal(code: -1))
        } catch {
            if (error as NSError).domain == NSCocoaErrorDomain, (error as NSError).code == NSFileReadNoSuchFileError {
                return .failure(Refusal(code: GIT_ENOTFOUND.rawValue))
            }
            git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "object \(name) cannot be read: \(error.localizedDescription)")
            return .failure(Refusal(code: -1))
        }
    }

    /// A libgit2 return code for a read that did not give an object.
    private struct Refusal: Error {
        let code: Int32
    }

    /// Hands `contents` to libgit2 in a buffer it frees.
    private static func handOver(_ contents: [UInt8], _ backend: UnsafeMutablePointer<git_odb_backend>?,
                                 _ data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ length: UnsafeMutablePointer<Int>?) -> Int32 {
        guard let buffer = git_odb_backend_data_alloc(backend, contents.count + 1) else { return -1 }
        contents.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: contents.count) }
        buffer.storeBytes(of: 0, toByteOffset: contents.count, as: UInt8.self)
        data?.pointee = buffer
        length?.pointee = contents.count
        return 0
    }

    private static let readObject: @convention(c) (
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<git_object_t>?,
        UnsafeMutablePointer<git_odb_backend>?, UnsafePointer<git_oid>?
    ) -> Int32 = { data, length, type, backend, id in
        guard let id else { return -1 }
        switch load(backend, file(backend, id), GitOID(id.pointee)) {
        case .failure(let refusal): return refusal.code
        case .success(let object):
            type?.pointee = object.type
            return handOver(object.contents, backend, data, length)
        }
    }

    private static let readHeader: @convention(c) (
        UnsafeMutablePointer<Int>?, UnsafeMutablePointer<git_object_t>?, UnsafeMutablePointer<git_odb_backend>?,
        UnsafePointer<git_oid>?
    ) -> Int32 = { length, type, backend, id in
        guard let id else { return -1 }
        switch load(backend, file(backend, id), GitOID(id.pointee)) {
        case .failure(let refusal): return refusal.code
        case .success(let object):
            type?.pointee = object.type
            length?.pointee = object.contents.count
            return 0
        }
    }

    /// An object named by the first `hexLength` hex digits of `short`: the one loose file whose name begins so.
    private static let readPrefix: @convention(c) (
        UnsafeMutablePointer<git_oid>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<Int>?,
        UnsafeMutablePointer<git_object_t>?, UnsafeMutablePointer<git_odb_backend>?, UnsafePointer<git_oid>?, Int
    ) -> Int32 = { found, data, length, type, backend, short, hexLength in
        guard let short, hexLength >= 2 else { return GIT_ENOTFOUND.rawValue }
        let prefix = String(GitOID(short.pointee).description.prefix(hexLength))
        let folder = String(cString: own(backend).pointee.objects) + "/" + prefix.prefix(2)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.count == 38 && $0.hasPrefix(prefix.dropFirst(2)) }
        guard let name = names.first else { return GIT_ENOTFOUND.rawValue }
        guard names.count == 1 else {
            git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "the short id \(prefix) is ambiguous")
            return GIT_EAMBIGUOUS.rawValue
        }
        guard let full = GitOID(hex: String(prefix.prefix(2)) + name) else { return GIT_ENOTFOUND.rawValue }
        switch load(backend, folder + "/" + name, full) {
        case .failure(let refusal): return refusal.code
        case .success(let object):
            found?.pointee = full.raw
            type?.pointee = object.type
            return handOver(object.contents, backend, data, length)
        }
    }
}

private extension String {
    var trimmingTrailingSlashes: String {
        var text = self
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
