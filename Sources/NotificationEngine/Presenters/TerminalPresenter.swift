public import Foundation
import Synchronization

/// A presenter that prints notifications to a terminal, one block each:
///
/// ```text
/// ┌ com.example.nagme · 09:15:00 · banner · sound
/// │ Task Reminder
/// │ Walk Dog!!
/// └ [cancel] Cancel  (delivery 5F1D…)
/// ```
///
/// It writes to standard output by default, or to any closure (a log file, a
/// test's buffer). A delivery handed over again after a crash is printed once:
/// the presenter remembers the identifiers it printed.
public final class TerminalPresenter: Presenter {
    private let write: @Sendable (String) -> Void
    private let timeZone: TimeZone
    private let printed = Mutex<Set<DeliveryID>>([])

    /// Prints to `write`, times in `timeZone`.
    ///
    /// - Parameters:
    ///   - timeZone: The zone of the delivery times printed; the system's by default.
    ///   - write: Receives each block of text, newline included; by default it
    ///     prints to standard output.
    public init(
        timeZone: TimeZone = .current,
        write: @escaping @Sendable (String) -> Void = { print($0, terminator: "") }
    ) {
        self.timeZone = timeZone
        self.write = write
    }

    /// Prints the delivery's block, once per delivery, with every control character
    /// of the app's text written out (see ``TerminalText``); a presentation with the
    /// style ``AlertStyle/none`` (notification center only) prints nothing. An
    /// alert lists all the category's actions, a banner its banner actions.
    public func present(_ presentation: Presentation) {
        guard presentation.style != .none else { return }
        guard printed.withLock({ $0.insert(presentation.delivery.id).inserted }) else { return }
        write(render(presentation))
    }

    /// Prints the scheduled summary: a line `◆ Scheduled summary · <time>`, then each
    /// group's line and its notifications' blocks, most relevant first.
    public func presentSummary(_ summary: NotificationSummary) {
        var text = "◆ Scheduled summary · \(time(summary.date))\n"
        for group in summary.groups {
            text += "◆ \(TerminalText.escaped(group.app.rawValue)) · \(TerminalText.escaped(group.text))\n"
            for presentation in group.presentations
            where printed.withLock({ $0.insert(presentation.delivery.id).inserted }) {
                text += render(presentation)
            }
        }
        write(text)
    }

    /// Prints `● <app> badge <number>`.
    public func badgeChanged(to badge: Int, for app: AppIdentifier) {
        write("● \(TerminalText.escaped(app.rawValue)) badge \(badge)\n")
    }

    /// Prints the question, `? <app> asks to send notifications (alerts, sounds)`;
    /// answer it with ``NotificationEngine/answerAuthorization(for:granted:)``.
    public func authorizationRequested(for app: AppIdentifier, options: AuthorizationOptions) {
        let wanted = [(AuthorizationOptions.alert, "alerts"), (.sound, "sounds"), (.badge, "badges")]
            .filter { options.contains($0.0) }.map(\.1).joined(separator: ", ")
        write("? \(TerminalText.escaped(app.rawValue)) asks to send notifications (\(wanted.isEmpty ? "nothing" : wanted))\n")
    }

    func render(_ presentation: Presentation) -> String {
        let delivery = presentation.delivery
        let content = delivery.request.content
        var header = [TerminalText.escaped(delivery.app.rawValue), time(delivery.date), presentation.style.rawValue]
        if presentation.sound != nil { header.append("sound") }
        if delivery.isLate { header.append("late") }
        var lines = ["┌ " + header.joined(separator: " · ")]
        for text in [content.title, content.subtitle, content.body] where !text.isEmpty {
            // Newlines stay inside the block; every other control is written out.
            lines.append("│ " + TerminalText.escaped(text, keepingNewlines: true).replacingOccurrences(of: "\n", with: "\n│ "))
        }
        let actions = presentation.style == .alert ? presentation.actions : presentation.bannerActions
        let buttons = actions.map { "[\(TerminalText.escaped($0.identifier))] \(TerminalText.escaped($0.title))" }
            .joined(separator: "  ")
        lines.append("└ \(buttons.isEmpty ? "" : buttons + "  ")(delivery \(delivery.id))")
        return lines.joined(separator: "\n") + "\n"
    }

    private func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
