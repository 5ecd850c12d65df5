import Foundation
import HeraldTestSupport
import Testing

/// Keeps `docs/apple-api.md` true: it lists every symbol of Apple's notification
/// API with its state in Herald, and Herald's own additions. This test reads the
/// symbol graphs of the built `UserNotifications`, `LegacyNotifications` and
/// `CoreLocation` modules (with `swift-symbolgraph-extract`) and compares.
@Suite("docs/apple-api.md matches Herald's public symbols", .offThePool)
struct APISurfaceTests {
    @Test("Rows marked present exist, rows marked missing do not, every public symbol is listed")
    func surface() async throws {
        let document = try APIDocument(contentsOf: Self.root.appendingPathComponent("docs/apple-api.md"))
        let symbols = try await Self.publicSymbols(of: ["UserNotifications", "LegacyNotifications", "CoreLocation"])
        #expect(symbols.count > 300, "the symbol graphs were read")

        let notPresent = document.apple.filter { $0.value == "present" && !symbols.contains($0.key) }.keys.sorted()
        #expect(notPresent.isEmpty, "marked present but not in Herald: \(notPresent)")
        let nowPresent = document.apple.filter { $0.value == "missing" && symbols.contains($0.key) }.keys.sorted()
        #expect(nowPresent.isEmpty, "marked missing but Herald has them (mark them present): \(nowPresent)")
        let unexplained = document.apple.filter { $0.value.hasPrefix("left out") && $0.value.count < 12 }.keys.sorted()
        #expect(unexplained.isEmpty, "left out without a reason: \(unexplained)")
        let badStates = document.apple.filter {
            $0.value != "present" && $0.value != "missing" && !$0.value.hasPrefix("left out: ")
        }.keys.sorted()
        #expect(badStates.isEmpty, "rows whose state is not present, missing or left out: \(badStates)")

        let unlisted = symbols.filter { symbol in
            document.apple[symbol] == nil && !document.additions.contains(symbol) && !Self.isConformanceMember(symbol)
        }.sorted()
        #expect(unlisted.isEmpty, "public symbols neither Apple's rows nor Herald additions: \(unlisted)")
        let stale = document.additions.filter { !symbols.contains($0) }.sorted()
        #expect(stale.isEmpty, "Herald additions that no longer exist: \(stale)")
    }

    /// Members that only satisfy a standard protocol.
    static func isConformanceMember(_ symbol: String) -> Bool {
        let member = symbol.split(separator: ".").last.map(String.init) ?? symbol
        return [
            "==(_:_:)", "hash(into:)", "hash", "isEqual(_:)", "rawValue", "description", "errorCode",
            "errorDescription", "errorUserInfo", "copy(with:)", "mutableCopy(with:)", "encode(with:)", "init(coder:)",
            "supportsSecureCoding",
        ].contains(member)
    }

    /// The package's root directory.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Every public symbol of the modules, as a dotted path such as
    /// `UNUserNotificationCenter.add(_:withCompletionHandler:)`.
    static func publicSymbols(of modules: [String]) async throws -> Set<String> {
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modulesDirectory = buildDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modulesDirectory.path) else {
            throw SurfaceError("no built modules at \(modulesDirectory.path)")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("herald-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var symbols = Set<String>()
        for module in modules {
            var arguments = [
                "-module-name", module, "-I", modulesDirectory.path, "-target", "x86_64-unknown-linux-gnu",
                "-output-dir", output.path, "-minimum-access-level", "public", "-skip-synthesized-members",
            ]
            for map in moduleMaps() {
                arguments += ["-Xcc", "-fmodule-map-file=\(map)"]
            }
            try await run(try tool("swift-symbolgraph-extract"), arguments)
        }
        // One graph per module, and one per module whose types it extends (`UserNotifications@Foundation`).
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            symbols.formUnion(graph.symbols.map { $0.pathComponents.joined(separator: ".") })
        }
        return symbols
    }

    /// The C module maps the modules' dependencies need (GRDB's SQLite).
    static func moduleMaps() -> [String] {
        let checkouts = root.appendingPathComponent(".build/checkouts")
        let found = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
        return found.map { checkouts.appendingPathComponent($0).appendingPathComponent("Sources/GRDBSQLite/module.modulemap").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    static func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + ["/opt/swift/usr/bin/\(name)", "/usr/bin/\(name)"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw SurfaceError("\(name) is not on the PATH; it comes with the Swift toolchain")
        }
        return found
    }

    static func run(_ executable: String, _ arguments: [String]) async throws {
        let result = try await ChildProcess.run(URL(fileURLWithPath: executable), arguments)
        guard result.status == 0 else {
            throw SurfaceError("\(executable) failed: \(result.errors)")
        }
    }
}

/// The two kinds of rows of `docs/apple-api.md`: Apple's symbols with their
/// state in Herald, and Herald's additions.
struct APIDocument {
    var apple: [String: String] = [:]
    var additions: Set<String> = []

    init(contentsOf url: URL) throws {
        var section = ""
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let symbol = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            if section == "Herald additions" {
                additions.insert(symbol)
            } else if cells.count >= 6 {
                apple[symbol] = cells[4]
            }
        }
    }
}

struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        var pathComponents: [String]
    }

    var symbols: [Symbol]
}

struct SurfaceError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
