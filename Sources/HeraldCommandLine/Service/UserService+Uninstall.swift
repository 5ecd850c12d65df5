import Foundation

extension UserService {
    /// Stops and disables the service (`systemctl --user disable --now`), removes its
    /// file, and reloads the user manager.
    ///
    /// Without a user manager to reach, it still removes the file and the link
    /// `enable` made, and warns that a running daemon was not stopped.
    ///
    /// - Throws: ``SystemIntegrationError/Code/unitConflict`` when the `herald.service`
    ///   there is not one Herald wrote; ``SystemIntegrationError/Code/unitFileFailed``
    ///   when it cannot be removed.
    package func uninstall() throws(SystemIntegrationError) {
        guard let text = try file.read() else {
            return context.write("\(ServiceUnit.name) is not installed (there is no \(file.url.path)).\n")
        }
        guard ServiceUnit.isWrittenByHerald(text) else {
            throw SystemIntegrationError(
                .unitConflict, "\(file.url.path) was not written by herald service install; leaving it alone")
        }
        let stopped = disable()
        if !stopped, try file.removeWantsLink() {
            context.write("Removed the link \(file.wantsLink.path)\n")
        }
        try file.remove()
        context.write("Removed \(file.url.path)\n")
        if stopped { reloadAfterRemoval() }
    }

    /// `systemctl --user disable --now herald.service`; whether it worked, with a
    /// warning when it did not.
    private func disable() -> Bool {
        let reason: String
        do throws(SystemIntegrationError) {
            let result = try context.systemctl.run(["disable", "--now", ServiceUnit.name])
            if result.status == 0 {
                context.write("Stopped and disabled \(ServiceUnit.name)\n")
                return true
            }
            reason = result.reason
        } catch {
            reason = error.message
        }
        context.warn(
            "warning: systemctl --user could not stop and disable \(ServiceUnit.name) (\(reason)); removing its file "
                + "anyway. If a herald serve it started still runs, stop it yourself.")
        return false
    }

    /// `systemctl --user daemon-reload`, so the manager forgets the removed unit; a
    /// failure is only a warning.
    private func reloadAfterRemoval() {
        let result = try? context.systemctl.run(["daemon-reload"])
        guard result?.status != 0 else { return }
        context.warn("warning: systemctl --user daemon-reload failed (\(result?.reason ?? "no systemctl")); run it yourself")
    }
}
