import Foundation
@testable import HeraldServer
import Synchronization
import Testing

/// The outbox sender's limit on attempts under way at once.
@Suite("Attempt slots", .timeLimit(.minutes(2)))
struct AttemptSlotsTests {
    /// The takers in the order they got their slots.
    final class Order: Sendable {
        let taken = Mutex<[Int]>([])
    }

    @Test("up to the limit take a slot at once; the rest wait, and get the slots given back oldest first", arguments: [1, 3])
    func waitInOrder(limit: Int) async throws {
        let slots = AttemptSlots(limit: limit)
        for _ in 0..<limit { #expect(await slots.take()) }
        #expect(slots.usage.taken == limit && slots.usage.waiting == 0)

        let order = Order()
        var waiting: [Task<Bool, Never>] = []
        for index in 0..<3 {
            waiting.append(Task {
                let taken = await slots.take()
                order.taken.withLock { $0.append(index) }
                return taken
            })
            // Each joins the line before the next starts.
            try await PushDeviceWaiting.until("taker \(index) waits") { slots.usage.waiting == index + 1 }
        }
        #expect(order.taken.withLock { $0 }.isEmpty, "no slot is free")
        for index in 0..<3 {
            slots.give()
            #expect(await waiting[index].value)
            #expect(order.taken.withLock { $0 } == Array(0...index))
        }
        #expect(slots.usage.taken == limit && slots.usage.waiting == 0, "each slot given back went to a taker that waited")
        for _ in 0..<limit { slots.give() }
        #expect(slots.usage.taken == 0 && slots.usage.waiting == 0)
    }

    @Test("a taker cancelled while it waits gets no slot, and the next one waiting gets the slot given back")
    func cancelledWhileWaiting() async throws {
        let slots = AttemptSlots(limit: 1)
        #expect(await slots.take())
        let cancelled = Task { await slots.take() }
        try await PushDeviceWaiting.until("the first taker waits") { slots.usage.waiting == 1 }
        let next = Task { await slots.take() }
        try await PushDeviceWaiting.until("the second taker waits") { slots.usage.waiting == 2 }

        cancelled.cancel()
        #expect(await cancelled.value == false)
        #expect(slots.usage.taken == 1 && slots.usage.waiting == 1)
        slots.give()
        #expect(await next.value)
        slots.give()
        #expect(slots.usage.taken == 0 && slots.usage.waiting == 0)
    }

    @Test("a task cancelled before it asks gets a free slot only")
    func cancelledBeforeAsking() async throws {
        let slots = AttemptSlots(limit: 1)
        let free = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await slots.take()
        }
        #expect(await free.value, "a free slot is taken even by a cancelled task")
        let full = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await slots.take()
        }
        #expect(await full.value == false)
        #expect(slots.usage.taken == 1 && slots.usage.waiting == 0)
    }
}
