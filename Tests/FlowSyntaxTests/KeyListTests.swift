import FlowTestSupport
import Foundation
import Testing

/// Every key the published schema accepts is listed in docs/keys.md with what it does (behaviour, evidence,
/// shown, or description only), so no key is accepted and silently ignored.
@Suite struct KeyListTests {
    /// Property names anywhere in the schema.
    static func schemaKeys() throws -> Set<String> {
        let data = try Data(contentsOf: packageRoot().appendingPathComponent("docs/flow.schema.json"))
        var keys = Set<String>()
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    keys.formUnion(properties.keys)
                    properties.values.forEach(walk)
                }
                for (name, value) in object where name != "properties" { walk(value) }
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data))
        return keys
    }

    /// The first column of the table in docs/keys.md, with each row's kind.
    static func documentedKeys() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot().appendingPathComponent("docs/keys.md"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
        }
        return rows
    }

    @Test func everySchemaKeyIsDocumentedWithWhatItDoes() throws {
        let schema = try Self.schemaKeys()
        let documented = try Self.documentedKeys()
        #expect(schema.count > 100)
        let missing = schema.subtracting(documented.keys).sorted()
        let stale = Set(documented.keys).subtracting(schema).sorted()
        #expect(missing.isEmpty, "keys the schema accepts without a line in docs/keys.md: \(missing)")
        #expect(stale.isEmpty, "docs/keys.md lists keys the schema does not accept: \(stale)")
        let kinds: Set<String> = ["behaviour", "evidence", "shown", "description only", "behaviour / evidence", "behaviour / shown"]
        for (key, kind) in documented.sorted(by: { $0.key < $1.key }) {
            #expect(kinds.contains(kind), "'\(key)' has no known kind: '\(kind)'")
        }
    }
}
