import Crypto
import Foundation
import Signals
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Sign-in pages: small HTML files, owner-only, that sign a browser in with a
/// one-time code and go on to a page of the daemon. `herald open` and a click on a
/// desktop notification hand the browser such a file instead of an address with
/// the code in it, so the code never appears on a command line (`xdg-open`'s, the
/// browser's), which any local user reads in `/proc/<pid>/cmdline`.
///
/// A page posts its code to the daemon's `/login` as a form as soon as it opens
/// (a script of its own: a local file is not served by the daemon, so the daemon's
/// Content-Security-Policy does not apply; the page's own allows only that script
/// and that form). The files live in a 0700 directory, `$XDG_RUNTIME_DIR/herald`
/// (a tmpfs that only the user reaches, emptied at logout), or `sign-in` in the data
/// directory without one, each 0600 and named at random. A file is deleted as soon as
/// its code is used, or once the code has expired (60 s); files a stopped daemon left
/// behind are deleted at start once they are that old.
final class SignInPages: Sendable {
    /// The directory the pages are written in.
    let directory: URL
    private let codes: SignInCodes
    private let scheduler: any DateScheduler
    /// The pages written and not yet deleted, by their code's fingerprint.
    private let pages = Mutex<[String: URL]>([:])

    /// Pages in `directory`, created owner-only if needed, with codes from `codes`.
    ///
    /// - Throws: ``DaemonError`` when the directory cannot be made owner-only, or
    ///   belongs to another user.
    init(directory: URL, codes: SignInCodes, scheduler: any DateScheduler) throws {
        self.directory = directory
        self.codes = codes
        self.scheduler = scheduler
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DaemonError("cannot create the sign-in page directory \(directory.path): \(error.localizedDescription)")
        }
        do {
            try DataDirectory.makeOwnerOnly(directory)
        } catch {
            throw DaemonError("the sign-in page directory \(directory.path) cannot be made the owner's only: \(error)")
        }
        removeLeftovers(olderThan: Date() - SignInCodes.lifetime)
    }

    /// `$XDG_RUNTIME_DIR/herald` when the environment names an absolute runtime
    /// directory, else `sign-in` in `dataDirectory`.
    static func defaultDirectory(environment: [String: String], dataDirectory: URL) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return URL(fileURLWithPath: runtime).appendingPathComponent("herald")
        }
        return dataDirectory.appendingPathComponent("sign-in")
    }

    /// Writes a page that signs in at the daemon listening at `base` with a new code
    /// and goes on to `next`, and returns the file and when its code expires.
    ///
    /// - Throws: ``NotificationError`` when the shared database cannot record the
    ///   code; ``DaemonError`` when the file cannot be written.
    func write(base: String, next: String) throws -> (file: URL, expiresAt: Date) {
        let (code, expiresAt) = try codes.issue(now: scheduler.now)
        let file = directory.appendingPathComponent("sign-in-\(Secrets.makeToken(prefix: "")).html")
        do {
            try DataDirectory.writeAtomically(Data(Self.html(base: base, code: code, next: next).utf8), to: file)
        } catch {
            throw DaemonError("cannot write the sign-in page \(file.path): \(error.localizedDescription)")
        }
        let fingerprint = Secrets.fingerprint(code)
        pages.withLock { $0[fingerprint] = file }
        _ = scheduler.schedule(after: expiresAt) { [weak self] in self?.remove(fingerprint: fingerprint) }
        return (file, expiresAt)
    }

    /// Deletes the page of `code`, which was just used, if this daemon wrote one.
    func used(code: String) {
        remove(fingerprint: Secrets.fingerprint(code))
    }

    /// Deletes every page this daemon wrote: it is stopping.
    func removeAll() {
        let files = pages.withLock { pages in
            defer { pages = [:] }
            return Array(pages.values)
        }
        files.forEach { unlink($0.path) }
    }

    private func remove(fingerprint: String) {
        guard let file = pages.withLock({ $0.removeValue(forKey: fingerprint) }) else { return }
        unlink(file.path)
    }

    /// Deletes the pages in the directory last changed before `date`: their codes
    /// have expired (a daemon that stopped without deleting them, or another one).
    private func removeLeftovers(olderThan date: Date) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("sign-in-") && name.hasSuffix(".html") {
            let path = directory.appendingPathComponent(name).path
            let changed = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let changed, changed < date { unlink(path) }
        }
    }
}
