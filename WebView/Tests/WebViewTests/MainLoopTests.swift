import CWebKitGTK
import Dispatch
import Foundation
import Testing
import WebView

extension WebViewTests {
    @Suite @MainActor
    struct MainLoopCooperation {
        @Test func mainActorCodeRunsOnTheMainThreadWithGTK() async throws {
            #expect(Thread.isMainThread)
            try await Task.sleep(for: .milliseconds(20))
            #expect(Thread.isMainThread, "a main-actor task resumes on the main thread after Task.sleep")
        }

        @Test func dispatchMainBlocksRunWhileGTKRuns() async throws {
            var ranOnMain: Bool?
            DispatchQueue.main.async { ranOnMain = Thread.isMainThread }
            try await waitUntil("the block runs") { ranOnMain != nil }
            #expect(ranOnMain == true)
        }

        @Test func glibSourcesRunBetweenMainActorJobs() async throws {
            let fired = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
            defer { fired.deallocate() }
            fired.pointee = 0
            _ = g_timeout_add(5, { data in
                let count = data!.assumingMemoryBound(to: Int32.self)
                count.pointee += 1
                return count.pointee < 3 ? 1 : 0
            }, fired)
            try await waitUntil("the GLib timeout fires three times") { fired.pointee == 3 }
            #expect(Thread.isMainThread)
        }

        @Test func detachedWorkHopsBackToTheMainActor() async throws {
            let value = await Task.detached { () -> Int in
                #expect(!Thread.isMainThread)
                return await MainActor.run { Thread.isMainThread ? 1 : 0 }
            }.value
            #expect(value == 1)
        }
    }
}
