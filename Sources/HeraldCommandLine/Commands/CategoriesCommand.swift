public import ArgumentParser
import HeraldAPI
import HeraldClient

/// `herald categories`: an app's categories.
public struct CategoriesCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "categories", abstract: "Set or list an app's notification categories.",
        subcommands: [Set.self, List.self], defaultSubcommand: List.self)

    public init() {}

    /// `herald categories set`.
    public struct Set: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Replace an app's categories with those of a JSON file.",
            discussion: #"The file holds {"categories": [...]} or a bare array of categories, as the API's PUT /v1/apps/{app}/categories takes."#)
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Option(help: "The app.") package var app: String
        @Option(help: "The JSON file of categories.") package var file: String

        public init() {}

        public func validate() throws {
            _ = try validating { () throws(CommandLineError) in try InputFiles.categories(fromFile: file) }
        }

        public func run() async throws {
            let categories = try validating { () throws(CommandLineError) in try InputFiles.categories(fromFile: file) }
            let set = try await connection.client().setCategories(categories, for: app)
            try output.print(API.CategoryList(categories: set)) { Listings.categories(set, app: app) }
        }
    }

    /// `herald categories list`.
    public struct List: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "List an app's categories.")
        @OptionGroup package var connection: ConnectionOptions
        @OptionGroup package var output: OutputOptions
        @Option(help: "The app.") package var app: String

        public init() {}

        public func run() async throws {
            let categories = try await connection.client().categories(for: app)
            try output.print(API.CategoryList(categories: categories)) { Listings.categories(categories, app: app) }
        }
    }
}
