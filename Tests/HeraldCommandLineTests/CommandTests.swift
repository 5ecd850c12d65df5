import ArgumentParser
import Foundation
import HeraldAPI
import HeraldClient
import HeraldCommandLine
import NotificationEngine
import Testing

/// The commands' parsing and validation, before any call to the daemon.
struct CommandTests {
    @Test func scheduleBuildsItsRequest() throws {
        let command = try ScheduleCommand.parse([
            "--app", "com.example.todo", "--id", "walk", "--title", "Task Reminder", "--body", "Walk Dog!!",
            "--every", "1m", "--category", "reminder", "--sound", "default", "--badge", "1", "--data", #"{"k": true}"#,
        ])
        let request = try command.request()
        #expect(request == API.Request(
            identifier: "walk",
            content: API.Content(
                title: "Task Reminder", body: "Walk Dog!!", badge: 1, sound: "default", userInfo: ["k": true],
                categoryIdentifier: "reminder"),
            trigger: .timeInterval(interval: 60, repeats: true)))
        #expect(command.app == "com.example.todo")
    }

    @Test(arguments: [
        ["--in", "90s", "--at", "2026-12-01T09:00"], ["--every", "10s"], ["--repeat"], ["--calendar", "hour=25"],
        ["--badge", "-2"], ["--data", "[]"], ["--in", "soon"],
    ])
    func scheduleRefusesBadOptionsWhileParsing(extra: [String]) {
        let arguments = ["--app", "a", "--id", "x", "--title", "T"] + extra
        #expect(throws: (any Error).self) { try ScheduleCommand.parse(arguments) }
        do {
            _ = try ScheduleCommand.parse(arguments)
        } catch {
            #expect(CommandLineRunner.exitStatus(for: error, root: ScheduleCommand.self) == 2)
        }
    }

    @Test func registerNamesTheAppAfterItsIdentifierUnlessToldOtherwise() throws {
        let plain = try AppsCommand.Register.parse(["com.example.todo"]).registration
        #expect(plain.identifier == "com.example.todo")
        #expect(plain.name == "com.example.todo")
        #expect(plain.webhookURL == nil)
        let named = try AppsCommand.Register.parse(["com.example.todo", "--name", "Todo", "--webhook", "http://127.0.0.1:9/hook"])
            .registration
        #expect(named.name == "Todo")
        #expect(named.webhookURL == "http://127.0.0.1:9/hook")
        #expect(throws: (any Error).self) { try AppsCommand.Register.parse(["--name", "Todo"]) }
    }

    @Test func cancelNeedsIdentifiersOrAll() throws {
        #expect(try CancelCommand.parse(["--app", "a", "x", "y"]).identifiers == ["x", "y"])
        #expect(try CancelCommand.parse(["--app", "a", "--all"]).all)
        #expect(throws: (any Error).self) { try CancelCommand.parse(["--app", "a"]) }
        #expect(throws: (any Error).self) { try CancelCommand.parse(["--app", "a", "--all", "x"]) }
        #expect(throws: (any Error).self) { try RemoveDeliveredCommand.parse(["--app", "a"]) }
    }

    @Test func otherCommandsValidateTheirArguments() throws {
        #expect(throws: (any Error).self) { try BadgeCommand.parse(["--app", "a", "-1"]) }
        #expect(try BadgeCommand.parse(["--app", "a", "0"]).number == 0)
        #expect(throws: (any Error).self) { try ClockCommand.parse(["--advance", "0"]) }
        #expect(try ClockCommand.parse(["--advance", "1h30m"]).advance == "1h30m")
        #expect(throws: (any Error).self) { try AuthorizeCommand.parse(["--app", "a", "--options", "alert,loud"]) }
        #expect(throws: (any Error).self) { try CategoriesCommand.Set.parse(["--app", "a", "--file", "/nonexistent.json"]) }
        let respond = try RespondCommand.parse(["D1", "default", "--text", "hi"])
        #expect(respond.deliveryID == "D1")
        #expect(respond.action == "default")
        #expect(respond.text == "hi")
    }

    @Test func sharedOptionsFindTheDaemon() throws {
        let command = try PendingCommand.parse(["--app", "a", "--url", "http://127.0.0.1:9", "--token", "t", "--json"])
        #expect(command.output.json)
        let client = try command.connection.client(environment: [:])
        #expect(client.endpoint == .init(url: URL(string: "http://127.0.0.1:9")!, token: "t"))
    }

    @Test func exitStatusesFollowTheFailure() {
        let root = ScheduleCommand.self
        #expect(CommandLineRunner.exitStatus(for: HeraldClientError(.refused, "no", status: 409), root: root) == 1)
        #expect(CommandLineRunner.exitStatus(for: HeraldClientError(.invalidResponse, "?"), root: root) == 1)
        #expect(CommandLineRunner.exitStatus(for: HeraldClientError(.daemonUnreachable, "none"), root: root) == 3)
        #expect(CommandLineRunner.exitStatus(for: HeraldClientError(.credentialsUnavailable, "none"), root: root) == 3)
        #expect(CommandLineRunner.exitStatus(for: ValidationError("bad"), root: root) == 2)
        #expect(CommandLineRunner.exitStatus(for: ExitCode(7), root: root) == 7)
    }
}

/// `herald push send`: the payload its options make.
struct PushSendCommandTests {
    @Test func payloadFromOptions() throws {
        let command = try PushCommand.Send.parse([
            String(repeating: "0", count: 64), "--title", "Hi", "--body", "There", "--badge", "2", "--sound", "default",
            "--category", "message", "--collapse-id", "c1",
        ])
        let push = try command.push()
        #expect(push.pushType == "alert" && push.collapseID == "c1" && push.topic == nil)
        #expect(
            push.payload
                == .object([
                    "aps": .object([
                        "alert": .object(["title": .string("Hi"), "body": .string("There")]), "badge": .number(2),
                        "sound": .string("default"), "category": .string("message"),
                    ])
                ]))
        let background = try PushCommand.Send.parse([String(repeating: "0", count: 64), "--background"]).push()
        #expect(background.pushType == "background")
        #expect(background.payload == .object(["aps": .object(["content-available": .number(1)])]))
    }
}
