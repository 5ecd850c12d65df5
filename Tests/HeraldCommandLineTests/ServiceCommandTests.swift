import ArgumentParser
import Foundation
import HeraldCommandLine
import HeraldTestSupport
import Testing

/// A home directory of its own for `herald service`, with a recording `systemctl`.
struct ServiceFixture {
    let home: TemporaryDirectory
    let systemctl: RecordingSystemctl
    let output = TextRecorder()
    let warnings = TextRecorder()
    /// The executable the units run: the built `herald`, which `systemd-analyze verify` checks exists.
    var executable = HeraldBinary.url.path

    init(systemctl: RecordingSystemctl = RecordingSystemctl()) throws {
        home = try TemporaryDirectory()
        self.systemctl = systemctl
    }

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": home.path("config"), "HOME": home.path("home"), "XDG_DATA_HOME": home.path("data")]
    }

    var context: ServiceContext {
        let (executable, output, warnings) = (executable, output, warnings)
        return ServiceContext(
            environment: environment, workingDirectory: home.url.path, executable: { executable },
            systemctl: systemctl, write: { output.append($0) }, warn: { warnings.append($0 + "\n") })
    }

    var unitFile: URL { home.url.appendingPathComponent("config/systemd/user/herald.service") }

    func unitText() throws -> String {
        try String(contentsOf: unitFile, encoding: .utf8)
    }

    func install(_ arguments: String...) throws {
        try ServiceCommand.Install.parse(arguments).install(in: context)
    }
}

