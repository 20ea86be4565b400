/// The parsed files of one app: its root file first, then the files it includes, in include order.
public struct AppSourcesSyntax: Sendable {
    public var root: FlowFileSyntax
    public var parts: [FlowFileSyntax]

    public init(root: FlowFileSyntax, parts: [FlowFileSyntax]) {
        self.root = root
        self.parts = parts
    }

    public var files: [FlowFileSyntax] { [root] + parts }
}
