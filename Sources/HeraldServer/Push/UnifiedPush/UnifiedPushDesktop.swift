import Foundation
import PushService

/// The desktop a node's UnifiedPush distributor serves: its machine, by D-Bus's
/// machine id. The store names a desktop app `<machine>/<D-Bus name>`
/// (``PushService/PushAgent`` `.unifiedPush`), so nodes on different machines that
/// share one database each reach their own desktop's apps only, and an app of the same
/// name on two machines is two receivers.
struct UnifiedPushDesktop: Sendable, Equatable {
    /// The machine's identifier (`/etc/machine-id`).
    let machine: String

    /// The receiver of app `service` on this desktop.
    func agent(for service: String) -> PushAgent {
        PushAgent(.unifiedPush, "\(machine)/\(service)")
    }

    /// The D-Bus name of `agent`, when it is an app of this desktop; `nil` for another's.
    func service(of agent: PushAgent) -> String? {
        guard agent.kind == .unifiedPush, agent.name.hasPrefix("\(machine)/") else { return nil }
        return String(agent.name.dropFirst(machine.count + 1))
    }

    /// The apps of this desktop that hold registrations in `store`.
    func apps(in store: any PushResourceStore) async throws -> [PushAgent] {
        try await store.agents(of: .unifiedPush).filter { service(of: $0) != nil }
    }

    /// This machine's desktop: D-Bus's machine id (`/etc/machine-id`, or
    /// `/var/lib/dbus/machine-id`), else the host's name.
    static func current() -> UnifiedPushDesktop {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                let machine = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !machine.isEmpty, !machine.contains("/") { return UnifiedPushDesktop(machine: machine) }
            }
        }
        return UnifiedPushDesktop(machine: ProcessInfo.processInfo.hostName.replacingOccurrences(of: "/", with: "-"))
    }
}

extension PushAgent {
    /// What a person sees of this receiver: a browser's identifier, or a desktop
    /// app's D-Bus name without its machine.
    var displayName: String {
        guard kind == .unifiedPush, let slash = name.firstIndex(of: "/") else { return name }
        return String(name[name.index(after: slash)...])
    }
}
