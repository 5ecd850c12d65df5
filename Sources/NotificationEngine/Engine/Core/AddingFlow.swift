import Foundation

/// The adding flow's bookkeeping, without I/O: each add's result as the group
/// goes through, and what the engine does once the group's transaction is over
/// (``Event`` in, ``Action``s out). The runtime (`NotificationEngine+Adding.swift`)
/// imports attachments, plans and writes, and runs the actions.
struct AddingFlow {
    /// One add of the group: what one `add` call adds.
    typealias Add = (requests: [NotificationRequest], app: AppIdentifier)

    /// An add of the group the transaction planned.
    struct Planned {
        var index: Int
        var app: AppIdentifier
        var plan: EngineCore.AddPlan
    }

    enum Event {
        /// The group's transaction committed `planned` at `now`.
        case committed([Planned], now: Date)
        /// The group's transaction failed with `error`; the adds at `candidates`
        /// were in it.
        case failed(candidates: [Int], error: any Error)
    }

    enum Action: Equatable {
        /// The app's pending requests changed.
        case emitPendingChanged(AppIdentifier)
        /// Requests were evicted or replaced: their attachments may be free.
        case sweepAttachments
        /// A request added is due now.
        case fireDue
        /// The add at this index is made again on its own.
        case retryAlone(Int)
    }

    var adds: [Add]
    /// Each add's result, once it has one.
    var results: [Result<AddResult, any Error>?]
    /// The attachments the adds stored, pinned until the group is done.
    var pinned: [String] = []

    init(_ adds: [Add]) {
        self.adds = adds
        results = Array(repeating: nil, count: adds.count)
    }

    /// Whether the group is one `add` call, which is refused as a whole.
    var isLone: Bool { adds.count == 1 }

    var refusedAny: Bool {
        results.contains { result in
            if case .failure = result { true } else { false }
        }
    }

    mutating func refuse(_ index: Int, _ error: any Error) {
        results[index] = .failure(error)
    }

    /// What the engine does after `event`: for a commit, each app that changed
    /// hears of it once, in the order of its first add, then attachments are
    /// swept if any were freed, then what is due now fires; for a failure of a
    /// group of several, each add in it is made again alone (a lone add's
    /// failure is its result).
    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .committed(let planned, let now):
            var changed: [AppIdentifier] = []
            var (freed, firesNow) = (false, false)
            for add in planned {
                results[add.index] = .success(AddResult(evictedIdentifiers: add.plan.evicted.map { $0.request.identifier }))
                if !changed.contains(add.app) { changed.append(add.app) }
                freed = freed || !add.plan.evicted.isEmpty || !add.plan.replaced.isEmpty
                firesNow = firesNow || add.plan.items.contains { $0.nextFireDate.map { $0 <= now } ?? false }
            }
            return changed.map(Action.emitPendingChanged) + (freed ? [.sweepAttachments] : [])
                + (firesNow ? [.fireDue] : [])
        case .failed(let candidates, let error):
            guard !isLone else {
                candidates.forEach { refuse($0, error) }
                return []
            }
            for index in candidates { results[index] = nil }
            return candidates.map(Action.retryAlone)
        }
    }
}
