import Foundation

extension UserService {
    /// The unit file and the user manager's view of the service:
    /// `systemctl --user is-enabled` and `is-active`.
    ///
    /// - Throws: ``SystemIntegrationError/Code/unitFileFailed`` when the file exists
    ///   but cannot be read.
    package func status() throws(SystemIntegrationError) -> ServiceStatus {
        let text = try file.read()
        var status = ServiceStatus(
            unitFile: file.url.path, installed: text != nil, writtenByHerald: text.map(ServiceUnit.isWrittenByHerald),
            execStart: text.flatMap(ServiceUnit.execStart(in:)))
        (status.enabled, status.systemctlError) = ask("is-enabled", status.systemctlError)
        (status.active, status.systemctlError) = ask("is-active", status.systemctlError)
        return status
    }

    /// The word `systemctl --user question herald.service` prints (`is-active` exits
    /// non-zero for `inactive`, which is an answer); else `nil` and the first reason it gave none.
    private func ask(_ question: String, _ earlierError: String?) -> (String?, String?) {
        do throws(SystemIntegrationError) {
            let result = try context.systemctl.run([question, ServiceUnit.name])
            let answer = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            return answer.isEmpty ? (nil, earlierError ?? result.reason) : (answer, earlierError)
        } catch {
            return (nil, earlierError ?? error.message)
        }
    }
}
