#if canImport(Glibc)
import Glibc
#endif
@testable import HeraldServer
import Testing

@Suite("The limit on open files, raised at start")
struct DescriptorLimitTests {
    @Test("the soft limit is raised to the hard one, as getrlimit reads it after")
    func raisesSoftToHard() throws {
        var limit = rlimit()
        try #require(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        // A soft limit one below the hard one (one descriptor fewer: harmless to the tests
        // running beside this one), for the raise to have something to do.
        if limit.rlim_cur == limit.rlim_max, limit.rlim_max != rlim_t.max {
            limit.rlim_cur = limit.rlim_max - 1
            try #require(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        }
        let raised = try #require(DescriptorLimit.raiseSoftToHard())
        var after = rlimit()
        try #require(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &after) == 0)
        #expect(after.rlim_cur == after.rlim_max)
        #expect(raised.after.soft == Int(clamping: after.rlim_cur))
        #expect(raised.before.soft == Int(clamping: limit.rlim_cur))
        #expect(DescriptorLimit.current() == raised.after)
    }
}
