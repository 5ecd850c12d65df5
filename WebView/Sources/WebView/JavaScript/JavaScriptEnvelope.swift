internal import Foundation

/// The wrapper that makes a script's outcome a JSON envelope: the completion value, or the
/// exception with its line, or the reason the value has no JSON form.
///
/// The script runs through an indirect `eval`, so it behaves as console input does (global
/// scope, `var`s become globals, the completion value of the last statement is the result),
/// and a syntax error is an exception with a line like any other.
enum JavaScriptEnvelope {
    static func wrap(_ script: String) -> String {
        let literal = String(decoding: (try? JSONEncoder().encode(script)) ?? Data("\"\"".utf8), as: UTF8.self)
        return """
        (function () {
            var value;
            try { value = (0, eval)(\(literal)); }
            catch (e) {
                var isError = e instanceof Error;
                return JSON.stringify({ exception: {
                    message: isError ? e.name + ": " + e.message : String(e),
                    line: isError && typeof e.line === "number" ? e.line : null } });
            }
            if (value === undefined) return '{"value":null}';
            var json;
            try { json = JSON.stringify(value); }
            catch (e) { return JSON.stringify({ unsupported: String(e.message) }); }
            if (json === undefined) return JSON.stringify({ unsupported: "a " + typeof value + " has no JSON form" });
            return '{"value":' + json + '}';
        })()
        """
    }

    static func unwrap(_ text: String) throws(WebViewError) -> JSONValue {
        guard case .object(let envelope) = try JSONValue(json: Data(text.utf8)) else {
            throw WebViewError(.javaScriptResultUnsupported, "the script's result could not be read")
        }
        if let value = envelope["value"] { return value }
        if case .object(let exception)? = envelope["exception"] {
            let message = if case .string(let text)? = exception["message"] { text } else { "the script threw" }
            let line = if case .number(let number)? = exception["line"] { Int(number) } else { Int?.none }
            throw WebViewError(.javaScriptException, message, line: line)
        }
        let reason = if case .string(let text)? = envelope["unsupported"] { text } else { "no JSON form" }
        throw WebViewError(.javaScriptResultUnsupported, "the script's result cannot be returned: \(reason)")
    }
}
