import Foundation

extension EngineCore {
    /// A request to fire: the due date it is expected to have (`nil` for a
    /// location trigger), and the date it counts as due.
    struct FireItem: Equatable {
        var app: AppIdentifier
        var identifier: String
        var expectedDate: Date?
        var dueDate: Date
    }

    /// What firing a batch decided, and, once committed, what the store noted.
    struct Firing {
        var deliveries: [Delivery] = []
        var rescheduled: [(AppIdentifier, PendingRequest)] = []
        var finished: [RegionKey] = []
        var badges: [AppIdentifier: Int] = [:]
        /// Deliveries that new ones of the same request identifier replaced in the
        /// center, as the store reports when it saves the deliveries.
        var replaced: [AppIdentifier: [DeliveryID]] = [:]
        /// Each delivery's request as read from its pending row, in the order of
        /// ``deliveries``: the store writes it as it is, unless ``hasOwnRequests``.
        var payloads: [RequestPayload] = []
        /// Whether a delivery's request differs from its pending one (it was
        /// localized), so the deliveries are stored with their own requests.
        var hasOwnRequests = false
        /// The records of the batch's apps as committed with it (badges set), which
        /// presenting uses rather than reading them again; empty for deliveries
        /// recovered from the outbox.
        var apps: [AppIdentifier: AppRecord] = [:]
        /// What localizing the deliveries had to repair (a format stored before
        /// formats were checked, a text cut to its limit), for the engine to log.
        var localizationProblems: [String] = []

        /// Whether the batch changed any app's pending requests.
        var changesPending: Bool { !finished.isEmpty || !rescheduled.isEmpty }

        /// The soonest next fire date of the requests the batch rescheduled,
        /// which the other engines are told of; `nil` if it rescheduled none.
        var soonestNextFireDate: Date? { rescheduled.lazy.compactMap { $0.1.nextFireDate }.min() }
    }

    /// The entries ``takeDue(at:)`` would take at `now`, left in the window; none
    /// while an app is held (it would leave that app's entries).
    func nextDue(at now: Date) -> ArraySlice<DueEntry> {
        guard heldApps.isEmpty else { return [] }
        return window.peekDue(at: now, limit: window.capacity)
    }

    /// Takes the entries due at `now`, at most a window's worth, as items to
    /// fire; those of held apps (``hold(_:now:delay:)``) stay until their date.
    mutating func takeDue(at now: Date) -> [FireItem] {
        heldApps = heldApps.filter { $0.value > now }
        return window.popDue(at: now, limit: window.capacity, skipping: heldApps).map {
            FireItem(app: $0.app, identifier: $0.identifier, expectedDate: $0.date, dueDate: $0.date)
        }
    }

    /// Decides what firing the batch `items` does, from what its transaction
    /// claimed: each item whose row the claim loaded as
    /// ``fire(_:record:request:app:now:into:)`` decides, with the claimed
    /// records of the apps, which take the batch's badges.
    func fire(_ items: [FireItem], claimed claim: FiringClaim, now: Date) -> Firing {
        var firing = Firing(apps: claim.apps)
        firing.payloads.reserveCapacity(items.count)
        for item in items {
            guard let (record, request) = claim.loaded[RegionKey(app: item.app, identifier: item.identifier)] else {
                continue
            }
            fire(item, record: record, request: request, app: claim.apps[item.app], now: now, into: &firing)
        }
        return firing
    }

    /// Decides what firing `item` does, given its pending record as the store
    /// holds it now, the request decoded from it (`nil` if it could not be) and
    /// the app's record: nothing if the record moved on since the item was taken
    /// (another change got there first) or if it is a location trigger's crossing
    /// and the app is not allowed location; otherwise a delivery if the app may be
    /// shown notifications, then the request's next fire date after the due one
    /// — so a repeating request missed many times while the engine was down
    /// fires once and is rescheduled after `now` — or its end.
    func fire(
        _ item: FireItem, record: PendingRecord, request: NotificationRequest?, app: AppRecord?, now: Date,
        into firing: inout Firing
    ) {
        guard record.nextFireDate == item.expectedDate, let app else { return }
        guard let request else {
            firing.finished.append(RegionKey(app: item.app, identifier: item.identifier))
            return
        }
        // A crossing of an app the person has not allowed location fires nothing: the request waits.
        if case .location = request.trigger, !app.preferences.location.status.allowsLocation { return }
        if app.preferences.authorizationStatus.allowsDelivery {
            deliver(request, item: item, payload: record.payload, now: now, app: app, into: &firing)
        }
        if let trigger = request.trigger, trigger.repeats, case .location = trigger {
            return
        }
        if let trigger = request.trigger,
            let next = schedule.nextFireDate(after: item.dueDate, now: now, trigger: trigger, addedAt: record.addedDate)
        {
            let pending = PendingRequest(request: request, nextFireDate: next, addedDate: record.addedDate)
            firing.rescheduled.append((item.app, pending))
        } else {
            firing.finished.append(RegionKey(app: item.app, identifier: item.identifier))
        }
    }

    /// Adds the delivery of `request` (read as `payload`), localized now and
    /// with its category as it is now, to the batch, and the badge it sets.
    private func deliver(
        _ request: NotificationRequest, item: FireItem, payload: RequestPayload, now: Date, app: AppRecord,
        into firing: inout Firing
    ) {
        var request = request
        if !request.content.localizations.isEmpty {
            // Localized now, in the user's language: the delivery keeps the text shown.
            request.content = request.content.localized(for: rules.preferredLanguages) { problem in
                firing.localizationProblems.append(
                    "request \(Validator.quoted(item.identifier)) of \(item.app): \(problem)")
            }
            firing.hasOwnRequests = true
        }
        firing.deliveries.append(Delivery(
            id: DeliveryID(), app: item.app, request: request, scheduledDate: item.dueDate, date: now,
            isLate: now.timeIntervalSince(item.dueDate) >= rules.lateTolerance,
            category: app.category(of: request.content)))
        firing.payloads.append(payload)
        if let badge = request.content.badge, app.preferences.allowsBadges {
            firing.badges[item.app] = badge
            firing.apps[item.app]?.badge = badge
        }
    }

    /// A batch decided as `firing` committed.
    mutating func committed(_ firing: Firing) {
        forget(firing.finished)
        for key in firing.finished {
            pendingCounts[key.app, default: 0] -= 1
        }
        for (app, pending) in firing.rescheduled {
            watch(pending, for: app)
        }
    }
}
