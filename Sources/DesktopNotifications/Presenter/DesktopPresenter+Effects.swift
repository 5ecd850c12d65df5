import Foundation
import Logging
import Synchronization
import NotificationEngine

extension DesktopPresenter {
    /// Runs `effects` on the presenter's queue, in order.
    func run(_ effects: [DesktopState.Effect]) {
        guard !effects.isEmpty else { return }
        queue.async { [self] in perform(effects) }
    }

    /// Runs `effects` now, on the presenter's queue.
    func perform(_ effects: [DesktopState.Effect]) {
        for effect in effects {
            switch effect {
            case .notify(let id, let replacing): notify(id, replacing: replacing)
            case .close(let serverID): close(serverID)
            case .respond(let id, let action, let text, let opensApp, let token):
                respond(id, action: action, text: text, opensApp: opensApp, token: token)
            case .openReplyBox(let id, let action, let token):
                openCenter(query: "reply=\(id)&action=\(Self.queryEscaped(action))", token: token)
            case .notifySummary(let summary): notify(summary)
            case .openSummary(let token): openCenter(query: "summary", token: token)
            }
        }
    }

    private func notify(_ id: DeliveryID, replacing: UInt32) {
        // No server was there at start: asking for its capabilities starts one the bus
        // can activate, and the notification goes out with what it can show.
        if !hasAttached { attach(isRestart: false) }
        guard let (presentation, mapping) = state.withLock({ state in state.presentation(of: id).map { ($0, state.mapping) } })
        else { return }
        let request = mapping.request(
            for: presentation, app: app(presentation.delivery.app), replacing: replacing,
            imagePath: imagePath(of: presentation.delivery.request.content))
        do {
            let serverID = try server.notify(request)
            faults.clear("notify")
            run(state.withLock { $0.notified(id, serverID: serverID) })
        } catch {
            state.withLock { $0.notifyFailed(id) }
            faults.report("notify", "cannot show delivery \(id) on the desktop (\(error)); it is in the web notification center")
        }
    }

    private func notify(_ summary: NotificationSummary) {
        if !hasAttached { attach(isRestart: false) }
        let mapping = state.withLock { $0.mapping }
        let names = Dictionary(summary.groups.map { ($0.app, app($0.app).name) }) { first, _ in first }
        let request = mapping.request(for: summary, names: names)
        do {
            let serverID = try server.notify(request)
            faults.clear("notify")
            state.withLock { $0.summaryNotified(serverID: serverID) }
        } catch {
            faults.report("notify", "cannot show the scheduled summary on the desktop (\(error)); it is in the web notification center")
        }
    }

    private func close(_ serverID: UInt32) {
        do {
            try server.close(serverID)
        } catch {
            logger.debug("cannot close desktop notification \(serverID): \(error)")
        }
    }

    private func respond(_ id: DeliveryID, action: String, text: String?, opensApp: Bool, token: String?) {
        let locked = state.withLock { $0.isLocked }
        do {
            try engine.respond(to: id, actionIdentifier: action, userText: text, authenticated: !locked)
        } catch {
            logger.notice("the desktop's answer \(action) to delivery \(id) was refused: \(error)")
            return
        }
        guard opensApp, let delivery = try? engine.delivery(id) else { return }
        if let url = app(delivery.app).url {
            open(url, token: token)
        } else {
            openCenter(query: "app=\(Self.queryEscaped(delivery.app.rawValue))", token: token)
        }
    }

    private func openCenter(query: String, token: String?) {
        guard let center = centerURL else {
            logger.warning("no web notification center to open for \(query)")
            return
        }
        open(center + "/?" + query, token: token)
    }

    /// Opens a page of the daemon signed in, when the daemon gave a way to.
    private func open(_ url: String, token: String?) {
        let center = centerURL
        if let center, url.hasPrefix(center + "/"), let signIn = signIn.withLock({ $0 }) {
            return opener.open(signIn(String(url.dropFirst(center.count))), activationToken: token)
        }
        opener.open(url, activationToken: token)
    }

    /// The stored file of the content's first image attachment.
    private func imagePath(of content: NotificationContent) -> String? {
        let image = content.attachments.first { $0.type.kind == .image && $0.thumbnail.isHidden != true }
        return image.flatMap { engine.storedFile(of: $0)?.path }
    }

    func sendBadge(_ badge: Int, for identifier: AppIdentifier) {
        do {
            try LauncherEntry.send(badge, for: app(identifier), on: connection)
        } catch {
            faults.report("badge", "cannot send the badge of \(identifier) to docks: \(error)")
        }
    }

    /// The folder of the apps' `.desktop` files, for this presenter's owner; `nil`
    /// when the presenter writes none.
    var entryFolder: DesktopEntryFolder? {
        configuration.applicationsDirectory.map { DesktopEntryFolder(directory: $0, owner: configuration.owner) }
    }

    func writeEntry(for app: DesktopApp) {
        guard let folder = entryFolder else { return }
        let open = app.url ?? centerURL.map { $0 + "/?app=" + Self.queryEscaped(app.identifier.rawValue) }
        guard let open else { return }
        do {
            try folder.write(DesktopEntry(app: app, exec: ["xdg-open", open], owner: folder.owner))
        } catch {
            faults.report("desktop-file", "cannot write the .desktop file of \(app.identifier) in \(folder.directory.path): \(error)")
        }
    }

    func removeEntries(except apps: Set<AppIdentifier>) {
        guard let folder = entryFolder else { return }
        do {
            try folder.removeAll(except: apps)
        } catch {
            logger.warning("cannot remove old .desktop files in \(folder.directory.path): \(error)")
        }
    }

    static func queryEscaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
