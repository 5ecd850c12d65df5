import Foundation
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// README.md's program, as its `main.swift` would run it.
func readmeProgram() async throws {
    func remindToWalkTheDog() async throws {
        // The engine in this process, on a real clock, printing each delivery to the terminal.
        let engine = try NotificationEngine(
            store: .inMemory, scheduler: QueueScheduler(name: "herald"),
            configuration: .init(authorizationPolicy: .grantAll), presenters: [TerminalPresenter()])
        let center = try UNUserNotificationCenter.configure(appIdentifier: "com.example.nagme", service: engine)

        // From here on, the code is what it is on iOS 10+.
        _ = try await center.requestAuthorization(options: [.alert, .sound])
        let content = UNMutableNotificationContent()
        content.title = "Task Reminder"
        content.body = "Walk Dog!!"
        content.sound = .default
        try await center.add(UNNotificationRequest(
            identifier: "Walk Dog", content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 2, repeats: false)))
        try await Task.sleep(for: .seconds(3))   // the terminal shows "Task Reminder" after 2 s
    }

    try await remindToWalkTheDog()
}

@Suite("README.md")
struct ReadmeExamples {
    @Test("The program prints its reminder to the terminal, on the real clock")
    func program() async throws {
        // A process of its own: the program configures the process's shared center.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            try await readmeProgram()
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("com.example.nagme"), "printed: \(output)")
        #expect(output.contains("Task Reminder"))
        #expect(output.contains("Walk Dog!!"))
    }
}