/// The unit `herald service install` writes, its text exactly.
struct ServiceUnitTests {
    @Test func rendersTheUnit() throws {
        let unit = try ServiceUnit(
            executable: "/usr/local/bin/herald", port: 7878, host: "127.0.0.1",
            dataDirectory: "/home/ada/.local/share/herald", desktop: .auto)
        #expect(unit.render() == """
            # Written by herald service install
            # `herald service uninstall` stops, disables and removes it.
            [Unit]
            Description=Herald notification daemon
            After=graphical-session.target

            [Service]
            Type=notify
            ExecStart=/usr/local/bin/herald serve --port 7878 --host 127.0.0.1 --data-dir /home/ada/.local/share/herald --desktop auto
            Restart=on-failure
            RestartSec=2
            LimitNOFILE=8192

            [Install]
            WantedBy=default.target

            """)
    }

    @Test func quotesAndEscapesByTheRulesOfSystemd() throws {
        let unit = try ServiceUnit(
            executable: "/opt/my apps/herald%1", port: 0, host: "::1",
            dataDirectory: #"/data/it's "50%" \ $HOME"#, desktop: .off)
        #expect(unit.execStart == #""/opt/my apps/herald%%1" serve --port 0 --host ::1 --data-dir "/data/it's \"50%%\" \\ $$HOME" --desktop off"#)
        let odd = try ServiceUnit(executable: "/bin/herald", port: 1, host: "", dataDirectory: "/a\nb\u{1}c", desktop: .on)
        #expect(odd.execStart == #"/bin/herald serve --port 1 --host "" --data-dir "/a\nb\x01c" --desktop on"#)
        let semicolon = try ServiceUnit(executable: "/bin/herald", port: 1, host: ";", dataDirectory: "/100%", desktop: .on)
        #expect(semicolon.execStart == #"/bin/herald serve --port 1 --host ";" --data-dir /100%% --desktop on"#)
    }

    @Test(arguments: ["herald", "/bin/her\"ald", "/bin/her'ald", #"/bin/her\ald"#, "/bin/$herald", "/bin/her\nald"])
    func refusesExecutablesSystemdCannotRun(_ path: String) {
        let error = #expect(throws: SystemIntegrationError.self) {
            try ServiceUnit(executable: path, port: 1, host: "h", dataDirectory: "/d", desktop: .auto)
        }
        #expect(error?.code == .executableUnusable)
    }

    @Test func recognizesItsOwnUnitsAndTheirCommand() throws {
        let unit = try ServiceUnit(executable: "/bin/herald", port: 9, host: "h", dataDirectory: "/d", desktop: .auto)
        #expect(ServiceUnit.isWrittenByHerald(unit.render()))
        #expect(!ServiceUnit.isWrittenByHerald("[Service]\nExecStart=/bin/herald serve\n"))
        #expect(ServiceUnit.execStart(in: unit.render()) == unit.execStart)
    }
}

/// `herald service install`, `uninstall` and `status` against a recording `systemctl`.
struct ServiceCommandTests {
    @Test func installWritesTheUnitThenEnablesAndStartsIt() throws {
        let fixture = try ServiceFixture()
        try fixture.install("--port", "7900", "--data-dir", "relative/data", "--desktop", "off")
        let text = try fixture.unitText()
        let dataDirectory = fixture.home.url.appendingPathComponent("relative/data").path
        #expect(text.contains("\nExecStart=\(fixture.executable) serve --port 7900 --host 127.0.0.1 --data-dir \(dataDirectory) --desktop off\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.unitFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(fixture.systemctl.commands == [["daemon-reload"], ["enable", "herald.service"], ["restart", "herald.service"]])
        #expect(fixture.output.text.hasPrefix("Wrote \(fixture.unitFile.path)\n"))
    }

    @Test func theDefaultDataDirectoryIsWrittenOutAbsolute() throws {
        let fixture = try ServiceFixture()
        try fixture.install("--no-enable")
        #expect(try fixture.unitText().contains("--data-dir \(fixture.home.path("data"))/herald --desktop auto\n"))
        #expect(fixture.systemctl.commands.isEmpty)
        #expect(fixture.output.text.contains("systemctl --user enable --now herald.service"))
    }

    @Test func withoutAUserManagerTheUnitIsWrittenButTheErrorSaysHowToEnableIt() throws {
        let fixture = try ServiceFixture(systemctl: .withoutUserManager())
        let error = #expect(throws: SystemIntegrationError.self) { try fixture.install() }
        #expect(error?.code == .userManagerUnavailable)
        #expect(error?.message.contains("Failed to connect to bus") == true)
        #expect(error?.message.contains("systemctl --user enable --now herald.service") == true)
        #expect(ServiceUnit.isWrittenByHerald(try fixture.unitText()))
        #expect(fixture.systemctl.commands == [["daemon-reload"]])
        #expect(CommandLineRunner.exitStatus(for: try #require(error), root: ServiceCommand.self) == 1)
    }

    @Test func aFailedStartIsReported() throws {
        let fixture = try ServiceFixture(systemctl: RecordingSystemctl { arguments in
            arguments.first == "restart"
                ? ProgramOutput(status: 1, errors: "Job for herald.service failed.\n") : ProgramOutput(status: 0)
        })
        let error = #expect(throws: SystemIntegrationError.self) { try fixture.install() }
        #expect(error?.code == .systemctlFailed)
        #expect(error?.message.contains("Job for herald.service failed.") == true)
    }

    @Test func refusesAUnitItDidNotWriteUnlessForced() throws {
        let fixture = try ServiceFixture()
        try FileManager.default.createDirectory(at: fixture.unitFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Service]\nExecStart=/usr/bin/true\n".write(to: fixture.unitFile, atomically: false, encoding: .utf8)
        let error = #expect(throws: SystemIntegrationError.self) { try fixture.install("--no-enable") }
        #expect(error?.code == .unitConflict)
        #expect(try fixture.unitText() == "[Service]\nExecStart=/usr/bin/true\n")
        #expect(throws: SystemIntegrationError.self) { try UserService(context: fixture.context).uninstall() }
        try fixture.install("--no-enable", "--force")
        #expect(ServiceUnit.isWrittenByHerald(try fixture.unitText()))
    }

    @Test func uninstallStopsDisablesRemovesAndReloads() throws {
        let fixture = try ServiceFixture()
        try fixture.install("--no-enable")
        try UserService(context: fixture.context).uninstall()
        #expect(!FileManager.default.fileExists(atPath: fixture.unitFile.path))
        #expect(fixture.systemctl.commands == [["disable", "--now", "herald.service"], ["daemon-reload"]])
        #expect(fixture.warnings.text.isEmpty)
    }

    @Test func uninstallWithoutAUserManagerStillRemovesTheUnitAndItsLink() throws {
        let fixture = try ServiceFixture(systemctl: .withoutUserManager())
        try fixture.install("--no-enable")
        let wants = fixture.unitFile.deletingLastPathComponent().appendingPathComponent("default.target.wants")
        try FileManager.default.createDirectory(at: wants, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: wants.appendingPathComponent("herald.service").path, withDestinationPath: fixture.unitFile.path)
        try UserService(context: fixture.context).uninstall()
        #expect(!FileManager.default.fileExists(atPath: fixture.unitFile.path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: wants.appendingPathComponent("herald.service").path)) == nil)
        #expect(fixture.systemctl.commands == [["disable", "--now", "herald.service"]])
        #expect(fixture.warnings.text.contains("could not stop and disable herald.service (Failed to connect to bus"))
    }

    @Test func uninstallWithNothingInstalledSaysSo() throws {
        let fixture = try ServiceFixture()
        try UserService(context: fixture.context).uninstall()
        #expect(fixture.output.text == "herald.service is not installed (there is no \(fixture.unitFile.path)).\n")
        #expect(fixture.systemctl.commands.isEmpty)
    }

    @Test func statusReportsTheFileAndWhatSystemctlSays() throws {
        let fixture = try ServiceFixture(systemctl: RecordingSystemctl { arguments in
            ProgramOutput(status: arguments.first == "is-active" ? 3 : 0, output: arguments.first == "is-active" ? "inactive\n" : "enabled\n")
        })
        let unit = try ServiceUnit(executable: fixture.executable, port: 7878, host: "h", dataDirectory: "/d", desktop: .auto)
        try ServiceUnitFile(environment: fixture.environment).write(unit.render())
        try ServiceCommand.Status.parse(["--json"]).report(in: fixture.context)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(fixture.output.text.utf8)) as? [String: Any])
        #expect(json["unitFile"] as? String == fixture.unitFile.path)
        #expect(json["installed"] as? Bool == true)
        #expect(json["writtenByHerald"] as? Bool == true)
        #expect(json["enabled"] as? String == "enabled")
        #expect(json["active"] as? String == "inactive")
        #expect((json["execStart"] as? String)?.hasPrefix(fixture.executable + " serve --port 7878") == true)
        #expect(fixture.systemctl.commands == [["is-enabled", "herald.service"], ["is-active", "herald.service"]])
    }

    @Test func statusWithoutAUserManagerSaysWhy() throws {
        let fixture = try ServiceFixture(systemctl: .withoutUserManager())
        let status = try UserService(context: fixture.context).status()
        #expect(status.text == """
            Unit file: \(fixture.unitFile.path) (not installed; herald service install writes it)
            Enabled:   enabled
            Active:    unknown
            systemctl --user: Failed to connect to bus: No medium found

            """)
    }
}

/// The unit checked by systemd itself: `systemd-analyze verify --user`, where it is installed.
@Suite(.enabled(if: SystemdAnalyze.isAvailable), .offThePool)
struct ServiceUnitVerificationTests {
    @Test func theInstalledUnitPassesSystemdAnalyzeVerify() async throws {
        var fixture = try ServiceFixture()
        // A program path with a space and an argument with every character systemd treats specially.
        let programDirectory = fixture.home.url.appendingPathComponent("my apps")
        try FileManager.default.createDirectory(at: programDirectory, withIntermediateDirectories: true)
        fixture.executable = programDirectory.appendingPathComponent("herald").path
        try FileManager.default.createSymbolicLink(atPath: fixture.executable, withDestinationPath: HeraldBinary.url.path)
        try fixture.install("--no-enable", "--data-dir", #"/tmp/it's "100%" \ $HOME; x"#, "--host", "::1")
        let result = try await SystemdAnalyze.verify(fixture.unitFile, home: fixture.home)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test(arguments: [
        ("Type=notify", "Type=notfy"), ("RestartSec=2", "RestartSec=two"), ("[Service]", "[Servce]"),
        ("Restart=on-failure", "Restart"), ("LimitNOFILE=8192", "LimitNOFILE=lots"), (" serve ", " \"serve "), ("ExecStart=/", "ExecStart=/nonexistent/"),
    ])
    func systemdAnalyzeVerifyCatchesABrokenUnit(_ correct: String, _ broken: String) async throws {
        let fixture = try ServiceFixture()
        try fixture.install("--no-enable")
        let text = try fixture.unitText()
        #expect(text.contains(correct))
        try text.replacingOccurrences(of: correct, with: broken).write(to: fixture.unitFile, atomically: false, encoding: .utf8)
        let result = try await SystemdAnalyze.verify(fixture.unitFile, home: fixture.home)
        #expect(result.status != 0 || !result.errors.isEmpty, "systemd-analyze verify accepted \(broken)")
    }
}

/// `systemd-analyze verify --user`, which loads a unit as the user manager would, without one.
enum SystemdAnalyze {
    static let path = "/usr/bin/systemd-analyze"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Verifies `unit` with a runtime directory of its own, so it runs where no user
    /// manager made one (a container, root); the lines that concern other units are left out.
    static func verify(_ unit: URL, home: TemporaryDirectory) async throws -> CommandResult {
        let runtime = home.url.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = home.path("config")
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: path), ["verify", "--user", unit.path], environment: environment)
        let lines = result.errors.split(separator: "\n").filter { $0.contains("herald") || $0.contains(unit.path) }
        return CommandResult(status: result.status, output: "", errors: lines.joined(separator: "\n"))
    }
}
