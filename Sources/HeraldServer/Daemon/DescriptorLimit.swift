#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds the daemon's
/// connections: every connection is a descriptor.
///
/// systemd starts services with a soft limit of 1,024 and a far higher hard limit
/// (524,288 by default), leaving it to programs that do not use `select(2)` to raise
/// the soft one; the daemon does (SwiftNIO uses epoll, GLib poll).
package struct DescriptorLimit: Sendable, Equatable {
    /// The soft limit: the descriptors the process may have open.
    package var soft: Int
    /// The hard limit: the highest the soft limit may be raised to.
    package var hard: Int

    /// The limit now in force; `nil` if it cannot be read.
    package static func current() -> DescriptorLimit? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return DescriptorLimit(soft: Self.count(limit.rlim_cur), hard: Self.count(limit.rlim_max))
    }

    /// Raises the soft limit to the hard one, and returns the limit in force before and
    /// after; both `nil` if it cannot be read. A refused raise leaves it as it was.
    @discardableResult
    package static func raiseSoftToHard() -> (before: DescriptorLimit, after: DescriptorLimit)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let before = DescriptorLimit(soft: count(limit.rlim_cur), hard: count(limit.rlim_max))
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return current().map { (before, $0) }
    }

    /// A limit as a count, `Int.max` for no limit (`RLIM_INFINITY`, all ones).
    private static func count(_ value: rlim_t) -> Int {
        value == rlim_t.max ? Int.max : Int(clamping: value)
    }
}
