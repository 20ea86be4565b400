import FlyingFox
import FlyingSocks
import Foundation

/// Serves a `Studio` to a browser on this machine: the page, its view and its actions, nothing else.
///
/// Safe by default: it listens on 127.0.0.1 only; it answers only requests whose `Host` (and `Origin`, when
/// sent) name this server on a loopback address, so a web page elsewhere cannot reach it by DNS rebinding or a
/// cross-site form; actions must be `application/json`; everything the page sends is read by `Studio.action`.
public struct StudioServer: Sendable {
    public let studio: Studio
    public let port: UInt16

    public init(studio: Studio, port: UInt16) {
        self.studio = studio
        self.port = port
    }

    /// Starts listening and returns the server and the port it listens on (port 0 picks a free one).
    public func start() async throws -> (server: HTTPServer, port: UInt16) {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled)
        let studio = self.studio
        await server.appendRoute("GET /") { request in
            guard let port = await Self.listeningPort(server), Self.isLocal(request, port: port) else { return Self.refused() }
            return Self.response(Data(studioPage.utf8), type: "text/html; charset=utf-8")
        }
        await server.appendRoute("GET /api/view") { request in
            guard let port = await Self.listeningPort(server), Self.isLocal(request, port: port) else { return Self.refused() }
            return Self.response(await studio.view(), type: "application/json")
        }
        await server.appendRoute("POST /api/action") { request in
            guard let port = await Self.listeningPort(server), Self.isLocal(request, port: port) else { return Self.refused() }
            guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
                return HTTPResponse(statusCode: .unsupportedMediaType, headers: [.contentType: "text/plain"], body: Data("actions are JSON\n".utf8))
            }
            let body = try await request.bodyData
            return Self.response(await studio.perform(json: body), type: "application/json")
        }
        Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard let listening = await Self.listeningPort(server) else { throw Studio.LoadError(description: "the server did not start") }
        return (server, listening)
    }

    static func listeningPort(_ server: HTTPServer) async -> UInt16? {
        guard case .ip4(_, let port)? = await server.listeningAddress else { return nil }
        return port
    }

    /// Whether the request names this server on a loopback host: `Host` must be `127.0.0.1:<port>` or
    /// `localhost:<port>`, and an `Origin`, when sent, the same with `http://`.
    static func isLocal(_ request: HTTPRequest, port: UInt16) -> Bool {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers[.host]?.lowercased(), hosts.contains(host) else { return false }
        if let origin = request.headers[HTTPHeader("Origin")]?.lowercased(), !hosts.map({ "http://" + $0 }).contains(origin) {
            return false
        }
        return true
    }

    static func refused() -> HTTPResponse {
        HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain"],
                     body: Data("flowc studio answers only pages it served itself, at 127.0.0.1 or localhost\n".utf8))
    }

    static func response(_ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [
            .contentType: type,
            .cacheControl: "no-store",
            HTTPHeader("X-Content-Type-Options"): "nosniff",
            HTTPHeader("Referrer-Policy"): "no-referrer",
            // Nothing is loaded from anywhere else: no CDN, no fonts, no images from the network.
            HTTPHeader("Content-Security-Policy"): "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ], body: body)
    }
}
