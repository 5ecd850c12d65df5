/// A command line that asks for something impossible, found before any call to
/// the daemon: the commands report it as a usage error (exit status 2).
package struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for a person to read.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
