import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// Where one delivery goes (``PresentationPolicy/route(isForeground:hasHandler:)``),
    /// with the foreground app's handler.
    private enum Route {
        case foreground(any NotificationAppHandler)
        case foregroundWithoutHandler
        case background
    }

    /// Hands a committed batch on: badges, events, then each delivery by its
    /// route. Returns the deliveries handed over at once, whose outbox entries
    /// the caller clears; a foreground app's are cleared when it has answered.
    func present(_ firing: Firing) -> [DeliveryID] {
        let presenters = self.presenters
        for (app, replaced) in firing.replaced {
            emit(.withdrawn(app: app, deliveries: replaced))
        }
        // Presenters hear of the replaced deliveries after the new ones are shown, so
        // one that keeps a notification on screen can replace it in place (the
        // desktop's `replaces_id`) instead of closing it first.
        defer {
            for (app, replaced) in firing.replaced {
                presenters.forEach { $0.withdraw(replaced, of: app) }
            }
        }
        for (app, badge) in firing.badges {
            presenters.forEach { $0.badgeChanged(to: badge, for: app) }
            emit(.badgeChanged(app: app, badge: badge))
        }
        let apps = appContexts(for: Set(firing.deliveries.map(\.app)), known: firing.apps)
        let quiet = currentQuietState()
        var done: [DeliveryID] = []
        var held: [(Delivery, AppRecord)] = []
        for delivery in firing.deliveries {
            emit(.delivered(delivery))
            deliverySubject.send(delivery)
            // An app whose record cannot be read leaves its deliveries in the outbox,
            // to be shown when the engine next starts, rather than lost.
            guard let (route, record) = apps[delivery.app] else { continue }
            switch route {
            case .foreground(let handler):
                askForeground(handler, about: delivery)
            case .foregroundWithoutHandler:
                unlist(delivery)
                done.append(delivery.id)
            case .background:
                let decision = FocusPolicy.decide(for: delivery, of: record, quiet: quiet)
                guard case .hold = decision else {
                    show(delivery, decision, record: record, to: presenters)
                    done.append(delivery.id)
                    continue
                }
                held.append((delivery, record))
            }
        }
        if let until = quiet.nextSummary, !held.isEmpty {
            done += hold(held, until: until, presenters: presenters)
        }
        return done
    }

    /// Shows a delivery the presenters get at once, as the Focus policy decided.
    func show(
        _ delivery: Delivery, _ decision: FocusPolicy.Decision, record: AppRecord, to presenters: [any Presenter]
    ) {
        let isQuiet = decision == .quiet
        show(
            delivery, style: isQuiet ? AlertStyle.none : nil, withSound: !isQuiet, breaksThrough: decision == .breakThrough,
            record: record, to: presenters)
    }

    /// Each app's route and record, for a whole batch: the records `known` from
    /// its commit, others read; the routes under one lock. An app whose record
    /// cannot be read has none (logged).
    private func appContexts(
        for apps: Set<AppIdentifier>, known: [AppIdentifier: AppRecord]
    ) -> [AppIdentifier: (Route, AppRecord)] {
        let records = apps.reduce(into: [AppIdentifier: AppRecord]()) { records, app in
            if let found = known[app] {
                records[app] = found
                return
            }
            do {
                records[app] = try record(app)
            } catch {
                logger.error("the record of \(app) cannot be read; its deliveries wait in the outbox: \(error)")
            }
        }
        return state.withLock { state in
            records.reduce(into: [:]) { contexts, entry in
                contexts[entry.key] = (route(for: entry.key, in: state), entry.value)
            }
        }
    }

    private func route(for app: AppIdentifier, in state: EngineState) -> Route {
        let handler = state.connections[app]?.handler
        switch PresentationPolicy.route(isForeground: state.foreground.contains(app), hasHandler: handler != nil) {
        case .foreground: return handler.map(Route.foreground) ?? .foregroundWithoutHandler
        case .foregroundWithoutHandler: return .foregroundWithoutHandler
        case .background: return .background
        }
    }

    /// Asks the foreground app how to show the delivery; no answer within the
    /// handler timeout counts as "not shown".
    private func askForeground(_ handler: any NotificationAppHandler, about delivery: Delivery) {
        let call = HandlerCall<PresentationOptions>(
            engine: self, what: "willPresent for delivery \(delivery.id) of \(delivery.app)", fallback: []
        ) { [weak self] options in
            self?.finishForeground(delivery, options: options)
        }
        handler.willPresent(withStoreURLs(delivery)) { options in call.complete(options) }
    }

    private func finishForeground(_ delivery: Delivery, options: PresentationOptions) {
        // The app was forgotten while its handler decided: nothing is left to show.
        guard isStored(delivery.id) else { return }
        let outcome = PresentationPolicy.foregroundOutcome(options)
        if outcome.unlists {
            unlist(delivery)
        }
        if outcome.shows, let record = try? record(delivery.app) {
            show(delivery, style: outcome.style, withSound: outcome.withSound, record: record, to: presenters)
        }
        clearOutbox([delivery.id])
    }

    /// Builds the presentation as ``PresentationPolicy/look(of:style:withSound:record:)``
    /// decides it and hands it to every presenter. `style` overrides the app's alert style.
    private func show(
        _ delivery: Delivery, style: AlertStyle?, withSound: Bool, breaksThrough: Bool = false, record found: AppRecord,
        to presenters: [any Presenter]
    ) {
        let presentation = self.presentation(
            of: delivery, style: style, withSound: withSound, breaksThrough: breaksThrough, record: found)
        presenters.forEach { $0.present(presentation) }
        emit(.presented(presentation))
    }

    /// The presentation ``PresentationPolicy/look(of:style:withSound:record:)`` decides,
    /// with its sound looked up.
    func presentation(
        of delivery: Delivery, style: AlertStyle?, withSound: Bool, breaksThrough: Bool, record found: AppRecord
    ) -> Presentation {
        let look = PresentationPolicy.look(of: delivery, style: style, withSound: withSound, record: found)
        let sound =
            look.playsSound
            ? configuration.soundLibrary.resolve(
                delivery.request.content.sound, maximum: configuration.maximumSoundDuration) : nil
        return Presentation(
            delivery: delivery, style: look.style, sound: sound, badge: look.badge, actions: look.actions,
            bannerActions: look.bannerActions, reportsDismissal: look.reportsDismissal, breaksThrough: breaksThrough)
    }

    /// Whether the store still has the delivery; `true` if it cannot tell.
    private func isStored(_ id: DeliveryID) -> Bool {
        do {
            return try read { try $0.delivery(id) } != nil
        } catch {
            logger.error("looking up delivery \(id) failed: \(error)")
            return true
        }
    }

    /// Takes a delivery out of the notification center (it stays answerable).
    private func unlist(_ delivery: Delivery) {
        do {
            try write { try $0.updateDelivery(delivery.id, isListed: false, isAnswered: false) }
        } catch {
            logger.error("unlisting delivery \(delivery.id) failed: \(error)")
        }
    }

    func clearOutbox(_ ids: [DeliveryID]) {
        guard !ids.isEmpty else { return }
        do {
            try write { try $0.removeFromOutbox(ids) }
        } catch {
            logger.error("clearing \(ids.count) outbox entries failed; they will be presented again: \(error)")
        }
    }
}
